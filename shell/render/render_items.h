// Finding the items in a typed result, shared by the table and line renderers.
#pragma once

#include <string>
#include <vector>

#include "ddblab/call.h"
#include "shell/render/render.h"

namespace ddblab::shell {

// A run of items from one table or index, with the key names to show first. The items belong
// to the StatementResult they were found in.
struct ItemSet {
  std::string title;  // empty for a single plain read; "Attributes", a table name, ...
  std::string table;
  std::string index;
  std::vector<const Item*> items;
};

// The item-bearing parts of a response: a read's items or item, a write's returned attributes,
// a batch's or transaction's responses. Empty when the response has none of them.
std::vector<ItemSet> FindItemSets(const StatementResult& r);

// True when the response is of a kind that carries items (even none).
bool HasItemFields(const StatementResult& r);

// Column order: the key names present in any item, then the other attributes sorted by name.
std::vector<std::string> ColumnOrder(const std::vector<const Item*>& items,
                                     const std::vector<std::string>& key_names);

// Items reordered so each item collection (one tuple of partition-key values: one column, or a
// GSI's several) is contiguous, keeping first-appearance order of collections and the original
// order inside each.
std::vector<const Item*> GroupByCollection(const std::vector<const Item*>& items,
                                           const std::vector<std::string>& hash_keys);
// The text that identifies an item's collection: its partition-key values.
std::string CollectionOf(const Item& item, const std::vector<std::string>& hash_keys);

}  // namespace ddblab::shell
