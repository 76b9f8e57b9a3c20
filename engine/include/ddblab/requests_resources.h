// Request and response structs of the operations around tables rather than items: tags
// (TagResource, UntagResource, ListTagsOfResource), Time to Live (UpdateTimeToLive,
// DescribeTimeToLive), DescribeEndpoints and DescribeLimits. Names follow DynamoDB's API
// reference; std::optional marks members a request may omit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/model/continuous_backups.h"

namespace ddblab {

struct Tag {
  std::string key;
  std::string value;
};

// A tag as a request gives it: a Key or Value left out is refused with DynamoDB's own message
// ("... Key: null"), not the generic missing-member one.
struct TagInput {
  std::optional<std::string> key;
  std::optional<std::string> value;
};
struct TagResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::vector<TagInput>> tags;
};
struct TagResourceResponse {};  // DynamoDB answers with an empty body

struct UntagResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::vector<std::string>> tag_keys;
};
struct UntagResourceResponse {};  // DynamoDB answers with an empty body

struct ListTagsOfResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::string> next_token;
};
struct ListTagsOfResourceResponse {
  std::vector<Tag> tags;  // by key
  std::optional<std::string> next_token;
};

struct TimeToLiveSpecification {
  std::string attribute_name;
  bool enabled = false;
};
struct UpdateTimeToLiveRequest {
  std::string table_name;
  std::optional<TimeToLiveSpecification> time_to_live_specification;
};
struct UpdateTimeToLiveResponse {
  TimeToLiveSpecification time_to_live_specification;  // the request's, echoed
};

struct DescribeTimeToLiveRequest {
  std::string table_name;
};
struct DescribeTimeToLiveResponse {
  std::string time_to_live_status = "DISABLED";  // ENABLED or DISABLED
  std::optional<std::string> attribute_name;     // while enabled
};

struct DescribeEndpointsRequest {};
struct EndpointDescription {
  std::string address;
  int64_t cache_period_in_minutes = 1440;
};
struct DescribeEndpointsResponse {
  std::vector<EndpointDescription> endpoints;
};

struct DescribeLimitsRequest {};
struct DescribeLimitsResponse {
  int64_t account_max_read_capacity_units = 80000;
  int64_t account_max_write_capacity_units = 80000;
  int64_t table_max_read_capacity_units = 40000;
  int64_t table_max_write_capacity_units = 40000;
};

}  // namespace ddblab
