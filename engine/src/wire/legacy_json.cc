// Legacy request members -> request structs (see legacy_json.h).
#include "wire/legacy_json.h"

#include <string>

#include "wire/model_codec.h"

namespace ddblab::wire::internal {

std::optional<Conditions> ConditionsMember(Decoder& d, const Json& obj, std::string_view name) {
  const Json* map = d.Map(obj, name, "com.amazonaws.dynamodb.v20120810.Condition");
  if (map == nullptr) return std::nullopt;
  Conditions out;
  for (auto it = map->begin(); it != map->end(); ++it) {
    if (!d.StructElement(it.value(), "Condition")) continue;
    Condition c;
    c.comparison_operator = d.String(it.value(), "ComparisonOperator");
    c.attribute_value_list = d.ValueList(it.value(), "AttributeValueList");
    out[it.key()] = std::move(c);
  }
  return out;
}

}  // namespace ddblab::wire::internal
