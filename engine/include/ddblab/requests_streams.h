// Request and response structs of the DynamoDB Streams API (ListStreams, DescribeStream,
// GetShardIterator, GetRecords), served beside DynamoDB's own on the same engine. Names follow the
// DynamoDB Streams API reference; std::optional marks members a request may omit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/requests.h"
#include "ddblab/value.h"

namespace ddblab {

struct ListStreamsRequest {
  std::optional<std::string> table_name;
  std::optional<int64_t> limit;  // 1..100
  std::optional<std::string> exclusive_start_stream_arn;
};
struct StreamSummary {
  std::string stream_arn;
  std::string table_name;
  std::string stream_label;
};
struct ListStreamsResponse {
  std::vector<StreamSummary> streams;
  std::optional<std::string> last_evaluated_stream_arn;
};

struct DescribeStreamRequest {
  std::optional<std::string> stream_arn;
  std::optional<int64_t> limit;  // 1..100 shards
  std::optional<std::string> exclusive_start_shard_id;
};
struct ShardDescription {
  std::string shard_id;
  std::optional<std::string> parent_shard_id;
  std::string starting_sequence_number;
  std::optional<std::string> ending_sequence_number;  // a closed shard's
};
struct StreamDescription {
  std::string stream_arn;
  std::string stream_label;
  std::string stream_status;  // ENABLED or DISABLED (ddblab applies changes at once)
  std::string stream_view_type;
  double creation_request_date_time = 0;  // seconds since the epoch
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<ShardDescription> shards;
  std::optional<std::string> last_evaluated_shard_id;
};
struct DescribeStreamResponse {
  StreamDescription stream_description;
};

struct GetShardIteratorRequest {
  std::optional<std::string> stream_arn;
  std::optional<std::string> shard_id;
  std::optional<std::string>
      shard_iterator_type;  // TRIM_HORIZON, LATEST, AT_/AFTER_SEQUENCE_NUMBER
  std::optional<std::string> sequence_number;
};
struct GetShardIteratorResponse {
  std::string shard_iterator;
};

// One change, as GetRecords returns it.
struct StreamRecord {
  std::string event_id;
  std::string event_name;  // INSERT, MODIFY or REMOVE
  std::string aws_region;
  double approximate_creation_date_time = 0;  // whole seconds since the epoch
  Item keys;
  std::optional<Item> new_image;
  std::optional<Item> old_image;
  std::string sequence_number;
  int64_t size_bytes = 0;
  std::string stream_view_type;
  bool by_time_to_live = false;  // a Time to Live deletion (userIdentity: the service)
};
struct GetRecordsRequest {
  std::optional<std::string> shard_iterator;
  std::optional<int64_t> limit;  // 1..1000
};
struct GetRecordsResponse {
  std::vector<StreamRecord> records;
  std::optional<std::string> next_shard_iterator;  // absent at the end of a closed shard
};

}  // namespace ddblab
