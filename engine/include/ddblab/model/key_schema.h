// A table's key attributes, written once as data (ddblab/model/shape.h): the attribute
// definitions and key schema elements of CreateTable, UpdateTable, DescribeTable and (the key
// schema) DescribeStream.
#pragma once

#include <string>

#include "ddblab/model/shape.h"

namespace ddblab {

// AttributeType is S, N or B.
#define DDBLAB_SHAPE_AttributeDefinition(M)                                             \
  M(AttributeName, attribute_name, std::string, model::kRequired, model::kNoConstraint) \
  M(AttributeType, attribute_type, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(AttributeDefinition)

// KeyType is HASH or RANGE. CreateTable and UpdateTable check the members of both shapes with
// their own messages (catalog/), so the model adds no constraint.
#define DDBLAB_SHAPE_KeySchemaElement(M)                                                \
  M(AttributeName, attribute_name, std::string, model::kRequired, model::kNoConstraint) \
  M(KeyType, key_type, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(KeySchemaElement)

}  // namespace ddblab
