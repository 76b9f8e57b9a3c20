// DynamoDB's error bodies.
#include "ddblab/wire.h"

namespace ddblab::wire {

Json ErrorToJson(const Error& e) {
  Json j = Json::object();
  j["__type"] = std::string(ErrorTypeNamespace(e.type)) + std::string(ErrorTypeName(e.type));
  if (e.type == ErrorType::kTransactionCanceledException) {
    // DynamoDB: this exception's shape spells its message member "Message".
    j["Message"] = e.message;
    Json reasons = Json::array();
    for (const CancellationReason& r : e.cancellation_reasons) {
      Json rj = Json::object();
      if (r.item) rj["Item"] = ItemToJson(*r.item);
      rj["Code"] = r.code;
      if (!r.message.empty()) rj["Message"] = r.message;
      reasons.push_back(std::move(rj));
    }
    j["CancellationReasons"] = std::move(reasons);
    return j;
  }
  // DynamoDB sends some errors (UnknownOperationException, malformed JSON) without a message.
  // Its SerializationException spells the member "Message" (the service framework writes it),
  // the modelled exceptions "message".
  if (!e.message.empty()) {
    j[e.type == ErrorType::kSerializationException ? "Message" : "message"] = e.message;
  }
  if (e.item) j["Item"] = ItemToJson(*e.item);
  // DynamoDB API reference, ThrottlingReason: {reason, resource} per throttled resource. The
  // member is ThrottlingReasons on ProvisionedThroughputExceededException and throttlingReasons
  // on ThrottlingException (the exception shapes).
  if (!e.throttling_reasons.empty()) {
    Json reasons = Json::array();
    for (const ThrottlingReason& r : e.throttling_reasons) {
      reasons.push_back(Json{{"reason", r.reason}, {"resource", r.resource}});
    }
    j[e.type == ErrorType::kThrottlingException ? "throttlingReasons" : "ThrottlingReasons"] =
        std::move(reasons);
  }
  return j;
}

std::string BatchStatementErrorCode(ErrorType type) {
  // DynamoDB: BatchStatementError codes drop the "Exception" suffix
  // (ConditionalCheckFailed, DuplicateItem, ValidationError, ...).
  std::string code(ErrorTypeName(type));
  if (type == ErrorType::kValidationException) {
    code = "ValidationError";
  } else if (type == ErrorType::kThrottlingException) {
    code = "ThrottlingError";
  } else if (code.size() > 9 && code.ends_with("Exception")) {
    code.resize(code.size() - 9);
  }
  return code;
}

Error ErrorFromBatchStatementCode(const std::string& code, std::string message) {
  if (code == "ValidationError") return ValidationError(std::move(message));
  if (code == "ThrottlingError") {
    return MakeError(ErrorType::kThrottlingException, std::move(message));
  }
  for (int i = 0; i <= static_cast<int>(ErrorType::kInternalServerError); ++i) {
    const auto type = static_cast<ErrorType>(i);
    std::string_view name = ErrorTypeName(type);
    if (name.ends_with("Exception")) name.remove_suffix(9);
    if (name == code) return MakeError(type, std::move(message));
  }
  return ValidationError(code + (message.empty() ? "" : ": " + message));
}

}  // namespace ddblab::wire
