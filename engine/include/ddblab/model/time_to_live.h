// UpdateTimeToLive and DescribeTimeToLive written once as data (ddblab/model/shape.h). Members,
// types and required members as in DynamoDB's service model, in its member order.
#pragma once

#include <string>

#include "ddblab/model/shape.h"

namespace ddblab {

// Enabled before AttributeName, as botocore's service model lists them: the order missing
// members are reported in and the order UpdateTimeToLive echoes them. AttributeName's 1 to 255
// characters are checked by the engine, so a typed call is held to them too.
#define DDBLAB_SHAPE_TimeToLiveSpecification(M)                     \
  M(Enabled, enabled, bool, model::kRequired, model::kNoConstraint) \
  M(AttributeName, attribute_name, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(TimeToLiveSpecification)

// The table's name is held to the table-name rules (its characters and length), as every
// operation's.
#define DDBLAB_SHAPE_UpdateTimeToLiveRequest(M)                                   \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)      \
  M(TimeToLiveSpecification, time_to_live_specification, TimeToLiveSpecification, \
    model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(UpdateTimeToLiveRequest)

// The request's specification, echoed.
#define DDBLAB_SHAPE_UpdateTimeToLiveResponse(M)                                  \
  M(TimeToLiveSpecification, time_to_live_specification, TimeToLiveSpecification, \
    model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(UpdateTimeToLiveResponse)

#define DDBLAB_SHAPE_DescribeTimeToLiveRequest(M) \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)
DDBLAB_MODEL_STRUCT(DescribeTimeToLiveRequest)

// TimeToLiveStatus is ENABLED or DISABLED (ddblab settles a change at once, so never ENABLING
// or DISABLING); AttributeName only while enabled.
#define DDBLAB_SHAPE_TimeToLiveDescription(M)                             \
  M(TimeToLiveStatus, time_to_live_status, std::string, model::kOptional, \
    model::OneOf("ENABLING|DISABLING|ENABLED|DISABLED"))                  \
  M(AttributeName, attribute_name, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(TimeToLiveDescription)

#define DDBLAB_SHAPE_DescribeTimeToLiveResponse(M)                                            \
  M(TimeToLiveDescription, time_to_live_description, TimeToLiveDescription, model::kOptional, \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeTimeToLiveResponse)

}  // namespace ddblab
