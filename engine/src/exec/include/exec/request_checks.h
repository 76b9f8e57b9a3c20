// Request-level checks shared by the operations: enum members, ReturnConsumedCapacity.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>

#include "ddblab/error.h"

namespace ddblab {

// DynamoDB's constraint message for a value outside an enum:
// "1 validation error detected: Value 'x' at 'field' failed to satisfy constraint: Member must
// satisfy enum value set: [A, B]". Values are case-sensitive.
Status CheckEnum(const std::optional<std::string>& value, const char* field,
                 std::initializer_list<const char*> allowed);

// DynamoDB (2026) reports a single-item write's request-validation errors as one constraint
// violation: "1 validation error detected: " before the message. The families it wraps are the
// expressions (syntax, undefined and unused names and values, mixing with legacy members,
// ExpressionAttributeValues without an expression or empty) and the values themselves (an empty
// or duplicated set, NULL false); checks against the table (key types, key attributes updated,
// document paths, item size) stay bare. Returns `e` with the prefix where its family has it.
Error InValidationEnvelope(Error e);

inline Status CheckReturnConsumedCapacity(const std::optional<std::string>& v) {
  return CheckEnum(v, "returnConsumedCapacity", {"INDEXES", "TOTAL", "NONE"});
}

}  // namespace ddblab
