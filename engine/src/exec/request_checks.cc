#include "exec/request_checks.h"

namespace ddblab {

Status CheckEnum(const std::optional<std::string>& value, const char* field,
                 std::initializer_list<const char*> allowed) {
  if (!value) return OkStatus();
  std::string set;
  for (const char* a : allowed) {
    if (*value == a) return OkStatus();
    set += set.empty() ? a : std::string(", ") + a;
  }
  return ValidationError("1 validation error detected: Value '" + *value + "' at '" + field +
                         "' failed to satisfy constraint: Member must satisfy enum value set: [" +
                         set + "]");
}

Error InValidationEnvelope(Error e) {
  static constexpr std::string_view kPrefix = "1 validation error detected: ";
  // The leading words that name each wrapped family (the messages' own fixed starts, never text
  // a request supplies).
  static constexpr std::string_view kFamilies[] = {
      "Invalid UpdateExpression: ",
      "Invalid ConditionExpression: ",
      "Value provided in ExpressionAttributeNames unused in expressions",
      "Value provided in ExpressionAttributeValues unused in expressions",
      "ExpressionAttributeValues can only be specified when using expressions",
      "ExpressionAttributeValues must not be empty",
      "ExpressionAttributeValues contains invalid",
      "ExpressionAttributeNames contains invalid",
      "Can not use both expression and non-expression parameters",
      "One or more parameter values were invalid: An string set  may not be empty",
      "One or more parameter values were invalid: An number set  may not be empty",
      "One or more parameter values were invalid: Binary sets should not be empty",
      "One or more parameter values were invalid: Input collection ",
      "One or more parameter values were invalid: Null attribute value types must have the "
      "value of true",
  };
  if (e.type != ErrorType::kValidationException) return e;
  for (std::string_view family : kFamilies) {
    if (e.message.starts_with(family)) {
      e.message.insert(0, kPrefix);
      break;
    }
  }
  return e;
}

}  // namespace ddblab
