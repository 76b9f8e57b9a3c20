// ExecuteJson: one DynamoDB JSON call against the engine (read the body, call the operation,
// render the response or the error).
#include <type_traits>

#include "ddblab/wire.h"
#include "ddblab/wire_text.h"
#include "wire/codec.h"
#include "wire/put_item_fast_path.h"
#include "wire/response_text.h"
#include "wire/unsupported_members.h"

namespace ddblab::wire {
namespace {

JsonResult Failure(Error e) {
  JsonResult out;
  out.ok = false;
  out.body = ErrorToJson(e);
  out.http_status = ErrorHttpStatus(e.type);
  // A refused write still consumed capacity: the shell and lessons see it, the body does not.
  out.capacity = e.consumed_capacity;
  if (e.trace) out.trace = *e.trace;
  out.error = std::move(e);
  return out;
}

// Runs a decoded request and renders its answer.
template <typename Req, typename Resp>
JsonResult Execute(Engine& engine, std::string_view operation, const Req& request,
                   Result<Resp> (Engine::*method)(const Req&), std::string* text) {
  Result<Resp> response = (engine.*method)(request);
  std::string rcc;
  if constexpr (requires { request.return_consumed_capacity; }) {
    rcc = request.return_consumed_capacity.value_or("");
  }
  JsonResult out;
  if (!response.ok()) {
    out = Failure(response.error());
  } else {
    const Resp& r = response.value();
    out.ok = true;
    if (text == nullptr || !internal::ToJsonText(r, rcc, text)) out.body = internal::ToJson(r, rcc);
    if constexpr (requires { r.consumed_capacity; }) {
      if constexpr (std::is_same_v<std::decay_t<decltype(r.consumed_capacity)>, ConsumedCapacity>) {
        out.capacity.push_back(r.consumed_capacity);
      } else {
        out.capacity = r.consumed_capacity;
      }
    }
    if constexpr (requires { r.trace; }) out.trace = r.trace;
  }
  // Control-plane calls and failed calls carry no engine trace; name the call for logs.
  if (out.trace.operation.empty()) out.trace.operation = std::string(operation);
  if constexpr (requires { request.table_name; }) {
    // ListStreams names a table only optionally.
    if constexpr (std::is_convertible_v<decltype(request.table_name), std::string>) {
      if (out.trace.table.empty()) out.trace.table = request.table_name;
    }
  }
  return out;
}

template <typename Req, typename Resp>
JsonResult Run(Engine& engine, std::string_view operation, const Json& body,
               Result<Resp> (Engine::*method)(const Req&), std::string* text) {
  Req request;
  Status parsed = internal::FromJson(body, &request);
  if (!parsed.ok()) return Failure(parsed.error());
  Status supported = internal::RefuseUnsupportedMembers(engine, operation, body);
  if (!supported.ok()) return Failure(supported.error());
  return Execute(engine, operation, request, method, text);
}

// `text`: nullptr, or where the server wants a body written as text (see ExecuteJsonToText).
using Handler = JsonResult (*)(Engine&, std::string_view, const Json&, std::string* text);

struct OperationEntry {
  std::string_view name;
  Handler handler;
};

#define DDB_WIRE_OP(Name, How)                                                                 \
  OperationEntry{#Name, [](Engine& e, std::string_view op, const Json& b, std::string* text) { \
                   return Run(e, op, b, &Engine::Name, text);                                  \
                 }},

// One entry per row of ddblab/operations.h.
const std::vector<OperationEntry>& Operations() {
  static const std::vector<OperationEntry> kOperations = {DDBLAB_OPERATIONS(DDB_WIRE_OP)};
  return kOperations;
}

#undef DDB_WIRE_OP

}  // namespace

namespace {

JsonResult Dispatch(Engine& engine, std::string_view operation, const Json& request,
                    std::string* text) {
  for (const OperationEntry& op : Operations()) {
    if (op.name != operation) continue;
    if (operation == "CreateTable") {
      return internal::ApplyCreateTableTags(engine, request,
                                            op.handler(engine, operation, request, nullptr));
    }
    return op.handler(engine, operation, request, text);
  }
  // DynamoDB answers an unknown X-Amz-Target with a bare UnknownOperationException.
  return Failure(MakeError(ErrorType::kUnknownOperationException, ""));
}

}  // namespace

JsonResult ExecuteJson(Engine& engine, std::string_view operation, const Json& request) {
  return Dispatch(engine, operation, request, nullptr);
}

JsonResult ExecuteJsonText(Engine& engine, std::string_view operation, std::string_view body) {
  return ExecuteJsonToText(engine, operation, body, nullptr);
}

JsonResult ExecuteJsonToText(Engine& engine, std::string_view operation, std::string_view body,
                             std::string* text) {
  if (text) text->clear();
  // The everyday PutItem body skips the document (put_item_fast_path.h).
  if (operation == "PutItem") {
    PutItemRequest request;
    if (internal::FastPutItemRequest(body, &request)) {
      return Execute(engine, operation, request, &Engine::PutItem, text);
    }
  }
  Json parsed = ParseJson(body);
  if (parsed.is_discarded()) {
    // DynamoDB answers unparseable JSON with a SerializationException without a message.
    return Failure(MakeError(ErrorType::kSerializationException, ""));
  }
  return Dispatch(engine, operation, parsed, text);
}

const std::vector<std::string>& SupportedOperations() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const OperationEntry& op : Operations()) names.emplace_back(op.name);
    return names;
  }();
  return kNames;
}

}  // namespace ddblab::wire
