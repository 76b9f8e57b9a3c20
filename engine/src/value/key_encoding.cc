// Memcmp-ordered key encoding used for the SQLite key columns.
#include "ddblab/value.h"

namespace ddblab {

std::string EncodeKeyValue(const AttributeValue& v) {
  switch (v.type) {
    case AttrType::kS:
    case AttrType::kB:
      // Raw bytes already sort as DynamoDB sorts S and B, and keep begins_with a byte prefix.
      return v.str();
    case AttrType::kN:
      return v.num().EncodeOrdered();
    default:
      // Only S, N and B can be key attributes; schema validation keeps other types away.
      return std::string();
  }
}

}  // namespace ddblab
