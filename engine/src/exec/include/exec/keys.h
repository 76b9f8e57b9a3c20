// Primary-key and index-key extraction with DynamoDB's validation messages.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/schema.h"
#include "ddblab/requests.h"

namespace ddblab {

// Encoded primary key of one item and its partition hash.
struct KeyBytes {
  std::string pk, sk;
  uint32_t h = 0;
};

// From a `Key` map (GetItem, DeleteItem, UpdateItem, batches): exactly the table's key attributes
// with the declared types, else "The provided key element does not match the schema".
Result<KeyBytes> KeyFromKeyMap(const TableSchema& t, const Key& key);

// From a whole item (PutItem): "Missing the key pk in the item", "Type mismatch for key ...",
// empty key values, key size limits.
Result<KeyBytes> KeyFromItem(const TableSchema& t, const Item& item);

// An item's entry in one secondary index.
struct IndexEntry {
  std::string ipk, isk;
  uint32_t h = 0;
  Item projected;  // base keys + index keys + projected attributes
  int64_t size = 0;
};

// The item's entry in `index`, or nullopt when it lacks an index key attribute (sparse index).
// A present key attribute of the wrong type or an empty value rejects the write; `for_update`
// selects UpdateItem's wording of the empty-value message.
Result<std::optional<IndexEntry>> IndexEntryOf(const TableSchema& t, const IndexSchema& index,
                                               const Item& item, bool for_update);

// Applies an index projection to an item.
Item ProjectForIndex(const TableSchema& t, const IndexSchema& index, const Item& item);

// Validates key-value sizes: DynamoDB's 2048-byte partition-key and 1024-byte sort-key limits.
Status CheckKeySizes(const AttributeValue* hash, const AttributeValue* range);
// The same limits for a key of several attributes, on the sum of the parts' sizes.
Status CheckKeyPartSizes(const std::vector<const AttributeValue*>& hash,
                         const std::vector<const AttributeValue*>& range);

}  // namespace ddblab
