// ExecuteJson: one DynamoDB JSON call against the engine (read the body, call the operation,
// render the response or the error).
#include "ddblab/wire.h"
#include "ddblab/wire_text.h"
#include "wire/body_sinks.h"
#include "wire/codec.h"

namespace ddblab::wire {
namespace {

// Whether an answer of `op` leaves as text when text is asked for: the data plane's answers
// (items, counts, capacity), which name no resource, so that serve has nothing to rewrite in them
// (it puts a table's or stream's ARN in the caller's region in the document).
bool AnswersAsText(Operation op) {
  const OperationKind kind = KindOf(op);
  return kind == OperationKind::kData || kind == OperationKind::kBatch;
}

// Writes `response` as text with the model's writer (body_sinks.h), if it is a modelled answer.
bool WriteText(const Response& response, std::string_view rcc, std::string* text) {
  return std::visit(
      [&](const auto& r) {
        using R = std::remove_cvref_t<decltype(r)>;
        if constexpr (model::Modelled<R>) {
          internal::TextSink sink(text);
          internal::model_codec::Write(sink, r, rcc);
          return true;
        } else {
          return false;
        }
      },
      response);
}

// Renders a typed call; `text`, when given, receives the body of a modelled data-plane answer
// written as text instead of a document, which is then left null.
JsonResult Render(CallResult call, std::string* text) {
  const bool as_text = text != nullptr && call.ok && call.response &&
                       AnswersAsText(call.operation) &&
                       WriteText(*call.response, call.return_consumed_capacity, text);
  if (as_text) call.response.reset();  // its text is the body
  JsonResult out = ToJsonResult(std::move(call));
  if (as_text) out.body = Json();
  return out;
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
