#include "exec/keys.h"

#include "storage/storage.h"
#include "value/key_tuple.h"

namespace ddblab {
namespace {

constexpr char kKeyMismatch[] = "The provided key element does not match the schema";

size_t KeyValueSize(const AttributeValue& v) { return ValueSizeBytes(v); }

bool IsEmptyKeyValue(const AttributeValue& v) {
  return (v.type == AttrType::kS || v.type == AttrType::kB) && v.str().empty();
}

Error EmptyKeyError(const AttributeValue& v, const std::string& name) {
  // DynamoDB: "are not valid" here, unlike the "were invalid" messages.
  return ValidationError(
      std::string("One or more parameter values are not valid. The "
                  "AttributeValue for a key attribute cannot contain an empty ") +
      (v.type == AttrType::kB ? "binary" : "string") + " value. Key: " + name);
}

// The missing space in "limit of2048" is DynamoDB's own text.
Error HashKeyTooLarge() {
  return ValidationError(
      "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size "
      "limit of2048 bytes");
}

Error RangeKeysTooLarge() {
  return ValidationError(
      "One or more parameter values were invalid: Aggregated size of all range keys has exceeded "
      "the size limit of 1024 bytes");
}

}  // namespace

Status CheckKeySizes(const AttributeValue* hash, const AttributeValue* range) {
  // DynamoDB (ServiceQuotas): partition key values up to 2048 bytes, sort key values up to 1024.
  if (hash && KeyValueSize(*hash) > 2048) return HashKeyTooLarge();
  if (range && KeyValueSize(*range) > 1024) return RangeKeysTooLarge();
  return OkStatus();
}

Status CheckKeyPartSizes(const std::vector<const AttributeValue*>& hash,
                         const std::vector<const AttributeValue*>& range) {
  // A multi-attribute key is limited on the sum of its parts' sizes: DynamoDB's sort-key message
  // speaks of the "aggregated size of all range keys"; the partition key is taken alike.
  size_t hash_bytes = 0, range_bytes = 0;
  for (const AttributeValue* v : hash) hash_bytes += KeyValueSize(*v);
  for (const AttributeValue* v : range) range_bytes += KeyValueSize(*v);
  if (hash_bytes > 2048) return HashKeyTooLarge();
  if (range_bytes > 1024) return RangeKeysTooLarge();
  return OkStatus();
}

Result<KeyBytes> KeyFromKeyMap(const TableSchema& t, const Key& key) {
  size_t expected = t.range ? 2 : 1;
  if (key.size() != expected) return ValidationError(kKeyMismatch);
  auto h = key.find(t.hash.name);
  if (h == key.end() || h->second.type != t.hash.type) return ValidationError(kKeyMismatch);
  const AttributeValue* range = nullptr;
  if (t.range) {
    auto r = key.find(t.range->name);
    if (r == key.end() || r->second.type != t.range->type) return ValidationError(kKeyMismatch);
    range = &r->second;
  }
  if (IsEmptyKeyValue(h->second)) return EmptyKeyError(h->second, t.hash.name);
  if (range && IsEmptyKeyValue(*range)) return EmptyKeyError(*range, t.range->name);
  DDB_TRY(CheckKeySizes(&h->second, range));
  KeyBytes kb;
  kb.pk = EncodeKeyValue(h->second);
  if (range) kb.sk = EncodeKeyValue(*range);
  kb.h = PartitionHash(kb.pk);
  return kb;
}

Result<KeyBytes> KeyFromItem(const TableSchema& t, const Item& item) {
  auto check = [&](const KeyDef& def) -> Result<const AttributeValue*> {
    auto it = item.find(def.name);
    if (it == item.end()) {
      return ValidationError("One or more parameter values were invalid: Missing the key " +
                             def.name + " in the item");
    }
    if (it->second.type != def.type) {
      return ValidationError("One or more parameter values were invalid: Type mismatch for key " +
                             def.name + " expected: " + std::string(AttrTypeName(def.type)) +
                             " actual: " + std::string(AttrTypeName(it->second.type)));
    }
    if (IsEmptyKeyValue(it->second)) return EmptyKeyError(it->second, def.name);
    return &it->second;
  };
  DDB_ASSIGN_OR_RETURN(const AttributeValue* hash, check(t.hash));
  const AttributeValue* range = nullptr;
  if (t.range) {
    DDB_ASSIGN_OR_RETURN(range, check(*t.range));
  }
  DDB_TRY(CheckKeySizes(hash, range));
  KeyBytes kb;
  kb.pk = EncodeKeyValue(*hash);
  if (range) kb.sk = EncodeKeyValue(*range);
  kb.h = PartitionHash(kb.pk);
  return kb;
}

Item ProjectForIndex(const TableSchema& t, const IndexSchema& index, const Item& item) {
  if (index.projection_type == "ALL") return item;
  Item out;
  for (const auto& [name, value] : item) {
    if (index.Projects(name, t)) out.emplace(name, value);
  }
  return out;
}

Result<std::optional<IndexEntry>> IndexEntryOf(const TableSchema& t, const IndexSchema& index,
                                               const Item& item, bool for_update) {
  auto get = [&](const KeyDef& def) -> Result<const AttributeValue*> {
    auto it = item.find(def.name);
    if (it == item.end()) return static_cast<const AttributeValue*>(nullptr);
    if (it->second.type != def.type) {
      return ValidationError(
          "One or more parameter values were invalid: Type mismatch for Index Key " + def.name +
          " Expected: " + std::string(AttrTypeName(def.type)) +
          " Actual: " + std::string(AttrTypeName(it->second.type)) + " IndexName: " + index.name);
    }
    if (IsEmptyKeyValue(it->second)) {
      const char* what = it->second.type == AttrType::kB ? "binary" : "string";
      if (for_update) {
        return ValidationError(
            std::string("One or more parameter values are not valid. The update expression "
                        "attempted to update a secondary index key to a value that is not "
                        "supported. The AttributeValue for a key attribute cannot contain an "
                        "empty ") +
            what + " value.");
      }
      return ValidationError(
          std::string("One or more parameter values are not valid. A value specified for a "
                      "secondary index key is not supported. The AttributeValue for a key "
                      "attribute cannot contain an empty ") +
          what + " value. IndexName: " + index.name + ", IndexKey: " + def.name);
    }
    return &it->second;
  };
  // Every key attribute is checked first, so a wrong-typed one rejects the write even when
  // another is missing.
  std::vector<const AttributeValue*> hash, range;
  bool complete = true;
  for (const KeyDef& k : index.hash_keys) {
    DDB_ASSIGN_OR_RETURN(const AttributeValue* v, get(k));
    complete = complete && v != nullptr;
    hash.push_back(v);
  }
  for (const KeyDef& k : index.range_keys) {
    DDB_ASSIGN_OR_RETURN(const AttributeValue* v, get(k));
    complete = complete && v != nullptr;
    range.push_back(v);
  }
  // Each index key attribute is held to the table's key limits (2048 bytes for a partition key,
  // 1024 for a sort key), refused with the index's own message, like a wrong type even when
  // another key attribute is missing; a multi-attribute key is also held to them in sum.
  auto part_limit = [&](const std::vector<KeyDef>& defs,
                        const std::vector<const AttributeValue*>& values, size_t max) -> Status {
    for (size_t i = 0; i < defs.size(); ++i) {
      if (values[i] == nullptr) continue;
      const size_t bytes = KeyValueSize(*values[i]);
      if (bytes > max) {
        return ValidationError(
            "One or more parameter values were invalid: Size limit exceeded for Index Key " +
            defs[i].name + " Actual Size: " + std::to_string(bytes) +
            " bytes Max Size: " + std::to_string(max) + " bytes IndexName: " + index.name);
      }
    }
    return OkStatus();
  };
  DDB_TRY(part_limit(index.hash_keys, hash, 2048));
  DDB_TRY(part_limit(index.range_keys, range, 1024));
  // DynamoDB: an item is in the index only when it has every key attribute of the index.
  if (!complete) return std::optional<IndexEntry>();
  DDB_TRY(CheckKeyPartSizes(hash, range));
  IndexEntry e;
  e.ipk = EncodeKeyTuple(hash);
  if (!range.empty()) e.isk = EncodeKeyTuple(range);
  e.h = PartitionHash(e.ipk);
  e.projected = ProjectForIndex(t, index, item);
  e.size = static_cast<int64_t>(ItemSizeBytes(e.projected));
  return std::optional<IndexEntry>(std::move(e));
}

}  // namespace ddblab
