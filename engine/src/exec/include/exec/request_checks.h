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

inline Status CheckReturnConsumedCapacity(const std::optional<std::string>& v) {
  return CheckEnum(v, "returnConsumedCapacity", {"INDEXES", "TOTAL", "NONE"});
}

}  // namespace ddblab
