#include "exec/read_plan_legacy.h"

#include "expr/legacy.h"

namespace ddblab {
namespace {

std::optional<size_t> SizeOf(const std::optional<Conditions>& c) {
  return c ? std::optional<size_t>(c->size()) : std::nullopt;
}

Status CheckAttributesToGet(const std::optional<std::vector<std::string>>& names) {
  if (!names) return OkStatus();
  auto projection = expr::ProjectionFromAttributesToGet(*names);
  if (!projection.ok()) return projection.error();
  return OkStatus();
}

}  // namespace

Status CheckLegacyQueryMembers(const QueryRequest& r) {
  // DynamoDB: KeyConditions may be combined with FilterExpression or ProjectionExpression; it
  // counts as mixing only next to KeyConditionExpression.
  DDB_TRY(expr::CheckExpressionStyle(
      {{"AttributesToGet", r.attributes_to_get.has_value()},
       {"QueryFilter", r.query_filter.has_value()},
       {"ConditionalOperator", r.conditional_operator.has_value()},
       {"KeyConditions", r.key_conditions.has_value() && r.key_condition_expression.has_value()}},
      {{"ProjectionExpression", r.projection_expression.has_value()},
       {"FilterExpression", r.filter_expression.has_value()},
       {"KeyConditionExpression", r.key_condition_expression.has_value()}}));
  DDB_TRY(expr::CheckConditionalOperator(r.conditional_operator, SizeOf(r.query_filter)));
  if (r.query_filter) DDB_TRY(expr::ValidateConditions(*r.query_filter, "queryFilter"));
  return CheckAttributesToGet(r.attributes_to_get);
}

Status CheckLegacyScanMembers(const ScanRequest& r) {
  DDB_TRY(expr::CheckExpressionStyle({{"AttributesToGet", r.attributes_to_get.has_value()},
                                      {"ScanFilter", r.scan_filter.has_value()},
                                      {"ConditionalOperator", r.conditional_operator.has_value()}},
                                     {{"ProjectionExpression", r.projection_expression.has_value()},
                                      {"FilterExpression", r.filter_expression.has_value()}}));
  DDB_TRY(expr::CheckConditionalOperator(r.conditional_operator, SizeOf(r.scan_filter)));
  if (r.scan_filter) DDB_TRY(expr::ValidateConditions(*r.scan_filter, "scanFilter"));
  return CheckAttributesToGet(r.attributes_to_get);
}

Status PlanLegacyFilterAndProjection(const std::optional<Conditions>& filter,
                                     const std::optional<std::string>& conditional_operator,
                                     const std::optional<std::vector<std::string>>& attributes,
                                     ReadPlan* p) {
  if (filter) p->filter = expr::FilterCondition(*filter, conditional_operator);
  if (attributes) {
    DDB_ASSIGN_OR_RETURN(p->projection, expr::ProjectionFromAttributesToGet(*attributes));
  }
  return OkStatus();
}

}  // namespace ddblab
