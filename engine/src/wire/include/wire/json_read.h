// Reading DynamoDB request bodies: typed access to JSON members with DynamoDB's
// SerializationException texts for wrong JSON types, and the constraint message for missing
// required members. Internal to the wire module.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/constraint_errors.h"
#include "ddblab/wire.h"
#include "exec/request_checks.h"

namespace ddblab::wire::internal {

// DynamoDB's SerializationException text for `j` found where a value of `java_type` ("String",
// "Boolean", "Integer", "Long") was expected; empty when `j` has that type.
std::string ScalarTypeProblem(const Json& j, std::string_view java_type);

// Shape check of one AttributeValue (as found inside a map or list): SerializationException
// text, or empty when the JSON types are right. Does not check value rules.
std::string AttributeValueShapeProblem(const Json& j, int depth = 1);

// Converts a shape-checked AttributeValue; envelope and number errors are ValidationException.
// Does not run ValidateValue (callers validate the whole value once).
Result<AttributeValue> ConvertAttributeValue(const Json& j, int depth = 1);

// A request body must be a JSON object.
Status CheckRequestBody(const Json& j);

// Reads one request body. Problems are recorded, not returned, so reading continues and the
// error DynamoDB would report first wins: a SerializationException anywhere in the body, then
// constraint violations such as missing required members (one message listing up to 10), then
// the first value ValidationException.
class Decoder {
 public:
  // Whether a SerializationException has been recorded (later reads are then skipped).
  bool failed() const { return serialization_.has_value(); }
  void SerializationProblem(std::string message);
  void ValueProblem(const Error& e);
  // Records that the required member at `path` (lowerCamelCase, e.g. "keySchema.1.member.keyType")
  // is null.
  void Missing(std::string path);
  // Records that the required top-level member `path` is absent from a request whose member
  // constraints CheckMembers knows ("key", "item", "tableName"): FinishRequest reports it in
  // its place among the request's other member violations.
  void Absent(std::string path);
  // Records that the member at `path`, whose value reads `value` in the message ("null",
  // "'abc'"), breaks a constraint of the service model: `rule` is DynamoDB's text for it
  // ("Member must have length less than or equal to 1024"). Reported together with the missing
  // members, in the order found.
  void Violation(std::string value, const std::string& path, std::string_view rule);
  // Records the violations `found` (catalog::CheckConstraint's), after those recorded before.
  void Violations(const catalog::ConstraintErrors& found) { violations_.Append(found); }
  // Puts the violations recorded in DynamoDB's order for the request (ConstraintErrors::OrderBy).
  void OrderViolations(std::string_view order) { violations_.OrderBy(order); }
  void ValidationProblem(std::string message);
  // The error to report, if any.
  Status Finish() const;
  // Finish for a request CheckMembers knows. With a required member absent the request cannot
  // run, so its member violations are reported here, the absent members in their places in
  // DynamoDB's member order, followed by those this reader found; otherwise the engine checks
  // the same members when the request runs (one report whichever door the request came in by).
  template <HasMemberChecks Req>
  Status FinishRequest(const Req& r) {
    if (!failed() && !absent_.empty()) {
      catalog::ConstraintErrors members;
      CheckMembers(r, absent_, &members);
      members.Append(violations_);
      violations_ = std::move(members);
    }
    return Finish();
  }

  // Members of `obj`; an absent or null member gives nullopt (or nullptr).
  std::optional<std::string> String(const Json& obj, std::string_view name);
  std::string RequiredString(const Json& obj, std::string_view name, const std::string& path);
  std::optional<bool> Bool(const Json& obj, std::string_view name);
  std::optional<int64_t> Integer(const Json& obj, std::string_view name,
                                 std::string_view java_type = "Integer");
  // A structure member (Projection, ProvisionedThroughput, ...), named by its shape for messages.
  const Json* Struct(const Json& obj, std::string_view name, std::string_view shape);
  // A list member; nullptr when absent or ill-typed.
  const Json* List(const Json& obj, std::string_view name);
  // A map member whose values are `value_class` (Java class name used in DynamoDB's message).
  const Json* Map(const Json& obj, std::string_view name, std::string_view value_class);
  // An element of a list or map that must be a structure of shape `shape`.
  bool StructElement(const Json& elem, std::string_view shape);

  std::optional<std::vector<std::string>> StringList(const Json& obj, std::string_view name);
  std::optional<std::map<std::string, std::string>> StringMap(const Json& obj,
                                                              std::string_view name);
  // Map of AttributeValues validated as an item (Item, Key, ExclusiveStartKey, ...).
  std::optional<Item> ItemMember(const Json& obj, std::string_view name);
  // Same, for an element already extracted (e.g. one key of BatchGetItem's Keys).
  std::optional<Item> ItemValue(const Json& j);
  // One AttributeValue member (the legacy conditions' Value); a value rule it breaks is recorded.
  std::optional<AttributeValue> Value(const Json& obj, std::string_view name);
  std::optional<std::map<std::string, AttributeValue>> ValueMap(const Json& obj,
                                                                std::string_view name);
  std::optional<std::vector<AttributeValue>> ValueList(const Json& obj, std::string_view name);
  // For read shapes whose only expression (ProjectionExpression) takes no values: GetItem,
  // BatchGetItem's KeysAndAttributes and TransactGetItems' Get. A present
  // ExpressionAttributeValues member is refused rather than ignored, with DynamoDB's message
  // for values given where no expression can use them.
  void RefuseValuesWithoutExpressions(const Json& obj);

 private:
  const Json* Member(const Json& obj, std::string_view name);

  std::optional<std::string> serialization_;
  catalog::ConstraintErrors violations_;
  AbsentMembers absent_;
  std::optional<Error> validation_;
};

}  // namespace ddblab::wire::internal
