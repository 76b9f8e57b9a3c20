// PartiQL statement -> one typed DynamoDB request (see planner.h for the rules): the checks
// every statement gets, then the planner of its kind (plan_kinds.h).
#include "partiql/planner.h"

#include <string>
#include <variant>
#include <vector>

#include "partiql/plan_kinds.h"
#include "partiql/plan_support.h"

namespace ddblab::partiql {

Status CheckParameterCount(const Statement& st, const std::vector<AttributeValue>* parameters) {
  size_t given = parameters == nullptr ? 0 : parameters->size();
  if (static_cast<size_t>(st.parameter_count) != given) {
    return ValidationError("Number of parameters in request and statement don't match.");
  }
  return OkStatus();
}

namespace {

// DynamoDB: at most 100 values on the right of IN, counted once the whole statement has parsed.
Status CheckInOperandCounts(const Expr& e) {
  if (e.kind == ExprKind::kIn && e.args.size() == 2 && e.args[1].kind == ExprKind::kList &&
      e.args[1].args.size() > 100) {
    return ValidationError(
        "The IN operator is provided with too many operands; number of operands: " +
        std::to_string(e.args[1].args.size()));
  }
  for (const Expr& a : e.args) DDB_TRY(CheckInOperandCounts(a));
  return OkStatus();
}

}  // namespace

Result<PlannedStatement> PlanStatement(const Statement& st, const TableSchema& table,
                                       const PlanOptions& options) {
  DDB_TRY(CheckParameterCount(st, options.parameters));
  if (st.where) DDB_TRY(CheckInOperandCounts(*st.where));
  switch (st.kind) {
    case StatementKind::kSelect:
      return internal::PlanSelect(st, table, options);
    case StatementKind::kInsert:
      return internal::PlanInsert(st, table, options);
    case StatementKind::kUpdate:
      return internal::PlanUpdate(st, table, options);
    case StatementKind::kDelete:
      return internal::PlanDelete(st, table, options);
    case StatementKind::kExists:
      return internal::PlanExists(st, table, options);
  }
  return ValidationError("Unsupported operation");
}

// The members of whichever request a statement planned into: its key or item, read by name
// where that request type has them, and its expressions written as the request would send them.
PlannedRequestShape ShapeOf(const PlannedCall& planned) {
  PlannedRequestShape out;
  std::visit(
      [&out](const auto& r) {
        if constexpr (requires { r.key; }) {
          if constexpr (requires { r.key.has_value(); }) {
            if (r.key) out.key = *r.key;
          } else {
            out.key = r.key;
          }
        }
        if constexpr (requires { r.item; }) {
          if constexpr (requires { r.item.has_value(); }) {
            if (r.item) out.item = *r.item;
          } else {
            out.item = r.item;
          }
        }
      },
      planned.request);
  const expr::Built& built = planned.expressions;
  out.key_condition_expression = expr::KeyConditionText(built);
  const bool read = std::holds_alternative<QueryRequest>(planned.request) ||
                    std::holds_alternative<ScanRequest>(planned.request);
  (read ? out.filter_expression : out.condition_expression) = expr::ConditionText(built);
  out.projection_expression = expr::ProjectionText(built);
  out.update_expression = expr::UpdateText(built);
  out.names = built.names;
  out.values = expr::PlaceholderValues(built);
  return out;
}

std::string RenderValue(const AttributeValue& v) {
  auto join = [](const std::vector<std::string>& parts, const char* open, const char* close) {
    std::string out = open;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += ", ";
      out += parts[i];
    }
    return out + close;
  };
  switch (v.type) {
    case AttrType::kS:
      return internal::QuoteString(v.str(), '\'');
    case AttrType::kN:
      return v.num().ToString();
    case AttrType::kB:
      return "<binary " + std::to_string(v.str().size()) + " bytes>";
    case AttrType::kBool:
      return v.boolean() ? "TRUE" : "FALSE";
    case AttrType::kNull:
      return "NULL";
    case AttrType::kL: {
      std::vector<std::string> parts;
      for (const AttributeValue& e : v.list()) parts.push_back(RenderValue(e));
      return join(parts, "[", "]");
    }
    case AttrType::kM: {
      std::vector<std::string> parts;
      for (const auto& [k, e] : v.map())
        parts.push_back(internal::QuoteString(k, '\'') + ": " + RenderValue(e));
      return join(parts, "{", "}");
    }
    case AttrType::kSS: {
      std::vector<std::string> parts;
      for (const std::string& s : v.str_set()) parts.push_back(internal::QuoteString(s, '\''));
      return join(parts, "<<", ">>");
    }
    case AttrType::kNS: {
      std::vector<std::string> parts;
      for (const Decimal& d : v.num_set()) parts.push_back(d.ToString());
      return join(parts, "<<", ">>");
    }
    case AttrType::kBS:
      return "<<" + std::to_string(v.str_set().size()) + " binary values>>";
  }
  return "";
}

}  // namespace ddblab::partiql
