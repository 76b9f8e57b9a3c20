// Legacy request members -> request structs (see legacy_json.h).
#include "wire/legacy_json.h"

#include <string>

namespace ddblab::wire::internal {
namespace {

std::optional<AttributeValue> OneValue(Decoder& d, const Json& obj, std::string_view name) {
  auto it = obj.find(std::string(name));
  if (it == obj.end() || it->is_null() || d.failed()) return std::nullopt;
  Result<AttributeValue> v = ValueFromJson(*it);
  if (!v.ok()) {
    d.ValueProblem(v.error());
    return std::nullopt;
  }
  return std::move(v).value();
}

}  // namespace

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

std::optional<ExpectedAttributes> ExpectedMember(Decoder& d, const Json& obj) {
  const Json* map =
      d.Map(obj, "Expected", "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue");
  if (map == nullptr) return std::nullopt;
  ExpectedAttributes out;
  for (auto it = map->begin(); it != map->end(); ++it) {
    if (!d.StructElement(it.value(), "ExpectedAttributeValue")) continue;
    ExpectedAttributeValue e;
    e.value = OneValue(d, it.value(), "Value");
    e.exists = d.Bool(it.value(), "Exists");
    e.comparison_operator = d.String(it.value(), "ComparisonOperator");
    e.attribute_value_list = d.ValueList(it.value(), "AttributeValueList");
    out[it.key()] = std::move(e);
  }
  return out;
}

std::optional<AttributeUpdates> AttributeUpdatesMember(Decoder& d, const Json& obj) {
  const Json* map =
      d.Map(obj, "AttributeUpdates", "com.amazonaws.dynamodb.v20120810.AttributeValueUpdate");
  if (map == nullptr) return std::nullopt;
  AttributeUpdates out;
  for (auto it = map->begin(); it != map->end(); ++it) {
    if (!d.StructElement(it.value(), "AttributeValueUpdate")) continue;
    AttributeValueUpdate u;
    u.value = OneValue(d, it.value(), "Value");
    u.action = d.String(it.value(), "Action");
    out[it.key()] = std::move(u);
  }
  return out;
}

}  // namespace ddblab::wire::internal
