// DescribeContinuousBackups and UpdateContinuousBackups: point-in-time recovery as a table
// setting, kept in the catalog with the schema. ddblab keeps no backups to restore from; it
// answers as DynamoDB does for a table whose continuous backups are on (always ENABLED) and
// whose point-in-time recovery is enabled or not.
#include <algorithm>

#include "exec/engine_impl.h"

namespace ddblab {
namespace {

// DynamoDB: these operations answer a missing table with TableNotFoundException, not the
// ResourceNotFoundException of DescribeTable.
Error ContinuousBackupsTableNotFound(const std::string& name) {
  return MakeError(ErrorType::kTableNotFoundException, "Table not found: " + name);
}

// DynamoDB: the latest restorable time trails the present by about five minutes.
constexpr double kRestoreLagSeconds = 300;
constexpr double kSecondsPerDay = 86400;

ContinuousBackupsDescription DescribeRecovery(const TableSchema& s, double now) {
  ContinuousBackupsDescription d;
  d.continuous_backups_status = "ENABLED";
  PointInTimeRecoveryDescription& pitr = d.point_in_time_recovery_description.emplace();
  if (!s.point_in_time_recovery) {
    pitr.point_in_time_recovery_status = "DISABLED";
    return d;
  }
  const TableSchema::PointInTimeRecovery& on = *s.point_in_time_recovery;
  pitr.point_in_time_recovery_status = "ENABLED";
  pitr.recovery_period_in_days = on.recovery_period_in_days;
  const double earliest =
      std::max(on.enabled_at, now - on.recovery_period_in_days * kSecondsPerDay);
  pitr.earliest_restorable_date_time = earliest;
  pitr.latest_restorable_date_time = std::max(earliest, now - kRestoreLagSeconds);
  return d;
}

}  // namespace

Result<DescribeContinuousBackupsResponse> EngineImpl::DescribeContinuousBackups(
    const DescribeContinuousBackupsRequest& r) {
  std::lock_guard lock(mutex_);
  // TableName is a table's name or its ARN.
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return ContinuousBackupsTableNotFound(r.table_name);
  DescribeContinuousBackupsResponse resp;
  resp.continuous_backups_description = DescribeRecovery(it->second, Now());
  return resp;
}

Result<UpdateContinuousBackupsResponse> EngineImpl::UpdateContinuousBackups(
    const UpdateContinuousBackupsRequest& r) {
  std::lock_guard lock(mutex_);
  // TableName is a table's name or its ARN.
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return ContinuousBackupsTableNotFound(r.table_name);
  const PointInTimeRecoverySpecification& spec = r.point_in_time_recovery_specification;
  TableSchema s = it->second;
  if (!spec.point_in_time_recovery_enabled) {
    // A period describes enabled recovery only; refused by name rather than dropped.
    if (spec.recovery_period_in_days) {
      return ValidationError(
          "RecoveryPeriodInDays can only be given when PointInTimeRecoveryEnabled is true");
    }
    s.point_in_time_recovery.reset();
  } else {
    TableSchema::PointInTimeRecovery on;
    // Enabling again keeps the restorable window; only the period changes.
    on.enabled_at = s.point_in_time_recovery ? s.point_in_time_recovery->enabled_at : Now();
    on.recovery_period_in_days = spec.recovery_period_in_days.value_or(35);
    s.point_in_time_recovery = on;
  }
  DDB_TRY(SaveSchema(s));
  UpdateContinuousBackupsResponse resp;
  resp.continuous_backups_description = DescribeRecovery(s, Now());
  return resp;
}

}  // namespace ddblab
