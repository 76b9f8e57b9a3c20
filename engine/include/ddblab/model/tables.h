// The table operations' shapes written once as data (ddblab/model/shape.h): ListTables,
// DescribeTable and DeleteTable, and the TableDescription every table operation answers with
// (CreateTable's and UpdateTable's requests are still read by hand, wire/requests_tables_json.cc).
// Members, types and required members as in DynamoDB's service model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddblab/model/key_schema.h"
#include "ddblab/model/shape.h"

namespace ddblab {

// ---------------------------------------------------------------- ListTables

// Limit (1..100) before ExclusiveStartTableName, the order DynamoDB reports their violations in
// (checked against DynamoDB; botocore lists ExclusiveStartTableName first). The start name is
// held to the table-name rules, its pattern then its length.
#define DDBLAB_SHAPE_ListTablesRequest(M)                                               \
  M(Limit, limit, int, model::kOptional, model::Range(1, 100))                          \
  M(ExclusiveStartTableName, exclusive_start_table_name, std::string, model::kOptional, \
    model::kTableName)
DDBLAB_MODEL_STRUCT(ListTablesRequest)

// Tables in name order; LastEvaluatedTableName when more remain after the page.
#define DDBLAB_SHAPE_ListTablesResponse(M)                                                     \
  M(TableNames, table_names, std::vector<std::string>, model::kRequired, model::kNoConstraint) \
  M(LastEvaluatedTableName, last_evaluated_table_name, std::string, model::kOptional,          \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListTablesResponse)

// ---------------------------------------------------------------- a table's parts

// ProjectionType is ALL, KEYS_ONLY or INCLUDE; NonKeyAttributes only with INCLUDE. CreateTable
// and UpdateTable check both with their own messages (catalog/index_rules.cc).
#define DDBLAB_SHAPE_Projection(M)                                                        \
  M(ProjectionType, projection_type, std::string, model::kOptional, model::kNoConstraint) \
  M(NonKeyAttributes, non_key_attributes, std::vector<std::string>, model::kOptional,     \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(Projection)

// A table's change stream (DynamoDB Streams). StreamViewType is KEYS_ONLY, NEW_IMAGE, OLD_IMAGE
// or NEW_AND_OLD_IMAGES; a missing StreamEnabled has the engine's own message
// (catalog/stream_rules.cc).
#define DDBLAB_SHAPE_StreamSpecification(M)                                                     \
  M(StreamEnabled, stream_enabled, bool, model::kRequiredCheckedByEngine, model::kNoConstraint) \
  M(StreamViewType, stream_view_type, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(StreamSpecification)

// A table's or a GSI's provisioned units as described: zeros on demand. ddblab never lowers
// units behind a request's back, so NumberOfDecreasesToday is always 0.
#define DDBLAB_SHAPE_ProvisionedThroughputDescription(M)                                     \
  M(NumberOfDecreasesToday, number_of_decreases_today, int64_t, model::kRequired,            \
    model::kNoConstraint)                                                                    \
  M(ReadCapacityUnits, read_capacity_units, int64_t, model::kRequired, model::kNoConstraint) \
  M(WriteCapacityUnits, write_capacity_units, int64_t, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ProvisionedThroughputDescription)

// Present once a table has been on demand, in whichever mode it is now.
#define DDBLAB_SHAPE_BillingModeSummary(M)                                               \
  M(BillingMode, billing_mode, std::string, model::kRequired, model::kNoConstraint)      \
  M(LastUpdateToPayPerRequestDateTime, last_update_to_pay_per_request_date_time, double, \
    model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(BillingModeSummary)

// One shape for DynamoDB's LocalSecondaryIndexDescription and GlobalSecondaryIndexDescription:
// a local index has neither IndexStatus nor ProvisionedThroughput, which are absent for it.
#define DDBLAB_SHAPE_IndexDescription(M)                                                          \
  M(IndexName, index_name, std::string, model::kRequired, model::kNoConstraint)                   \
  M(KeySchema, key_schema, std::vector<KeySchemaElement>, model::kRequired, model::kNoConstraint) \
  M(Projection, projection, Projection, model::kRequired, model::kNoConstraint)                   \
  M(IndexStatus, index_status, std::string, model::kOptional, model::kNoConstraint)               \
  M(ProvisionedThroughput, provisioned_throughput, ProvisionedThroughputDescription,              \
    model::kOptional, model::kNoConstraint)                                                       \
  M(IndexSizeBytes, index_size_bytes, int64_t, model::kRequired, model::kNoConstraint)            \
  M(ItemCount, item_count, int64_t, model::kRequired, model::kNoConstraint)                       \
  M(IndexArn, index_arn, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(IndexDescription)

// A table as DynamoDB describes it, in the service model's member order (which the aws CLI
// prints). The definition (AttributeDefinitions, KeySchema, CreationDateTime) and the index
// lists are left out while empty: DeleteTable describes a table without them, and a table
// without indexes has no lists. StreamSpecification while a stream is enabled; the latest
// stream's label and ARN also after it is disabled.
#define DDBLAB_SHAPE_TableDescription(M)                                                         \
  M(AttributeDefinitions, attribute_definitions, std::vector<AttributeDefinition>,               \
    model::kRequired | model::kOmitEmpty, model::kNoConstraint)                                  \
  M(TableName, table_name, std::string, model::kRequired, model::kNoConstraint)                  \
  M(KeySchema, key_schema, std::vector<KeySchemaElement>, model::kRequired | model::kOmitEmpty,  \
    model::kNoConstraint)                                                                        \
  M(TableStatus, table_status, std::string, model::kRequired, model::kNoConstraint)              \
  M(CreationDateTime, creation_date_time, double, model::kRequired | model::kOmitEmpty,          \
    model::kNoConstraint)                                                                        \
  M(ProvisionedThroughput, provisioned_throughput, ProvisionedThroughputDescription,             \
    model::kRequired, model::kNoConstraint)                                                      \
  M(TableSizeBytes, table_size_bytes, int64_t, model::kRequired, model::kNoConstraint)           \
  M(ItemCount, item_count, int64_t, model::kRequired, model::kNoConstraint)                      \
  M(TableArn, table_arn, std::string, model::kRequired, model::kNoConstraint)                    \
  M(TableId, table_id, std::string, model::kRequired, model::kNoConstraint)                      \
  M(BillingModeSummary, billing_mode_summary, BillingModeSummary, model::kOptional,              \
    model::kNoConstraint)                                                                        \
  M(LocalSecondaryIndexes, local_secondary_indexes, std::vector<IndexDescription>,               \
    model::kRequired | model::kOmitEmpty, model::kNoConstraint)                                  \
  M(GlobalSecondaryIndexes, global_secondary_indexes, std::vector<IndexDescription>,             \
    model::kRequired | model::kOmitEmpty, model::kNoConstraint)                                  \
  M(StreamSpecification, stream_specification, StreamSpecification, model::kOptional,            \
    model::kNoConstraint)                                                                        \
  M(LatestStreamLabel, latest_stream_label, std::string, model::kOptional, model::kNoConstraint) \
  M(LatestStreamArn, latest_stream_arn, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(TableDescription)

// PROVISIONED or PAY_PER_REQUEST: a table never on demand has no BillingModeSummary.
inline std::string BillingModeOf(const TableDescription& t) {
  return t.billing_mode_summary ? t.billing_mode_summary->billing_mode : "PROVISIONED";
}

// ---------------------------------------------------------------- DescribeTable, DeleteTable

// DescribeTable and DeleteTable name their table alone.
#define DDBLAB_SHAPE_DescribeTableRequest(M) \
  M(TableName, table_name, std::string, model::kRequired, model::kTableName)
DDBLAB_MODEL_STRUCT(DescribeTableRequest)

#define DDBLAB_SHAPE_DescribeTableResponse(M) \
  M(Table, table, TableDescription, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeTableResponse)

#define DDBLAB_SHAPE_DeleteTableRequest(M) DDBLAB_SHAPE_DescribeTableRequest(M)
DDBLAB_MODEL_STRUCT(DeleteTableRequest)

// CreateTable, UpdateTable and DeleteTable answer with the table's description (DeleteTable's
// without its definition, API reference and aws CLI reference examples: the engine leaves those
// members empty). CreateTable's and UpdateTable's requests are not modelled yet.
#define DDBLAB_SHAPE_CreateTableResponse(M) \
  M(TableDescription, table_description, TableDescription, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(CreateTableResponse)
#define DDBLAB_SHAPE_UpdateTableResponse(M) DDBLAB_SHAPE_CreateTableResponse(M)
DDBLAB_MODEL_STRUCT(UpdateTableResponse)
#define DDBLAB_SHAPE_DeleteTableResponse(M) DDBLAB_SHAPE_CreateTableResponse(M)
DDBLAB_MODEL_STRUCT(DeleteTableResponse)

}  // namespace ddblab
