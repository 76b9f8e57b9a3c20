// Rules shared by CreateTable and UpdateTable: key schemas, projections, throughput and the
// messages DynamoDB gives when they are broken.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/constraint_errors.h"
#include "catalog/schema.h"
#include "ddblab/error.h"
#include "ddblab/requests.h"

namespace ddblab::catalog {

// Prefix of DynamoDB's semantic parameter errors.
inline constexpr char kInvalidPrefix[] = "One or more parameter values were invalid: ";

// DynamoDB: an index may project at most 20 NonKeyAttributes, and all indexes of a table together
// at most 100 (an attribute projected by two indexes counts twice).
inline constexpr size_t kMaxNonKeyAttributesPerIndex = 20;
inline constexpr size_t kMaxProjectedAttributes = 100;
inline constexpr size_t kMaxGlobalSecondaryIndexes = 20;
inline constexpr size_t kMaxLocalSecondaryIndexes = 5;
// DynamoDB: capacity units above this are "out of bounds".
inline constexpr int64_t kMaxCapacityUnits = 1000000000000;

// "S", "N" or "B" to the key type; false for anything else.
bool ParseKeyAttributeType(const std::string& name, AttrType* out);

// Envelope checks of a KeySchema list at `path` ("keySchema",
// "globalSecondaryIndexes.1.member.keySchema"). A table's or LSI's KeySchema has at most two
// elements; a GSI's (`multi_attribute`) has no envelope maximum, CheckGsiKeySchema counts it.
void CheckKeySchemaShape(const std::vector<KeySchemaElement>& key_schema, const std::string& path,
                         ConstraintErrors* errors, bool multi_attribute = false);
// Envelope checks of a Projection at `path` (".../projection").
void CheckProjectionShape(const Projection& projection, const std::string& path,
                          ConstraintErrors* errors);
// Envelope checks of a ProvisionedThroughput at `path`.
void CheckThroughputShape(const ProvisionedThroughput& throughput, const std::string& path,
                          ConstraintErrors* errors);
// Envelope checks of AttributeDefinitions at `path` ("attributeDefinitions").
void CheckAttributeDefinitionsShape(const std::vector<AttributeDefinition>& definitions,
                                    const std::string& path, ConstraintErrors* errors);

// "Given value N for ReadCapacityUnits is out of bounds" when a value exceeds the maximum.
std::optional<Error> CheckThroughputBounds(const ProvisionedThroughput& throughput);

// HASH first, RANGE second, two different names.
std::optional<Error> CheckKeyOrder(const std::vector<KeySchemaElement>& key_schema);

// DynamoDB (GSI.DesignPattern.MultiAttributeKeys): a GSI KeySchema is 1-4 HASH elements followed
// by 0-4 RANGE elements, no attribute twice.
inline constexpr size_t kMaxKeyAttributesPerKey = 4;
std::optional<Error> CheckGsiKeySchema(const std::vector<KeySchemaElement>& key_schema);

// ProjectionType present; NonKeyAttributes exactly with INCLUDE, without duplicates.
std::optional<Error> CheckProjection(const Projection& projection);

// The number of NonKeyAttributes an index spec projects (0 unless INCLUDE).
size_t ProjectedAttributeCount(const SecondaryIndexSpec& spec);

// Looks up `name` in `definitions`; nullptr when absent.
const AttributeDefinition* FindDefinition(const std::vector<AttributeDefinition>& definitions,
                                          const std::string& name);

// The key definition for a key schema element; the attribute must be defined with S, N or B.
KeyDef MakeKeyDef(const std::string& name, const std::vector<AttributeDefinition>& definitions);

// The schema of a validated index spec.
IndexSchema MakeIndexSchema(const SecondaryIndexSpec& spec, bool global,
                            const std::vector<AttributeDefinition>& definitions);

}  // namespace ddblab::catalog
