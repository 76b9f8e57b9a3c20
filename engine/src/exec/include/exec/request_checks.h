// Request-level checks shared by the operations: the member constraints DynamoDB's request
// framework checks before an operation reads its request, and the validation envelope.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "catalog/constraint_errors.h"
#include "catalog/model_constraints.h"
#include "ddblab/error.h"
#include "ddblab/requests.h"

namespace ddblab {

// The required top-level members a JSON request left out, by DynamoDB's path ("key", "item"):
// a typed request cannot show them, so the JSON reader passes them in.
using AbsentMembers = std::vector<std::string>;

// DynamoDB: the request framework checks every member's constraints (enums, lengths, ranges,
// required members) before the operation looks at the request any further or at a table, and
// lists every violation in one "N validation errors detected: " message, member by member in
// the order of its own model (verified against DynamoDB: UpdateItem lists returnConsumedCapacity,
// tableName, returnValues, conditionalOperator, key; TransactWriteItems clientRequestToken,
// returnConsumedCapacity, returnItemCollectionMetrics). Each overload appends the violations of
// one operation's request to `errors`.
void CheckMembers(const BatchGetItemRequest& r, const AbsentMembers& absent,
                  catalog::ConstraintErrors* errors);
void CheckMembers(const BatchWriteItemRequest& r, const AbsentMembers& absent,
                  catalog::ConstraintErrors* errors);
void CheckMembers(const TransactGetItemsRequest& r, const AbsentMembers& absent,
                  catalog::ConstraintErrors* errors);
void CheckMembers(const TransactWriteItemsRequest& r, const AbsentMembers& absent,
                  catalog::ConstraintErrors* errors);

// The operations whose members CheckMembers knows.
template <typename Req>
concept HasMemberChecks = requires(const Req& r, catalog::ConstraintErrors* e) {
  CheckMembers(r, AbsentMembers{}, e);
};

// A typed request's member violations as one ValidationException, or OK.
template <HasMemberChecks Req>
Status CheckMembers(const Req& r) {
  catalog::ConstraintErrors errors;
  CheckMembers(r, AbsentMembers{}, &errors);
  if (!errors.empty()) return errors.ToError();
  return OkStatus();
}

// A typed request's member violations whichever way its members are described: by the model
// (catalog::CheckModelMembers) or by a CheckMembers above.
template <typename Req>
Status CheckRequestMembers(const Req& r) {
  if constexpr (model::Modelled<Req>) {
    return catalog::CheckModelMembers(r);
  } else {
    return CheckMembers(r);
  }
}

// One enum member alone: "1 validation error detected: Value 'x' at 'field' failed to satisfy
// constraint: Member must satisfy enum value set: [A, B]" (values are case-sensitive). For a
// member nested where CheckMembers does not reach (a transaction's actions).
Status CheckEnum(const std::optional<std::string>& value, const char* field,
                 std::initializer_list<const char*> allowed);

// DynamoDB (2026) reports a single-item write's request-validation errors as one constraint
// violation: "1 validation error detected: " before the message. The families it wraps are the
// expressions (syntax, undefined and unused names and values, mixing with legacy members,
// ExpressionAttributeValues without an expression or empty) and the values themselves (an empty
// or duplicated set, NULL false); checks against the table (key types, key attributes updated,
// document paths, item size) stay bare. Returns `e` with the prefix where its family has it.
Error InValidationEnvelope(Error e);

}  // namespace ddblab
