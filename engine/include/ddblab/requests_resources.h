// Request and response structs of the operations around tables rather than items: TagResource
// and UntagResource written by hand, and the model files of the others (ListTagsOfResource,
// Time to Live, continuous backups, DescribeEndpoints, DescribeLimits). Names follow DynamoDB's
// API reference; std::optional marks members a request may omit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/model/continuous_backups.h"
#include "ddblab/model/resource_policies.h"
#include "ddblab/model/resources.h"
#include "ddblab/model/time_to_live.h"

namespace ddblab {

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

}  // namespace ddblab
