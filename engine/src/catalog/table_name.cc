// ValidateTableName: the name rule shared by tables and indexes.
#include "catalog/constraint_errors.h"
#include "catalog/schema.h"
#include "ddblab/arn.h"

namespace ddblab {

namespace {

constexpr std::string_view kArnPrefix = "arn:";
// DynamoDB: the TableArn type is 1..1024 characters (API reference, e.g. GetItem TableName).
constexpr size_t kMaxTableArnLength = 1024;

bool LooksLikeArn(const std::string& name) { return name.starts_with(kArnPrefix); }

}  // namespace

namespace catalog {

void CheckTableName(const std::string& name, const std::string& field, ConstraintErrors* errors) {
  if (field == "tableName" && LooksLikeArn(name)) {
    if (name.size() > kMaxTableArnLength) errors->MaxLength(Quote(name), field, 1024);
    return;
  }
  // DynamoDB: an empty TableName fails only the TableArn type's length (1..1024), reported
  // alone (verified against DynamoDB, UpdateItem with TableName '').
  if (field == "tableName" && name.empty()) {
    errors->MinLength(Quote(name), field, 1);
    return;
  }
  CheckResourceName(name, field, errors);
}

}  // namespace catalog

Status ValidateTableName(const std::string& name, const std::string& field) {
  catalog::ConstraintErrors errors;
  catalog::CheckTableName(name, field, &errors);
  if (!errors.empty()) return errors.ToError();
  return OkStatus();
}

std::string TableNameOf(const std::string& name_or_arn, const std::string& account_id) {
  if (!LooksLikeArn(name_or_arn)) return name_or_arn;
  // arn:aws:dynamodb:<region>:<account>:table/<name>
  const std::string service = "arn:aws:dynamodb:";
  if (!name_or_arn.starts_with(service)) return "";
  const size_t region_end = name_or_arn.find(':', service.size());
  if (region_end == std::string::npos || region_end == service.size()) return "";
  const std::string rest = name_or_arn.substr(region_end + 1);
  const std::string owner = account_id + ":table/";
  if (!rest.starts_with(owner)) return "";
  const std::string name = rest.substr(owner.size());
  if (name.empty() || name.find('/') != std::string::npos) return "";
  return name;
}

std::string ArnInRegion(const std::string& arn, const std::string& region) {
  const std::string service = "arn:aws:dynamodb:";
  if (!arn.starts_with(service)) return arn;
  const size_t region_end = arn.find(':', service.size());
  if (region_end == std::string::npos) return arn;
  return service + region + arn.substr(region_end);
}

}  // namespace ddblab
