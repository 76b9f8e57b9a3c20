// Finding the items in a response, shared by the table and line renderers.
#pragma once

#include <string>
#include <vector>

#include "ddblab/wire.h"
#include "shell/render/render.h"

namespace ddblab::shell {

// A run of items from one table or index, with the key names to show first.
struct ItemSet {
  std::string title;  // empty for a single plain read; "Attributes", a table name, ...
  std::string table;
  std::string index;
  std::vector<wire::Json> items;
};

// The item-bearing parts of a response or aws-CLI output: Items, Item, Attributes, Responses.
std::vector<ItemSet> FindItemSets(const StatementResult& r);

// True when the output has any of the fields FindItemSets reads.
bool HasItemFields(const wire::Json& output);

// Column order: the key names present in any item, then the other attributes sorted by name.
std::vector<std::string> ColumnOrder(const std::vector<wire::Json>& items,
                                     const std::vector<std::string>& key_names);

// Items reordered so each item collection (same value of the first key column) is contiguous,
// keeping first-appearance order of collections and the original order inside each.
std::vector<wire::Json> GroupByCollection(const std::vector<wire::Json>& items,
                                          const std::string& first_key);
// The same for a partition key of several attributes (a GSI's multi-attribute key): a
// collection is one tuple of their values.
std::vector<wire::Json> GroupByCollection(const std::vector<wire::Json>& items,
                                          const std::vector<std::string>& hash_keys);
// The text that identifies an item's collection: its partition-key values.
std::string CollectionOf(const wire::Json& item, const std::vector<std::string>& hash_keys);

}  // namespace ddblab::shell
