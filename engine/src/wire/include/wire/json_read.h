// Reading DynamoDB request bodies, as a document or as the tape of their text (json_tape.h):
// typed access to JSON members with DynamoDB's SerializationException texts for wrong JSON types,
// and the constraint message for missing required members. Internal to the wire module.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "catalog/constraint_errors.h"
#include "ddblab/wire.h"
#include "exec/request_checks.h"
#include "wire/json_tape.h"

namespace ddblab::wire::internal {

// Every reader below is written once for the two forms a body comes in: the document model
// (Json: a body an in-process caller built, or a hand-written operation's) and the tape the text
// was read onto (TapeValue: serve's bodies). Each is instantiated for both (json_read.cc,
// attribute_json.cc).
template <typename Doc>
concept Document = std::is_same_v<Doc, Json> || std::is_same_v<Doc, TapeValue>;

// A string value's text.
inline std::string_view TextOf(const Json& j) { return j.get_ref<const std::string&>(); }
inline std::string_view TextOf(const TapeValue& v) { return v.str(); }

// The document of one value of a tape (what ParseJson gives for its text).
Json DocumentOf(const TapeValue& v);

// Attribute values nested deeper than this are refused as they are converted (DynamoDB's limit is
// 32), and no reader descends further, whatever a request holds.
inline constexpr int kMaxValueDepth = 40;

// DynamoDB's SerializationException text for `j` found where a value of `java_type` ("String",
// "Boolean", "Integer", "Long") was expected; empty when `j` has that type.
template <Document Doc>
std::string ScalarTypeProblem(const Doc& j, std::string_view java_type);

// Shape check of one AttributeValue (as found inside a map or list): SerializationException
// text, or empty when the JSON types are right. Does not check value rules.
template <Document Doc>
std::string AttributeValueShapeProblem(const Doc& j, int depth = 1);

// Converts a shape-checked AttributeValue; envelope and number errors are ValidationException.
// Does not run ValidateValue (callers validate the whole value once).
template <Document Doc>
Result<AttributeValue> ConvertAttributeValue(const Doc& j, int depth = 1);

// ValueFromJson and ItemFromJson (wire.h) for either form.
template <Document Doc>
Result<AttributeValue> ValueFromDoc(const Doc& j);
template <Document Doc>
Result<Item> ItemFromDoc(const Doc& j);

// A request body must be a JSON object.
template <Document Doc>
Status CheckRequestBody(const Doc& j);

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
  template <Document Doc>
  std::optional<std::string> String(const Doc& obj, std::string_view name);
  template <Document Doc>
  std::string RequiredString(const Doc& obj, std::string_view name, const std::string& path);
  template <Document Doc>
  std::optional<bool> Bool(const Doc& obj, std::string_view name);
  template <Document Doc>
  std::optional<int64_t> Integer(const Doc& obj, std::string_view name,
                                 std::string_view java_type = "Integer");
  // A structure member (Projection, ProvisionedThroughput, ...), named by its shape for messages.
  template <Document Doc>
  const Doc* Struct(const Doc& obj, std::string_view name, std::string_view shape);
  // A list member; nullptr when absent or ill-typed.
  template <Document Doc>
  const Doc* List(const Doc& obj, std::string_view name);
  // A map member whose values are `value_class` (Java class name used in DynamoDB's message).
  template <Document Doc>
  const Doc* Map(const Doc& obj, std::string_view name, std::string_view value_class);
  // An element of a list or map that must be a structure of shape `shape`.
  template <Document Doc>
  bool StructElement(const Doc& elem, std::string_view shape);

  template <Document Doc>
  std::optional<std::vector<std::string>> StringList(const Doc& obj, std::string_view name);
  template <Document Doc>
  std::optional<std::map<std::string, std::string>> StringMap(const Doc& obj,
                                                              std::string_view name);
  // Map of AttributeValues validated as an item (Item, Key, ExclusiveStartKey, ...).
  template <Document Doc>
  std::optional<Item> ItemMember(const Doc& obj, std::string_view name);
  // Same, for an element already extracted (e.g. one key of BatchGetItem's Keys).
  template <Document Doc>
  std::optional<Item> ItemValue(const Doc& j);
  // One AttributeValue member (the legacy conditions' Value); a value rule it breaks is recorded.
  template <Document Doc>
  std::optional<AttributeValue> Value(const Doc& obj, std::string_view name);
  template <Document Doc>
  std::optional<std::map<std::string, AttributeValue>> ValueMap(const Doc& obj,
                                                                std::string_view name);
  template <Document Doc>
  std::optional<std::vector<AttributeValue>> ValueList(const Doc& obj, std::string_view name);
  // For read shapes whose only expression (ProjectionExpression) takes no values: GetItem,
  // BatchGetItem's KeysAndAttributes and TransactGetItems' Get. A present
  // ExpressionAttributeValues member is refused rather than ignored, with DynamoDB's message
  // for values given where no expression can use them.
  template <Document Doc>
  void RefuseValuesWithoutExpressions(const Doc& obj);

 private:
  template <Document Doc>
  const Doc* Member(const Doc& obj, std::string_view name);

  std::optional<std::string> serialization_;
  catalog::ConstraintErrors violations_;
  AbsentMembers absent_;
  std::optional<Error> validation_;
};

}  // namespace ddblab::wire::internal
