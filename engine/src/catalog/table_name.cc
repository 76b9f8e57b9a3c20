// ValidateTableName: the name rule shared by tables and indexes.
#include "catalog/constraint_errors.h"
#include "catalog/schema.h"

namespace ddblab {

Status ValidateTableName(const std::string& name, const std::string& field) {
  catalog::ConstraintErrors errors;
  catalog::CheckResourceName(name, field, &errors);
  if (!errors.empty()) return errors.ToError();
  return OkStatus();
}

}  // namespace ddblab
