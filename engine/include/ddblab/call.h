// One DynamoDB call as typed values: a Request is any operation's request struct, a Response any
// operation's response struct, and a CallResult what a call produced (its response or error,
// what it cost, what it touched). Both variants are generated from ddblab/operations.h, so
// alternative i of Request and of Response belong to Operation i. The shell and the lab speak
// these to a wire::Client; JSON exists only where a body crosses a real edge (ddblab/wire.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/effect.h"
#include "ddblab/error.h"
#include "ddblab/model/streams.h"
#include "ddblab/operations.h"
#include "ddblab/requests.h"
#include "ddblab/requests_resources.h"

namespace ddblab {

class Engine;

namespace call_internal {
// std::variant of the types after the first (the first only absorbs the generated list's
// leading comma).
template <typename First, typename... Rest>
struct VariantOfRest {
  using type = std::variant<Rest...>;
};
}  // namespace call_internal

#define DDBLAB_REQUEST_TYPE(Name, How) , Name##Request
#define DDBLAB_RESPONSE_TYPE(Name, How) , Name##Response
// Query and Scan share QueryResponse: a Response is made with std::in_place_index (MakeResponse)
// and read by operation (ResponseAs), never by type alone.
using Request = call_internal::VariantOfRest<void DDBLAB_OPERATIONS(DDBLAB_REQUEST_TYPE)>::type;
using Response = call_internal::VariantOfRest<void DDBLAB_OPERATIONS(DDBLAB_RESPONSE_TYPE)>::type;
#undef DDBLAB_REQUEST_TYPE
#undef DDBLAB_RESPONSE_TYPE

template <Operation op>
using RequestOf = std::variant_alternative_t<static_cast<size_t>(op), Request>;
template <Operation op>
using ResponseOf = std::variant_alternative_t<static_cast<size_t>(op), Response>;

inline Operation OperationOf(const Request& r) { return static_cast<Operation>(r.index()); }
inline Operation OperationOf(const Response& r) { return static_cast<Operation>(r.index()); }

// Whether a call of `op` reads items and so costs read units: GetItem, Query, Scan, BatchGetItem,
// TransactGetItems. PartiQL decides by its statements, not by the operation, so
// ExecuteStatement and its batch and transaction forms are not reads here.
constexpr bool IsItemRead(Operation op) {
  return op == Operation::GetItem || op == Operation::Query || op == Operation::Scan ||
         op == Operation::BatchGetItem || op == Operation::TransactGetItems;
}
// The same for a name that may be none of DynamoDB's (an extension operation, or empty).
constexpr bool IsItemRead(std::string_view name) {
  std::optional<Operation> op = OperationFromName(name);
  return op && IsItemRead(*op);
}

template <Operation op>
Response MakeResponse(ResponseOf<op> r) {
  return Response(std::in_place_index<static_cast<size_t>(op)>, std::move(r));
}
// The response of operation `op`, or nullptr when `r` answers another operation.
template <Operation op>
const ResponseOf<op>* ResponseAs(const Response& r) {
  return std::get_if<static_cast<size_t>(op)>(&r);
}
// A Query's or a Scan's page, or nullptr.
inline const QueryResponse* QueryOrScanPage(const Response& r) {
  if (const QueryResponse* q = ResponseAs<Operation::Query>(r)) return q;
  return ResponseAs<Operation::Scan>(r);
}

// The ReturnConsumedCapacity a request asked for ("" when it has none), which decides what its
// response's JSON form shows.
std::string ReturnConsumedCapacityOf(const Request& r);

// What one call produced.
struct CallResult {
  Operation operation = Operation::GetItem;
  bool ok = false;
  Error error;  // when !ok
  int http_status = 200;
  // The response when ok. Its consumed capacity is what the request asked to see; `capacity`
  // below is always there.
  std::optional<Response> response;
  std::string return_consumed_capacity;    // the request's, for the response's JSON form
  Trace trace;                             // the operation and table at least
  std::vector<ConsumedCapacity> capacity;  // always computed, whatever ReturnConsumedCapacity says
  // What the call planned, wrote and checked (ddblab/effect.h); set by ExecuteRequest on an
  // embedded engine, empty from a remote endpoint.
  Effect effect;
};

// Runs one typed request against an engine: the engine operation, plus what DynamoDB does
// around it (a CreateTable's Tags applied through TagResource, ReturnItemCollectionMetrics
// checked against the tables' indexes). The embedded client and the JSON edge both run calls
// through this.
CallResult ExecuteRequest(Engine& engine, const Request& request);

}  // namespace ddblab
