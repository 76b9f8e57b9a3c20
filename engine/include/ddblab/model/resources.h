// The account and tag-listing operations written once as data (ddblab/model/shape.h):
// DescribeEndpoints, DescribeLimits and ListTagsOfResource. Members, types and required members
// as in DynamoDB's service model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddblab/model/shape.h"

namespace ddblab {

#define DDBLAB_SHAPE_DescribeEndpointsRequest(M)
DDBLAB_MODEL_STRUCT(DescribeEndpointsRequest)

#define DDBLAB_SHAPE_EndpointDescription(M)                                \
  M(Address, address, std::string, model::kRequired, model::kNoConstraint) \
  M(CachePeriodInMinutes, cache_period_in_minutes, int64_t, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(EndpointDescription)

#define DDBLAB_SHAPE_DescribeEndpointsResponse(M) \
  M(Endpoints, endpoints, std::vector<EndpointDescription>, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeEndpointsResponse)

#define DDBLAB_SHAPE_DescribeLimitsRequest(M)
DDBLAB_MODEL_STRUCT(DescribeLimitsRequest)

// DynamoDB always answers with all four (its default quotas under ddblab, set by the engine).
#define DDBLAB_SHAPE_DescribeLimitsResponse(M)                                                 \
  M(AccountMaxReadCapacityUnits, account_max_read_capacity_units, int64_t, model::kRequired,   \
    model::kNoConstraint)                                                                      \
  M(AccountMaxWriteCapacityUnits, account_max_write_capacity_units, int64_t, model::kRequired, \
    model::kNoConstraint)                                                                      \
  M(TableMaxReadCapacityUnits, table_max_read_capacity_units, int64_t, model::kRequired,       \
    model::kNoConstraint)                                                                      \
  M(TableMaxWriteCapacityUnits, table_max_write_capacity_units, int64_t, model::kRequired,     \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeLimitsResponse)

// A missing ResourceArn is DynamoDB's "Invalid TableArn", which the engine gives.
#define DDBLAB_SHAPE_ListTagsOfResourceRequest(M)                                                  \
  M(ResourceArn, resource_arn, std::string, model::kRequiredCheckedByEngine, model::kNoConstraint) \
  M(NextToken, next_token, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListTagsOfResourceRequest)

#define DDBLAB_SHAPE_Tag(M)                                        \
  M(Key, key, std::string, model::kRequired, model::kNoConstraint) \
  M(Value, value, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(Tag)

// Tags by key; always present, empty for a table without tags.
#define DDBLAB_SHAPE_ListTagsOfResourceResponse(M)                        \
  M(Tags, tags, std::vector<Tag>, model::kRequired, model::kNoConstraint) \
  M(NextToken, next_token, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListTagsOfResourceResponse)

}  // namespace ddblab
