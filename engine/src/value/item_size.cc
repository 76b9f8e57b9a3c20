// DynamoDB's item-size formula, the basis of capacity units and the 400 KB limit.
#include "ddblab/value.h"

namespace ddblab {

// DynamoDB: CapacityUnitCalculations — names count their UTF-8 bytes; L and M carry 3 bytes of
// overhead plus 1 per element; sets are the sum of their members.
size_t ValueSizeBytes(const AttributeValue& v) {
  switch (v.type) {
    case AttrType::kS:
    case AttrType::kB:
      return v.str().size();
    case AttrType::kN:
      return v.num().ItemSizeBytes();
    case AttrType::kBool:
    case AttrType::kNull:
      return 1;
    case AttrType::kL: {
      size_t total = 3;
      for (const AttributeValue& e : v.list()) total += 1 + ValueSizeBytes(e);
      return total;
    }
    case AttrType::kM: {
      size_t total = 3;
      for (const auto& [name, value] : v.map()) total += 1 + name.size() + ValueSizeBytes(value);
      return total;
    }
    case AttrType::kSS:
    case AttrType::kBS: {
      size_t total = 0;
      for (const std::string& s : v.str_set()) total += s.size();
      return total;
    }
    case AttrType::kNS: {
      size_t total = 0;
      for (const Decimal& d : v.num_set()) total += d.ItemSizeBytes();
      return total;
    }
  }
  return 0;
}

size_t ItemSizeBytes(const Item& item) {
  size_t total = 0;
  for (const auto& [name, value] : item) total += name.size() + ValueSizeBytes(value);
  return total;
}

}  // namespace ddblab
