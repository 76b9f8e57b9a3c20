// DescribeContinuousBackups and UpdateContinuousBackups (point-in-time recovery as a table
// setting), written once as data (ddblab/model/shape.h). Members, types, required members and
// constraints as in DynamoDB's service model.
#pragma once

#include <cstdint>
#include <string>

#include "ddblab/model/shape.h"

namespace ddblab {

// TableName is a TableArn shape here: a table's name or its ARN, 1 to 1024 characters.
#define DDBLAB_SHAPE_DescribeContinuousBackupsRequest(M) \
  M(TableName, table_name, std::string, model::kRequired, model::Length(1, 1024))
DDBLAB_MODEL_STRUCT(DescribeContinuousBackupsRequest)

// Restorable times are seconds since the epoch, as DynamoDB's JSON protocol writes timestamps.
#define DDBLAB_SHAPE_PointInTimeRecoveryDescription(M)                                         \
  M(PointInTimeRecoveryStatus, point_in_time_recovery_status, std::string, model::kOptional,   \
    model::OneOf("ENABLED|DISABLED"))                                                          \
  M(RecoveryPeriodInDays, recovery_period_in_days, int, model::kOptional, model::Range(1, 35)) \
  M(EarliestRestorableDateTime, earliest_restorable_date_time, double, model::kOptional,       \
    model::kNoConstraint)                                                                      \
  M(LatestRestorableDateTime, latest_restorable_date_time, double, model::kOptional,           \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(PointInTimeRecoveryDescription)

#define DDBLAB_SHAPE_ContinuousBackupsDescription(M)                                   \
  M(ContinuousBackupsStatus, continuous_backups_status, std::string, model::kRequired, \
    model::OneOf("ENABLED|DISABLED"))                                                  \
  M(PointInTimeRecoveryDescription, point_in_time_recovery_description,                \
    PointInTimeRecoveryDescription, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ContinuousBackupsDescription)

#define DDBLAB_SHAPE_DescribeContinuousBackupsResponse(M)                                       \
  M(ContinuousBackupsDescription, continuous_backups_description, ContinuousBackupsDescription, \
    model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeContinuousBackupsResponse)

#define DDBLAB_SHAPE_PointInTimeRecoverySpecification(M)                                \
  M(PointInTimeRecoveryEnabled, point_in_time_recovery_enabled, bool, model::kRequired, \
    model::kNoConstraint)                                                               \
  M(RecoveryPeriodInDays, recovery_period_in_days, int, model::kOptional, model::Range(1, 35))
DDBLAB_MODEL_STRUCT(PointInTimeRecoverySpecification)

#define DDBLAB_SHAPE_UpdateContinuousBackupsRequest(M)                            \
  M(TableName, table_name, std::string, model::kRequired, model::Length(1, 1024)) \
  M(PointInTimeRecoverySpecification, point_in_time_recovery_specification,       \
    PointInTimeRecoverySpecification, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(UpdateContinuousBackupsRequest)

#define DDBLAB_SHAPE_UpdateContinuousBackupsResponse(M)                                         \
  M(ContinuousBackupsDescription, continuous_backups_description, ContinuousBackupsDescription, \
    model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(UpdateContinuousBackupsResponse)

}  // namespace ddblab
