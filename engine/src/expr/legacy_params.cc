// Request-level rules of the legacy parameters: not mixed with expressions, ConditionalOperator,
// AttributesToGet.
#include <set>
#include <string>

#include "expr/legacy.h"

namespace ddblab::expr {

Status CheckExpressionStyle(std::initializer_list<MemberUse> non_expression,
                            std::initializer_list<MemberUse> expression) {
  std::string non_expr, expr;
  for (const MemberUse& m : non_expression) {
    if (m.present) non_expr += (non_expr.empty() ? "" : ", ") + std::string(m.name);
  }
  for (const MemberUse& m : expression) {
    if (m.present) expr += (expr.empty() ? "" : ", ") + std::string(m.name);
  }
  if (non_expr.empty() || expr.empty()) return OkStatus();
  // DynamoDB: API reference, "Legacy conditional parameters"; message as DynamoDB words it.
  return ValidationError(
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: {" +
      non_expr + "} Expression parameters: {" + expr + "}");
}

Status CheckConditionalOperator(const std::optional<std::string>& op,
                                std::optional<size_t> entries) {
  if (!op) return OkStatus();
  if (*op != "AND" && *op != "OR") {
    return ValidationError("1 validation error detected: Value '" + *op +
                           "' at 'conditionalOperator' failed to satisfy constraint: Member must "
                           "satisfy enum value set: [OR, AND]");
  }
  // DynamoDB: ConditionalOperator combines two or more conditions; the texts are those of
  // Amazon's own request validator (DAX client, RequestValidator.validateExpression).
  if (!entries || *entries == 0) {
    return ValidationError("ConditionalOperator cannot be used without Filter or Expected");
  }
  if (*entries < 2) {
    return ValidationError(
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  }
  return OkStatus();
}

Result<ProjectionExpr> ProjectionFromAttributesToGet(const std::vector<std::string>& names,
                                                     const char* member) {
  // DynamoDB: AttributesToGet has 1..255 names (API reference, GetItem "AttributesToGet").
  if (names.empty()) {
    return ValidationError("1 validation error detected: Value '[]' at '" + std::string(member) +
                           "' failed to satisfy constraint: Member must have length greater than "
                           "or equal to 1");
  }
  std::set<std::string> seen;
  ProjectionExpr out;
  for (const std::string& name : names) {
    DDB_TRY(ValidateAttributeName(name));
    if (!seen.insert(name).second) {
      return ValidationError(
          "One or more parameter values were invalid: Duplicate value in attribute name: " + name);
    }
    out.paths.push_back(Path{PathElement{name, -1}});
  }
  return out;
}

Result<std::optional<ProjectionExpr>> AttributesToGetProjection(
    const std::optional<std::vector<std::string>>& names, bool has_projection_expression,
    const char* member) {
  // Without AttributesToGet there is nothing to mix up (every GetItem asks this).
  if (!names) return std::optional<ProjectionExpr>();
  DDB_TRY(CheckExpressionStyle({{"AttributesToGet", true}},
                               {{"ProjectionExpression", has_projection_expression}}));
  DDB_ASSIGN_OR_RETURN(ProjectionExpr p, ProjectionFromAttributesToGet(*names, member));
  return std::optional<ProjectionExpr>(std::move(p));
}

}  // namespace ddblab::expr
