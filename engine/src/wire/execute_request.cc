// ExecuteRequest (ddblab/call.h): one typed call against the engine, with what DynamoDB does
// around the engine operation itself. Every call of the embedded client and of the JSON edge
// (ExecuteJson, serve, Lua's ddb.call) runs through here.
#include <set>
#include <tuple>
#include <type_traits>

#include "ddblab/call.h"
#include "ddblab/engine.h"
#include "exec/request_checks.h"

namespace ddblab {
namespace {

// The tables a write names, for ReturnItemCollectionMetrics.
std::set<std::string> TablesOf(const PutItemRequest& r) { return {r.table_name}; }
std::set<std::string> TablesOf(const UpdateItemRequest& r) { return {r.table_name}; }
std::set<std::string> TablesOf(const DeleteItemRequest& r) { return {r.table_name}; }
std::set<std::string> TablesOf(const BatchWriteItemRequest& r) {
  std::set<std::string> out;
  for (const auto& [table, writes] : r.request_items) out.insert(table);
  return out;
}
std::set<std::string> TablesOf(const TransactWriteItemsRequest& r) {
  std::set<std::string> out;
  for (const TransactWriteItem& w : r.transact_items) out.insert(w.table_name);
  return out;
}

// DynamoDB: ReturnItemCollectionMetrics SIZE returns ItemCollectionMetrics only for tables with a
// local secondary index (API reference, PutItem), which ddblab does not compute, so SIZE is
// refused there by name rather than ignored. The member's enum is checked with the others first
// (CheckRequestMembers), so a bad value elsewhere in the request is reported before this refusal.
template <typename Req>
Status CheckItemCollectionMetrics(Engine& engine, const Req& r) {
  if (r.return_item_collection_metrics != "SIZE") return OkStatus();
  DDB_TRY(CheckRequestMembers(r));
  for (const std::string& t : TablesOf(r)) {
    DescribeTableRequest d;
    d.table_name = t;
    Result<DescribeTableResponse> described = engine.DescribeTable(d);
    if (described.ok() && !described->table.local_secondary_indexes.empty()) {
      // No DynamoDB text exists for this: the message names what did not happen.
      return ValidationError(
          "ddblab does not support ReturnItemCollectionMetrics=SIZE on a table with a local "
          "secondary index: item collection sizes are not reported (ItemCollectionMetrics)");
    }
  }
  return OkStatus();
}

// DynamoDB: CreateTable's Tags are the table's first tags (API reference, CreateTable), and an
// empty list is accepted (TagResource refuses one). A bad tag fails the whole CreateTable, as on
// DynamoDB: the table is not left behind.
Result<CreateTableResponse> CreateTagged(Engine& engine, const CreateTableRequest& r) {
  DDB_ASSIGN_OR_RETURN(CreateTableResponse created, engine.CreateTable(r));
  if (!r.tags || r.tags->empty()) return created;
  TagResourceRequest tag;
  tag.resource_arn = created.table_description.table_arn;
  tag.tags = r.tags;
  Result<TagResourceResponse> tagged = engine.TagResource(tag);
  if (tagged.ok()) return created;
  DeleteTableRequest drop;
  drop.table_name = r.table_name;
  (void)engine.DeleteTable(drop);
  return tagged.error();
}

// The engine method of each operation, in the order of ddblab/operations.h.
constexpr auto kMethods = std::tuple{
#define DDBLAB_ENGINE_METHOD(Name, How) &Engine::Name,
    DDBLAB_OPERATIONS(DDBLAB_ENGINE_METHOD)
#undef DDBLAB_ENGINE_METHOD
};

template <typename Req, typename Resp>
Result<Resp> RunOperation(Engine& engine, const Req& r,
                          Result<Resp> (Engine::*method)(const Req&)) {
  if constexpr (requires { r.return_item_collection_metrics; }) {
    DDB_TRY(CheckItemCollectionMetrics(engine, r));
  }
  if constexpr (std::is_same_v<Req, CreateTableRequest>) {
    return CreateTagged(engine, r);
  } else {
    return (engine.*method)(r);
  }
}

template <Operation op>
CallResult Run(Engine& engine, const RequestOf<op>& request) {
  CallResult out;
  out.operation = op;
  if constexpr (requires { request.return_consumed_capacity; }) {
    out.return_consumed_capacity = request.return_consumed_capacity.value_or("");
  }
  Result<ResponseOf<op>> response =
      RunOperation(engine, request, std::get<static_cast<size_t>(op)>(kMethods));
  if (!response.ok()) {
    Error& e = response.error();
    out.http_status = ErrorHttpStatus(e.type);
    // A refused write still consumed capacity: the shell and lessons see it, the body does not.
    out.capacity = e.consumed_capacity;
    if (e.trace) out.trace = *e.trace;
    out.error = std::move(e);
  } else {
    ResponseOf<op>& r = response.value();
    out.ok = true;
    if constexpr (requires { r.consumed_capacity; }) {
      if constexpr (std::is_same_v<std::decay_t<decltype(r.consumed_capacity)>, ConsumedCapacity>) {
        out.capacity.push_back(r.consumed_capacity);
      } else {
        out.capacity = r.consumed_capacity;
      }
    }
    // The call carries the trace; the response's copy would be a second one nobody reads.
    if constexpr (requires { r.trace; }) out.trace = std::move(r.trace);
    // Built in place: a response is large (its capacity and trace), and moves add up per call.
    out.response.emplace(std::in_place_index<static_cast<size_t>(op)>, std::move(r));
  }
  // Control-plane calls and failed calls carry no engine trace; name the call for logs.
  if (out.trace.operation.empty()) out.trace.operation = std::string(OperationName(op));
  if constexpr (requires { request.table_name; }) {
    // ListStreams names a table only optionally.
    if constexpr (std::is_convertible_v<decltype(request.table_name), std::string>) {
      if (out.trace.table.empty()) out.trace.table = request.table_name;
    }
  }
  return out;
}

template <size_t... I>
CallResult Dispatch(Engine& engine, const Request& request, std::index_sequence<I...>) {
  using Runner = CallResult (*)(Engine&, const Request&);
  static constexpr Runner kRunners[] = {[](Engine& e, const Request& r) {
    constexpr Operation op = static_cast<Operation>(I);
    return Run<op>(e, std::get<I>(r));
  }...};
  return kRunners[request.index()](engine, request);
}

}  // namespace

std::string ReturnConsumedCapacityOf(const Request& request) {
  return std::visit(
      [](const auto& r) -> std::string {
        if constexpr (requires { r.return_consumed_capacity; }) {
          return r.return_consumed_capacity.value_or("");
        } else {
          return "";
        }
      },
      request);
}

CallResult ExecuteRequest(Engine& engine, const Request& request) {
  Effect effect;
  CallResult result;
  {
    CaptureEffect capture(&effect);
    result = Dispatch(engine, request, std::make_index_sequence<std::variant_size_v<Request>>());
  }
  // A refused call wrote nothing (a cancelled transaction evaluated writes it never applied).
  if (!result.ok) {
    for (ItemEffect& item : effect.items) {
      item.after = item.before;
      item.written = false;
    }
  }
  result.effect = std::move(effect);
  return result;
}

}  // namespace ddblab
