// ExecuteJson: one DynamoDB JSON call against the engine (read the body, call the operation,
// render the response or the error).
#include "ddblab/wire.h"
#include "ddblab/wire_text.h"
#include "wire/codec.h"
#include "wire/response_text.h"

namespace ddblab::wire {
namespace {

// Renders a typed call; `text`, when given, receives the body of a Query or GetItem page
// written straight as text (response_text.h) instead of a document.
JsonResult Render(CallResult call, std::string* text) {
  if (text != nullptr && call.ok && call.response) {
    const bool written = std::visit(
        [&](const auto& r) { return internal::ToJsonText(r, call.return_consumed_capacity, text); },
        *call.response);
    if (written) {
      call.response.reset();
      JsonResult out = ToJsonResult(std::move(call));
      out.body = Json();
      return out;
    }
  }
  return ToJsonResult(std::move(call));
}

// A call refused before it reached the engine: no trace.
JsonResult Failure(Error e) {
  CallResult failed;
  failed.http_status = ErrorHttpStatus(e.type);
  failed.error = std::move(e);
  return ToJsonResult(std::move(failed));
}

// Runs a request read from its body (or refuses it with the reader's error).
JsonResult Run(Engine& engine, Result<Request> request, std::string* text) {
  if (!request.ok()) return Failure(std::move(request.error()));
  return Render(ExecuteRequest(engine, *request), text);
}

}  // namespace

JsonResult ExecuteJson(Engine& engine, std::string_view operation, const Json& request) {
  return Run(engine, RequestFromJson(operation, request), nullptr);
}

JsonResult ExecuteJsonText(Engine& engine, std::string_view operation, std::string_view body) {
  return ExecuteJsonToText(engine, operation, body, nullptr);
}

JsonResult ExecuteJsonToText(Engine& engine, std::string_view operation, std::string_view body,
                             std::string* text) {
  if (text) text->clear();
  return Run(engine, RequestFromText(operation, body), text);
}

const std::vector<std::string>& SupportedOperations() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
#define DDBLAB_OPERATION_NAME(Name, How) names.emplace_back(#Name);
    DDBLAB_OPERATIONS(DDBLAB_OPERATION_NAME)
#undef DDBLAB_OPERATION_NAME
    return names;
  }();
  return kNames;
}

}  // namespace ddblab::wire
