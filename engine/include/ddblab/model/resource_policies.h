// PutResourcePolicy, GetResourcePolicy and DeleteResourcePolicy (a resource-based policy on a
// table or a stream), written once as data (ddblab/model/shape.h). Members, types, required
// members and constraints as in DynamoDB's service model: ResourceArn is a ResourceArnString
// (1 to 1283 characters), ExpectedRevisionId a PolicyRevisionId (1 to 255), Policy a
// ResourcePolicy string with no model constraint (its size and JSON are checked by the engine,
// with DynamoDB's messages).
#pragma once

#include <string>

#include "ddblab/model/shape.h"

namespace ddblab {

#define DDBLAB_SHAPE_PutResourcePolicyRequest(M)                                                  \
  M(ResourceArn, resource_arn, std::string, model::kRequired, model::Length(1, 1283))             \
  M(Policy, policy, std::string, model::kRequired, model::kNoConstraint)                          \
  M(ExpectedRevisionId, expected_revision_id, std::string, model::kOptional,                      \
    model::Length(1, 255))                                                                        \
  M(ConfirmRemoveSelfResourceAccess, confirm_remove_self_resource_access, bool, model::kOptional, \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(PutResourcePolicyRequest)

#define DDBLAB_SHAPE_PutResourcePolicyResponse(M) \
  M(RevisionId, revision_id, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(PutResourcePolicyResponse)

#define DDBLAB_SHAPE_GetResourcePolicyRequest(M) \
  M(ResourceArn, resource_arn, std::string, model::kRequired, model::Length(1, 1283))
DDBLAB_MODEL_STRUCT(GetResourcePolicyRequest)

#define DDBLAB_SHAPE_GetResourcePolicyResponse(M)                        \
  M(Policy, policy, std::string, model::kOptional, model::kNoConstraint) \
  M(RevisionId, revision_id, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(GetResourcePolicyResponse)

#define DDBLAB_SHAPE_DeleteResourcePolicyRequest(M)                                   \
  M(ResourceArn, resource_arn, std::string, model::kRequired, model::Length(1, 1283)) \
  M(ExpectedRevisionId, expected_revision_id, std::string, model::kOptional, model::Length(1, 255))
DDBLAB_MODEL_STRUCT(DeleteResourcePolicyRequest)

// RevisionId is absent when the resource had no policy to delete (DynamoDB answers that with an
// empty body, not an error).
#define DDBLAB_SHAPE_DeleteResourcePolicyResponse(M) \
  M(RevisionId, revision_id, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DeleteResourcePolicyResponse)

}  // namespace ddblab
