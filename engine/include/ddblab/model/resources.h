// The account and tagging operations written once as data (ddblab/model/shape.h):
// DescribeEndpoints, DescribeLimits, TagResource, UntagResource and ListTagsOfResource. Members,
// types and required members as in DynamoDB's service model.
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

// A tag as CreateTable and TagResource take it and ListTagsOfResource answers it. A Key or Value
// left out is refused by the engine with DynamoDB's own message ("... Key: null"), not the
// framework's missing-member one.
#define DDBLAB_SHAPE_Tag(M)                                                       \
  M(Key, key, std::string, model::kRequiredCheckedByEngine, model::kNoConstraint) \
  M(Value, value, std::string, model::kRequiredCheckedByEngine, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(Tag)

// A missing ResourceArn is DynamoDB's "Invalid TableArn", and missing Tags or TagKeys its
// "Member must not be null", which the engine gives, so typed callers are held to them too.
#define DDBLAB_SHAPE_TagResourceRequest(M)                                                         \
  M(ResourceArn, resource_arn, std::string, model::kRequiredCheckedByEngine, model::kNoConstraint) \
  M(Tags, tags, std::vector<Tag>, model::kRequiredCheckedByEngine, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(TagResourceRequest)

// DynamoDB answers TagResource and UntagResource with an empty body.
#define DDBLAB_SHAPE_TagResourceResponse(M)
DDBLAB_MODEL_STRUCT(TagResourceResponse)

#define DDBLAB_SHAPE_UntagResourceRequest(M)                                                       \
  M(ResourceArn, resource_arn, std::string, model::kRequiredCheckedByEngine, model::kNoConstraint) \
  M(TagKeys, tag_keys, std::vector<std::string>, model::kRequiredCheckedByEngine,                  \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(UntagResourceRequest)

#define DDBLAB_SHAPE_UntagResourceResponse(M)
DDBLAB_MODEL_STRUCT(UntagResourceResponse)

// Tags by key; always present, empty for a table without tags.
#define DDBLAB_SHAPE_ListTagsOfResourceResponse(M)                        \
  M(Tags, tags, std::vector<Tag>, model::kRequired, model::kNoConstraint) \
  M(NextToken, next_token, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListTagsOfResourceResponse)

}  // namespace ddblab
