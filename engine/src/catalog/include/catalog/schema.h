// The resolved shape of a table and its indexes, as the engine uses it after validation.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/arn.h"
#include "ddblab/requests.h"
#include "ddblab/value.h"

namespace ddblab {

struct KeyDef {
  std::string name;
  AttrType type = AttrType::kS;  // kS, kN or kB
};

struct IndexSchema {
  std::string name;
  bool global = true;  // GSI; false for LSI
  // DynamoDB (GSI.DesignPattern.MultiAttributeKeys): a GSI's partition key is 1-4 attributes and
  // its sort key 0-4, each with its own type, in KeySchema order; an LSI has exactly one of each.
  std::vector<KeyDef> hash_keys;
  std::vector<KeyDef> range_keys;
  std::string projection_type = "ALL";  // ALL, KEYS_ONLY, INCLUDE
  std::vector<std::string> non_key_attributes;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  int64_t storage_id = 0;  // names the SQLite table holding the index

  // Whether a non-key attribute `name` is stored in the index (keys of the index and of the
  // base table always are; pass the table so its keys count).
  bool Projects(const std::string& name, const struct TableSchema& table) const;
  // Whether `name` is one of the index's own key attributes.
  bool IsIndexKey(const std::string& name) const;
  // Whether the partition or sort key has more than one attribute (then ipk/isk hold the
  // tuple encoding of value/key_tuple.h instead of a single value's encoding).
  bool MultiAttribute() const { return hash_keys.size() > 1 || range_keys.size() > 1; }
  // The index's KeySchema as DescribeTable lists it: HASH attributes, then RANGE attributes.
  std::vector<KeySchemaElement> KeySchema() const;
};

// One stream of a table (DynamoDB Streams). Enabling makes a new one; disabling keeps it,
// readable, until its records age out.
struct StreamState {
  std::string label;               // the enable time, "2026-11-26T09:40:00.123" (UTC)
  std::string view_type;           // KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES
  double created = 0;              // engine clock, seconds
  std::optional<double> disabled;  // when it was disabled
};

struct TableSchema {
  std::string name;
  int64_t storage_id = 0;  // names the SQLite table holding the items
  KeyDef hash;
  std::optional<KeyDef> range;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<IndexSchema> global_secondary_indexes;
  std::vector<IndexSchema> local_secondary_indexes;
  std::string billing_mode = "PROVISIONED";
  ProvisionedThroughput provisioned_throughput;
  double creation_date_time = 0;
  // When PAY_PER_REQUEST was last set (at creation or by UpdateTable); 0 when never. DynamoDB
  // describes BillingModeSummary from the first time a table is on demand, in either mode.
  double last_update_to_pay_per_request = 0;
  int partition_override = 0;  // 0: derived from throughput and size
  // UpdateTimeToLive: the attribute holding each item's expiry (epoch seconds) while enabled.
  std::optional<std::string> ttl_attribute;
  // UpdateContinuousBackups: point-in-time recovery while enabled (when, and for how many days
  // back a restore may reach).
  struct PointInTimeRecovery {
    double enabled_at = 0;  // engine clock, seconds
    int recovery_period_in_days = 35;
  };
  std::optional<PointInTimeRecovery> point_in_time_recovery;
  // PutResourcePolicy: the resource-based policies attached to the table (key "") and to its
  // streams (key: the stream's label), kept and returned, never enforced.
  struct ResourcePolicy {
    std::string document;     // as the request gave it
    std::string revision_id;  // milliseconds on the engine clock, rising with each change
  };
  std::map<std::string, ResourcePolicy> resource_policies;
  // TagResource: the table's tags by key.
  std::map<std::string, std::string> tags;
  // StreamSpecification: every stream the table has had, oldest first.
  std::vector<StreamState> streams;

  // The stream records are written to, or null when none is enabled.
  const StreamState* EnabledStream() const {
    return !streams.empty() && !streams.back().disabled ? &streams.back() : nullptr;
  }

  const IndexSchema* FindIndex(const std::string& index_name) const;
  bool IsKeyAttribute(const std::string& name) const {
    return name == hash.name || (range && name == range->name);
  }
};

// Validates a CreateTable request with DynamoDB's messages and returns the schema it describes
// (storage ids and creation time unset).
Result<TableSchema> ValidateCreateTable(const CreateTableRequest& r);

// Validates one UpdateTable request against the current schema and returns the new schema
// (a created GSI has storage_id 0; the caller assigns one and backfills it).
Result<TableSchema> ValidateUpdateTable(const TableSchema& current, const UpdateTableRequest& r);

// DescribeTable's view of a schema (counts and sizes left for the caller to fill in).
TableDescription DescribeSchema(const TableSchema& s, const std::string& region,
                                const std::string& account_id);

// "arn:aws:dynamodb:<region>:<account>:table/<name>", as DescribeTable shows TableArn.
std::string TableArn(const std::string& region, const std::string& account_id,
                     const std::string& table_name);
// "<table arn>/stream/<label>", a stream's ARN.
std::string StreamArn(const std::string& table_arn, const std::string& label);
// "<table arn>/index/<index>", as DescribeTable shows IndexArn.
std::string IndexArn(const std::string& table_arn, const std::string& index_name);
// A stable UUID-shaped TableId derived from the table's name and creation time, so a table
// recreated under the same name gets a different id.
std::string DeriveTableId(const std::string& table_name, double creation_date_time);

// DynamoDB's table/index name rule: 3..255 characters of [a-zA-Z0-9_.-]. Returns the
// ValidationException DynamoDB gives, naming `field` ("tableName", "indexName"). Where a table
// name goes (`field` "tableName"), a table's ARN is accepted too (up to 1024 characters).
Status ValidateTableName(const std::string& name, const std::string& field = "tableName");

// The table a TableName member names: the name itself, or the name inside a table ARN
// "arn:aws:dynamodb:<any region>:<account_id>:table/<name>" (DynamoDB accepts a table's ARN
// wherever a table name goes). One catalog answers every region a client signs for, so the
// region is not compared. Any other ARN gives "", which names no table.
std::string TableNameOf(const std::string& name_or_arn, const std::string& account_id);

}  // namespace ddblab
