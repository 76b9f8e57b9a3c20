// The typed call at its JSON edges (ddblab/wire.h): request bodies to Requests and back,
// Responses to bodies and back, each dispatched by operation over the codecs of codec.h.
#include <utility>

#include "catalog/model_constraints.h"
#include "ddblab/call.h"
#include "ddblab/wire.h"
#include "exec/request_checks.h"
#include "wire/codec.h"
#include "wire/unsupported_members.h"

namespace ddblab::wire {
namespace {

// A request of operation `op` from its body. A hand-written operation reads only the document
// model (its tape, if it came as one, is made one).
template <internal::Document Doc, size_t... I>
Result<Request> DecodeRequest(Operation op, const Doc& body, std::index_sequence<I...>) {
  using Decode = Result<Request> (*)(const Doc&);
  static constexpr Decode kDecoders[] = {[](const Doc& j) -> Result<Request> {
    using R = std::variant_alternative_t<I, Request>;
    R request;
    if constexpr (model::Modelled<R> || std::is_same_v<Doc, Json>) {
      DDB_TRY(internal::FromJson(j, &request));
    } else {
      DDB_TRY(internal::FromJson(internal::DocumentOf(j), &request));
    }
    return Request(std::in_place_index<I>, std::move(request));
  }...};
  return kDecoders[static_cast<size_t>(op)](body);
}

template <size_t... I>
Result<Response> DecodeResponse(Operation op, const Json& body, std::index_sequence<I...>) {
  using Decode = Result<Response> (*)(const Json&);
  static constexpr Decode kDecoders[] = {[](const Json& j) -> Result<Response> {
    std::variant_alternative_t<I, Response> response;
    DDB_TRY(internal::FromJson(j, &response));
    return Response(std::in_place_index<I>, std::move(response));
  }...};
  return kDecoders[static_cast<size_t>(op)](body);
}

constexpr auto kOperationCount = std::make_index_sequence<std::variant_size_v<Request>>();

template <internal::Document Doc>
Result<Request> RequestFrom(std::string_view operation, const Doc& body) {
  std::optional<Operation> op = OperationFromName(operation);
  if (!op) {
    if (std::optional<Error> s3 = RefuseS3Operation(operation)) return *s3;
    // DynamoDB answers an unknown X-Amz-Target with a bare UnknownOperationException.
    return MakeError(ErrorType::kUnknownOperationException, "");
  }
  Result<Request> request = DecodeRequest(*op, body, kOperationCount);
  if (!request.ok()) {
    // DynamoDB (2026) wraps PutItem's and UpdateItem's value errors found while the body is read
    // (an empty or duplicated set, NULL false, an invalid ExpressionAttributeValues entry) in
    // its validation envelope, as it does their other request checks; every other operation
    // reports them bare.
    if (*op == Operation::PutItem || *op == Operation::UpdateItem) {
      return InValidationEnvelope(std::move(request.error()));
    }
    return request;
  }
  DDB_TRY(internal::RefuseUnsupportedMembers(*op, body));
  return request;
}

}  // namespace

Result<Request> RequestFromJson(std::string_view operation, const Json& body) {
  return RequestFrom(operation, body);
}

Result<Request> RequestFromText(std::string_view operation, std::string_view body) {
  internal::JsonTape& tape = internal::ThreadTape();
  if (!tape.Parse(body)) {
    // DynamoDB answers unparseable JSON with a SerializationException without a message.
    return MakeError(ErrorType::kSerializationException, "");
  }
  return RequestFrom(operation, tape.root());
}

Status CheckModelConstraints(const Request& request) {
  return std::visit(
      [](const auto& r) -> Status {
        if constexpr (model::Modelled<std::remove_cvref_t<decltype(r)>>) {
          return catalog::CheckModelMembers(r);
        } else {
          return OkStatus();
        }
      },
      request);
}

Json RequestToJson(const Request& request) {
  return std::visit([](const auto& r) { return internal::ToJson(r); }, request);
}

Json ResponseToJson(const Response& response, std::string_view rcc) {
  return std::visit([&](const auto& r) { return internal::ToJson(r, rcc); }, response);
}

Result<Response> ResponseFromJson(Operation operation, const Json& body) {
  return DecodeResponse(operation, body, kOperationCount);
}

JsonResult ToJsonResult(CallResult call) {
  JsonResult out;
  out.ok = call.ok;
  out.http_status = call.http_status;
  if (call.ok) {
    out.body = call.response ? ResponseToJson(*call.response, call.return_consumed_capacity)
                             : Json::object();
  } else {
    out.body = ErrorToJson(call.error);
    out.error = std::move(call.error);
  }
  out.trace = std::move(call.trace);
  out.capacity = std::move(call.capacity);
  return out;
}

CallResult Client::Execute(const Request& request) {
  const Operation op = OperationOf(request);
  JsonResult answer = Call(OperationName(op), RequestToJson(request));
  CallResult out;
  out.operation = op;
  out.return_consumed_capacity = ReturnConsumedCapacityOf(request);
  out.http_status = answer.http_status;
  out.trace = std::move(answer.trace);
  out.capacity = std::move(answer.capacity);
  if (!answer.ok) {
    out.error = std::move(answer.error);
    return out;
  }
  Result<Response> response = ResponseFromJson(op, answer.body);
  if (!response.ok()) {
    out.http_status = 500;
    out.error = MakeError(ErrorType::kInternalServerError,
                          "the endpoint's answer to " + std::string(OperationName(op)) +
                              " could not be read: " + response.error().message);
    return out;
  }
  out.ok = true;
  out.response = std::move(response).value();
  return out;
}

}  // namespace ddblab::wire
