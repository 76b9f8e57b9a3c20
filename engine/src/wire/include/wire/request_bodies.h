// What the request encoders (request_bodies_*.cc, the remote client's half of codec.h) share:
// the expression members and condition members that item, transaction and batch requests all
// carry, written once so each request shape encodes them the same way. Internal to the wire module.
#pragma once

#include <string>
#include <vector>

#include "ddblab/requests.h"
#include "ddblab/wire.h"

namespace ddblab::wire::internal {

// ExpressionAttributeNames: {"#p": "name", ...}.
inline Json NamesToJson(const ExpressionAttributeNames& names) {
  Json j = ObjectWithRoom(names.size());
  for (const auto& [placeholder, name] : names) AppendMember(j, placeholder, name);
  return j;
}

// ExpressionAttributeValues: {":v": {"S": "x"}, ...}.
inline Json ValuesToJson(const ExpressionAttributeValues& values) {
  Json j = ObjectWithRoom(values.size());
  for (const auto& [placeholder, value] : values) {
    AppendMember(j, placeholder, ValueToJson(value));
  }
  return j;
}

// A list of AttributeValues (PartiQL Parameters, a legacy AttributeValueList).
inline Json ValueListToJson(const std::vector<AttributeValue>& values) {
  Json j = Json::array();
  for (const AttributeValue& v : values) j.push_back(ValueToJson(v));
  return j;
}

// A list of strings (AttributesToGet, NonKeyAttributes, TagKeys).
inline Json StringListToJson(const std::vector<std::string>& strings) {
  Json j = Json::array();
  for (const std::string& s : strings) j.push_back(s);
  return j;
}

// The members every conditional write carries (PutItem, UpdateItem, DeleteItem and each
// TransactWriteItems action), appended to the request or action object `j` when set.
inline void AppendConditionalWrite(Json& j, const ConditionalWrite& w) {
  if (w.condition_expression) j["ConditionExpression"] = *w.condition_expression;
  if (w.expression_attribute_names) {
    j["ExpressionAttributeNames"] = NamesToJson(*w.expression_attribute_names);
  }
  if (w.expression_attribute_values) {
    j["ExpressionAttributeValues"] = ValuesToJson(*w.expression_attribute_values);
  }
  if (w.return_values_on_condition_check_failure) {
    j["ReturnValuesOnConditionCheckFailure"] = *w.return_values_on_condition_check_failure;
  }
}

}  // namespace ddblab::wire::internal
