// One request and one response struct per DynamoDB operation, with DynamoDB's field names in
// snake_case. Enum-valued fields are kept as DynamoDB's strings (std::optional when the field is
// optional) so the engine validates them and answers with DynamoDB's own messages, whatever front
// end built the request.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/model/items.h"
#include "ddblab/model/key_schema.h"
#include "ddblab/model/partiql.h"
#include "ddblab/model/reads.h"
#include "ddblab/model/transactions.h"
#include "ddblab/requests_resources.h"
#include "ddblab/result_item.h"
#include "ddblab/value.h"

namespace ddblab {

using Key = Item;

// DynamoDB's older parameters (Expected, AttributeUpdates, KeyConditions, QueryFilter, ScanFilter,
// AttributesToGet) are kept for old tutorials and SDK mappers, in the modelled requests
// (ddblab/model/items.h, reads.h). A request may use them or the expression members, never both.

// ---------------------------------------------------------------- control plane

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
};
struct SecondaryIndexSpec {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;  // GSIs only
};

struct CreateTableRequest {
  std::string table_name;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<KeySchemaElement> key_schema;
  std::optional<std::vector<SecondaryIndexSpec>> global_secondary_indexes;
  std::optional<std::vector<SecondaryIndexSpec>> local_secondary_indexes;
  std::optional<std::string> billing_mode;  // "PROVISIONED" (default) or "PAY_PER_REQUEST"
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<StreamSpecification> stream_specification;
  // The table's first tags, applied through TagResource once the table exists; a tag that
  // TagResource refuses fails the CreateTable and the table is not left behind.
  std::optional<std::vector<Tag>> tags;
};

struct GlobalSecondaryIndexUpdate {
  std::optional<SecondaryIndexSpec> create;
  std::optional<std::string> delete_index_name;
  std::optional<SecondaryIndexSpec> update;  // provisioned throughput only
};
struct UpdateTableRequest {
  std::string table_name;
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<std::string> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<std::vector<GlobalSecondaryIndexUpdate>> global_secondary_index_updates;
  std::optional<StreamSpecification> stream_specification;
};

// ---------------------------------------------------------------- items

// What every conditional write carries: its condition, the placeholders its expressions use,
// and what a failed condition returns. Each action of TransactWriteItems has it, as PutItem,
// UpdateItem and DeleteItem (model/items.h) have the same members.
struct ConditionalWrite {
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  std::optional<std::string> return_values_on_condition_check_failure;  // "NONE", "ALL_OLD"
};

// ---------------------------------------------------------------- batches

struct KeysAndAttributes {
  std::vector<Key> keys;
  std::optional<bool> consistent_read;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy
};
struct BatchGetItemRequest {
  std::map<std::string, KeysAndAttributes> request_items;
  std::optional<std::string> return_consumed_capacity;
};
struct BatchGetItemResponse {
  std::map<std::string, std::vector<ResultItem>> responses;
  std::map<std::string, KeysAndAttributes> unprocessed_keys;
  std::vector<ConsumedCapacity> consumed_capacity;  // one per table
  Trace trace;
};

struct WriteRequest {
  std::optional<Item> put_request_item;   // PutRequest.Item
  std::optional<Key> delete_request_key;  // DeleteRequest.Key
};
struct BatchWriteItemRequest {
  std::map<std::string, std::vector<WriteRequest>> request_items;
  std::optional<std::string> return_consumed_capacity;
  // "SIZE" or "NONE". SIZE is refused on a table with a local secondary index, where
  // DynamoDB would report item collection sizes and ddblab computes none.
  std::optional<std::string> return_item_collection_metrics;
};
struct BatchWriteItemResponse {
  std::map<std::string, std::vector<WriteRequest>> unprocessed_items;
  std::vector<ConsumedCapacity> consumed_capacity;
  Trace trace;
};

// ---------------------------------------------------------------- transactions

struct TransactGet {
  std::string table_name;
  Key key;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
};
struct TransactGetItemsRequest {
  std::vector<TransactGet> transact_items;
  std::optional<std::string> return_consumed_capacity;
};
// One of Put / Update / Delete / ConditionCheck, named by `action`.
struct TransactWriteItem : ConditionalWrite {
  std::string action;  // "Put", "Update", "Delete", "ConditionCheck"
  std::string table_name;
  std::optional<Item> item;  // Put
  std::optional<Key> key;    // Update, Delete, ConditionCheck
  std::optional<std::string> update_expression;
};
struct TransactWriteItemsRequest {
  std::vector<TransactWriteItem> transact_items;
  std::optional<std::string> client_request_token;
  std::optional<std::string> return_consumed_capacity;
  // "SIZE" or "NONE". SIZE is refused on a table with a local secondary index, where
  // DynamoDB would report item collection sizes and ddblab computes none.
  std::optional<std::string> return_item_collection_metrics;
};
}  // namespace ddblab
