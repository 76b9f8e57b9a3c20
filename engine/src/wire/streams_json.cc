// The DynamoDB Streams API's bodies: requests to structs, responses to DynamoDB Streams JSON.
#include "wire/codec.h"
#include "wire/json_read.h"

namespace ddblab::wire::internal {

Status FromJson(const Json& j, ListStreamsRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->table_name = d.String(j, "TableName");
  r->limit = d.Integer(j, "Limit");
  r->exclusive_start_stream_arn = d.String(j, "ExclusiveStartStreamArn");
  return d.Finish();
}

Status FromJson(const Json& j, DescribeStreamRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->stream_arn = d.String(j, "StreamArn");
  r->limit = d.Integer(j, "Limit");
  r->exclusive_start_shard_id = d.String(j, "ExclusiveStartShardId");
  return d.Finish();
}

Status FromJson(const Json& j, GetShardIteratorRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->stream_arn = d.String(j, "StreamArn");
  r->shard_id = d.String(j, "ShardId");
  r->shard_iterator_type = d.String(j, "ShardIteratorType");
  r->sequence_number = d.String(j, "SequenceNumber");
  return d.Finish();
}

Status FromJson(const Json& j, GetRecordsRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->shard_iterator = d.String(j, "ShardIterator");
  r->limit = d.Integer(j, "Limit");
  return d.Finish();
}

Json ToJson(const ListStreamsResponse& r, std::string_view) {
  Json streams = Json::array();
  for (const StreamSummary& s : r.streams) {
    streams.push_back(Json{
        {"StreamArn", s.stream_arn}, {"TableName", s.table_name}, {"StreamLabel", s.stream_label}});
  }
  Json j = Json{{"Streams", std::move(streams)}};
  if (r.last_evaluated_stream_arn) j["LastEvaluatedStreamArn"] = *r.last_evaluated_stream_arn;
  return j;
}

Json ToJson(const DescribeStreamResponse& r, std::string_view) {
  const StreamDescription& s = r.stream_description;
  Json shards = Json::array();
  for (const ShardDescription& sh : s.shards) {
    Json range = Json{{"StartingSequenceNumber", sh.starting_sequence_number}};
    if (sh.ending_sequence_number) range["EndingSequenceNumber"] = *sh.ending_sequence_number;
    Json one = Json{{"ShardId", sh.shard_id}, {"SequenceNumberRange", std::move(range)}};
    if (sh.parent_shard_id) one["ParentShardId"] = *sh.parent_shard_id;
    shards.push_back(std::move(one));
  }
  Json keys = Json::array();
  for (const KeySchemaElement& k : s.key_schema) {
    keys.push_back(Json{{"AttributeName", k.attribute_name}, {"KeyType", k.key_type}});
  }
  Json d = Json{{"StreamArn", s.stream_arn},
                {"StreamLabel", s.stream_label},
                {"StreamStatus", s.stream_status},
                {"StreamViewType", s.stream_view_type},
                {"CreationRequestDateTime", s.creation_request_date_time},
                {"TableName", s.table_name},
                {"KeySchema", std::move(keys)},
                {"Shards", std::move(shards)}};
  if (s.last_evaluated_shard_id) d["LastEvaluatedShardId"] = *s.last_evaluated_shard_id;
  return Json{{"StreamDescription", std::move(d)}};
}

Json ToJson(const GetShardIteratorResponse& r, std::string_view) {
  return Json{{"ShardIterator", r.shard_iterator}};
}

Json ToJson(const GetRecordsResponse& r, std::string_view) {
  Json records = Json::array();
  for (const StreamRecord& rec : r.records) {
    Json dynamodb = Json{{"ApproximateCreationDateTime", rec.approximate_creation_date_time},
                         {"Keys", ItemToJson(rec.keys)},
                         {"SequenceNumber", rec.sequence_number},
                         {"SizeBytes", rec.size_bytes},
                         {"StreamViewType", rec.stream_view_type}};
    if (rec.new_image) dynamodb["NewImage"] = ItemToJson(*rec.new_image);
    if (rec.old_image) dynamodb["OldImage"] = ItemToJson(*rec.old_image);
    Json one = Json{{"eventID", rec.event_id},     {"eventName", rec.event_name},
                    {"eventVersion", "1.1"},       {"eventSource", "aws:dynamodb"},
                    {"awsRegion", rec.aws_region}, {"dynamodb", std::move(dynamodb)}};
    // DynamoDB: a Time to Live deletion is made by the service itself.
    if (rec.by_time_to_live) {
      one["userIdentity"] = Json{{"Type", "Service"}, {"PrincipalId", "dynamodb.amazonaws.com"}};
    }
    records.push_back(std::move(one));
  }
  Json j = Json{{"Records", std::move(records)}};
  if (r.next_shard_iterator) j["NextShardIterator"] = *r.next_shard_iterator;
  return j;
}

}  // namespace ddblab::wire::internal
