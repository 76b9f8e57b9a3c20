#include "response_parse.h"

namespace ddblab::shell::remote {
namespace {

std::string StringMember(const wire::Json& j, const char* a, const char* b = nullptr) {
  for (const char* name : {a, b}) {
    if (name == nullptr) continue;
    auto it = j.find(name);
    if (it != j.end() && it->is_string()) return it->get<std::string>();
  }
  return "";
}

}  // namespace

Error ErrorFromBody(const wire::Json& body, int http_status) {
  Error e;
  if (!body.is_object()) {
    e.type = http_status >= 500 ? ErrorType::kInternalServerError : ErrorType::kValidationException;
    e.message = "HTTP " + std::to_string(http_status) + " from the endpoint";
    return e;
  }
  std::string type = StringMember(body, "__type");
  if (auto hash = type.rfind('#'); hash != std::string::npos) type = type.substr(hash + 1);
  e.message = StringMember(body, "message", "Message");
  bool known = false;
  for (int i = 0; i <= static_cast<int>(ErrorType::kInternalServerError); ++i) {
    auto t = static_cast<ErrorType>(i);
    if (ErrorTypeName(t) == type) {
      e.type = t;
      known = true;
      break;
    }
  }
  if (!known) {
    e.type = http_status >= 500 ? ErrorType::kInternalServerError : ErrorType::kValidationException;
    e.message = (type.empty() ? "HTTP " + std::to_string(http_status) : type) +
                (e.message.empty() ? "" : ": " + e.message);
  }
  if (auto item = body.find("Item"); item != body.end()) {
    Result<Item> parsed = wire::ItemFromJson(*item);
    if (parsed.ok()) e.item = std::make_shared<Item>(std::move(parsed).value());
  }
  if (auto reasons = body.find("CancellationReasons");
      reasons != body.end() && reasons->is_array()) {
    for (const wire::Json& r : *reasons) {
      CancellationReason reason;
      if (!r.is_object()) continue;
      reason.code = StringMember(r, "Code");
      reason.message = StringMember(r, "Message");
      if (auto item = r.find("Item"); item != r.end()) {
        Result<Item> parsed = wire::ItemFromJson(*item);
        if (parsed.ok()) reason.item = std::make_shared<Item>(std::move(parsed).value());
      }
      e.cancellation_reasons.push_back(std::move(reason));
    }
  }
  return e;
}

std::vector<ConsumedCapacity> CapacitiesFromBody(const wire::Json& body, bool read) {
  std::vector<ConsumedCapacity> out;
  if (!body.is_object()) return out;
  auto it = body.find("ConsumedCapacity");
  if (it == body.end()) return out;
  if (it->is_array()) {
    for (const wire::Json& c : *it) out.push_back(wire::CapacityFromJson(c, read));
  } else if (it->is_object()) {
    out.push_back(wire::CapacityFromJson(*it, read));
  }
  return out;
}

}  // namespace ddblab::shell::remote
