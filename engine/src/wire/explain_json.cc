// EXPLAIN and partition maps as JSON (ddblab extensions, snake_case like the Trace).
#include "ddblab/wire.h"
#include "wire/codec.h"

namespace ddblab::wire {
namespace {

JsonResult FromPlan(Result<Plan> plan) {
  JsonResult out;
  if (!plan.ok()) {
    out.ok = false;
    out.error = plan.error();
    out.body = ErrorToJson(out.error);
    out.http_status = ErrorHttpStatus(out.error.type);
    return out;
  }
  out.ok = true;
  out.body = PlanToJson(plan.value());
  out.trace.operation = plan->operation;
  out.trace.table = plan->table;
  out.trace.index = plan->index;
  return out;
}

template <typename Req>
Result<Req> Parse(const Json& body) {
  Req r;
  Status s = internal::FromJson(body, &r);
  if (!s.ok()) return s.error();
  return r;
}

}  // namespace

JsonResult ExplainJson(Engine& engine, std::string_view operation, const Json& request) {
  const std::optional<Operation> op = OperationFromName(operation);
  if (op == Operation::ExecuteStatement) {
    Result<ExecuteStatementRequest> r = Parse<ExecuteStatementRequest>(request);
    if (!r.ok()) return FromPlan(r.error());
    return FromPlan(engine.ExplainStatement(*r));
  }
  if (op == Operation::Query) {
    Result<QueryRequest> r = Parse<QueryRequest>(request);
    if (!r.ok()) return FromPlan(r.error());
    return FromPlan(engine.ExplainQuery(*r));
  }
  if (op == Operation::Scan) {
    Result<ScanRequest> r = Parse<ScanRequest>(request);
    if (!r.ok()) return FromPlan(r.error());
    return FromPlan(engine.ExplainScan(*r));
  }
  if (op == Operation::GetItem) {
    Result<GetItemRequest> r = Parse<GetItemRequest>(request);
    if (!r.ok()) return FromPlan(r.error());
    return FromPlan(engine.ExplainGetItem(*r));
  }
  return FromPlan(ValidationError(
      "EXPLAIN supports ExecuteStatement, Query, Scan and GetItem, not " + std::string(operation)));
}

Json PlanToJson(const Plan& plan) {
  Json j = Json::object();
  j["operation"] = plan.operation;
  j["table"] = plan.table;
  j["index"] = plan.index;
  j["key_condition"] = plan.key_condition;
  j["filter"] = plan.filter;
  j["reason"] = plan.reason;
  j["full_scan"] = plan.full_scan;
  if (!plan.lookups.empty()) {
    Json lookups = Json::array();
    for (const Plan& l : plan.lookups) {
      Json lj = Json::object();
      lj["operation"] = l.operation;
      lj["key_condition"] = l.key_condition;
      lookups.push_back(std::move(lj));
    }
    j["lookups"] = std::move(lookups);
  }
  // A PartiQL plan's request, in DynamoDB's JSON request shape (only the members it has).
  const PlannedRequestShape& r = plan.request;
  Json req = Json::object();
  if (!r.key.empty()) req["Key"] = ItemToJson(r.key);
  if (!r.item.empty()) req["Item"] = ItemToJson(r.item);
  auto text = [&req](const char* member, const std::string& value) {
    if (!value.empty()) req[member] = value;
  };
  text("KeyConditionExpression", r.key_condition_expression);
  text("FilterExpression", r.filter_expression);
  text("ProjectionExpression", r.projection_expression);
  text("ConditionExpression", r.condition_expression);
  text("UpdateExpression", r.update_expression);
  if (!r.names.empty()) req["ExpressionAttributeNames"] = r.names;
  if (!r.values.empty())
    req["ExpressionAttributeValues"] = ItemToJson(Item(r.values.begin(), r.values.end()));
  if (!req.empty()) j["request"] = std::move(req);
  return j;
}

Json PartitionMapToJson(const PartitionMap& map) {
  Json j = Json::object();
  j["table"] = map.table;
  j["index"] = map.index;
  j["partition_count"] = map.partition_count;
  j["overridden"] = map.overridden;
  j["model"] = map.model;
  Json parts = Json::array();
  for (const PartitionInfo& p : map.partitions) {
    Json pj = Json::object();
    pj["partition"] = p.partition;
    pj["item_count"] = p.item_count;
    pj["size_bytes"] = p.size_bytes;
    pj["item_collections"] = p.item_collections;
    pj["sample_partition_keys"] = p.sample_partition_keys;
    parts.push_back(std::move(pj));
  }
  j["partitions"] = std::move(parts);
  return j;
}

bool IsExtensionOperation(std::string_view operation) { return operation.starts_with("ddblab:"); }

JsonResult ExecuteExtensionJson(Engine& engine, std::string_view operation, const Json& request) {
  auto fail = [](Error e) {
    JsonResult out;
    out.error = std::move(e);
    out.body = ErrorToJson(out.error);
    out.http_status = ErrorHttpStatus(out.error.type);
    return out;
  };
  auto string_member = [&](const char* name) -> std::string {
    return request.is_object() && request.contains(name) && request[name].is_string()
               ? request[name].get<std::string>()
               : std::string();
  };
  if (!request.is_object())
    return fail(ValidationError(std::string(operation) + ": the body must be an object"));
  if (operation == kExplainOperation) {
    std::string op = string_member("Operation");
    const Json body = request.value("Request", Json::object());
    return ExplainJson(engine, op, body);
  }
  if (operation == kDescribePartitionsOperation) {
    Result<PartitionMap> map =
        engine.DescribePartitions(string_member("TableName"), string_member("IndexName"));
    if (!map.ok()) return fail(map.error());
    JsonResult out;
    out.ok = true;
    out.body = PartitionMapToJson(*map);
    return out;
  }
  if (operation == kSetPartitionCountOperation) {
    const Json n = request.value("PartitionCount", Json());
    if (!n.is_number_integer()) {
      return fail(ValidationError("ddblab:SetPartitionCount needs an integer PartitionCount"));
    }
    Status s = engine.SetPartitionCount(string_member("TableName"), n.get<int>());
    if (!s.ok()) return fail(s.error());
    JsonResult out;
    out.ok = true;
    out.body = Json::object();
    return out;
  }
  return fail(MakeError(ErrorType::kUnknownOperationException, ""));
}

}  // namespace ddblab::wire
