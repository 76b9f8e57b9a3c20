#include "exec/request_checks.h"

namespace ddblab {

Status CheckEnum(const std::optional<std::string>& value, const char* field,
                 std::initializer_list<const char*> allowed) {
  if (!value) return OkStatus();
  std::string set;
  for (const char* a : allowed) {
    if (*value == a) return OkStatus();
    set += set.empty() ? a : std::string(", ") + a;
  }
  return ValidationError("1 validation error detected: Value '" + *value + "' at '" + field +
                         "' failed to satisfy constraint: Member must satisfy enum value set: [" +
                         set + "]");
}

}  // namespace ddblab
