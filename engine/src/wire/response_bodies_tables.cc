// Control-plane and DynamoDB Streams response bodies -> response structs (tables, tags,
// ListStreams, DescribeStream, GetShardIterator, GetRecords), for the client of a remote endpoint:
// the inverses of responses_tables_json.cc, responses_resources_json.cc and streams_json.cc.
// Members ddblab does not model (SSEDescription, TableClassSummary, DeletionProtectionEnabled, ...)
// are skipped, and members ddblab derives (IndexArn, NumberOfDecreasesToday, eventVersion,
// eventSource) are not read.
#include "wire/codec.h"
#include "wire/response_bodies.h"

namespace ddblab::wire::internal {
namespace {

std::vector<KeySchemaElement> ReadKeySchema(BodyReader& b, const Json& j) {
  std::vector<KeySchemaElement> out;
  b.EachObject(j, "KeySchema", [&](const Json& one) {
    KeySchemaElement k;
    b.Read(one, "AttributeName", &k.attribute_name);
    b.Read(one, "KeyType", &k.key_type);
    out.push_back(std::move(k));
  });
  return out;
}

// {"NumberOfDecreasesToday", "ReadCapacityUnits", "WriteCapacityUnits"}; nullopt when absent.
std::optional<ProvisionedThroughput> ReadThroughput(BodyReader& b, const Json& j) {
  const Json* t = b.Object(j, "ProvisionedThroughput");
  if (t == nullptr) return std::nullopt;
  BodyReader::Scope in = b.In("ProvisionedThroughput");
  ProvisionedThroughput out;
  b.Read(*t, "ReadCapacityUnits", &out.read_capacity_units);
  b.Read(*t, "WriteCapacityUnits", &out.write_capacity_units);
  return out;
}

IndexDescription ReadIndex(BodyReader& b, const Json& j) {
  IndexDescription i;
  b.Read(j, "IndexName", &i.index_name);
  i.key_schema = ReadKeySchema(b, j);
  if (const Json* p = b.Object(j, "Projection")) {
    BodyReader::Scope in = b.In("Projection");
    b.Read(*p, "ProjectionType", &i.projection.projection_type);
    b.Read(*p, "NonKeyAttributes", &i.projection.non_key_attributes);
  }
  // Local secondary indexes have neither (TableDescriptionToJson).
  b.Read(j, "IndexStatus", &i.index_status);
  i.provisioned_throughput = ReadThroughput(b, j);
  b.Read(j, "IndexSizeBytes", &i.index_size_bytes);
  b.Read(j, "ItemCount", &i.item_count);
  return i;
}

std::vector<IndexDescription> ReadIndexes(BodyReader& b, const Json& j, const char* member) {
  std::vector<IndexDescription> out;
  b.EachObject(j, member, [&](const Json& one) { out.push_back(ReadIndex(b, one)); });
  return out;
}

void ReadTableDescription(BodyReader& b, const Json& j, TableDescription* t) {
  b.EachObject(j, "AttributeDefinitions", [&](const Json& one) {
    AttributeDefinition a;
    b.Read(one, "AttributeName", &a.attribute_name);
    b.Read(one, "AttributeType", &a.attribute_type);
    t->attribute_definitions.push_back(std::move(a));
  });
  b.Read(j, "TableName", &t->table_name);
  t->key_schema = ReadKeySchema(b, j);
  b.Read(j, "TableStatus", &t->table_status);
  b.Read(j, "CreationDateTime", &t->creation_date_time);
  if (std::optional<ProvisionedThroughput> p = ReadThroughput(b, j)) {
    t->provisioned_throughput = *p;
  }
  b.Read(j, "TableSizeBytes", &t->table_size_bytes);
  b.Read(j, "ItemCount", &t->item_count);
  b.Read(j, "TableArn", &t->table_arn);
  b.Read(j, "TableId", &t->table_id);
  // DynamoDB: present once the table has been on demand; absent, the table is provisioned.
  if (const Json* s = b.Object(j, "BillingModeSummary")) {
    BodyReader::Scope in = b.In("BillingModeSummary");
    b.Read(*s, "BillingMode", &t->billing_mode);
    b.Read(*s, "LastUpdateToPayPerRequestDateTime", &t->last_update_to_pay_per_request);
  }
  t->local_secondary_indexes = ReadIndexes(b, j, "LocalSecondaryIndexes");
  t->global_secondary_indexes = ReadIndexes(b, j, "GlobalSecondaryIndexes");
  if (const Json* s = b.Object(j, "StreamSpecification")) {
    BodyReader::Scope in = b.In("StreamSpecification");
    StreamSpecification spec;
    b.Read(*s, "StreamEnabled", &spec.stream_enabled);
    b.Read(*s, "StreamViewType", &spec.stream_view_type);
    // A table describes its stream only while it is enabled, with its view type.
    if (spec.stream_enabled.value_or(true) && spec.stream_view_type) {
      t->stream_specification = std::move(spec);
    }
  }
  b.Read(j, "LatestStreamLabel", &t->latest_stream_label);
  b.Read(j, "LatestStreamArn", &t->latest_stream_arn);
}

// {"<member>": TableDescription}, the shape of every table operation's answer.
Status ReadTableAnswer(const Json& body, const char* member, TableDescription* t) {
  BodyReader b;
  if (!b.Body(body)) return b.Finish();
  if (const Json* d = b.Object(body, member)) {
    BodyReader::Scope in = b.In(member);
    ReadTableDescription(b, *d, t);
  }
  return b.Finish();
}

}  // namespace

// Members of the wrong JSON type are left at their defaults; FromJson of the table operations
// reports them.
TableDescription TableDescriptionFromJson(const Json& j) {
  TableDescription t;
  BodyReader b;
  if (j.is_object()) ReadTableDescription(b, j, &t);
  return t;
}

Status FromJson(const Json& j, CreateTableResponse* r) {
  return ReadTableAnswer(j, "TableDescription", &r->table_description);
}
Status FromJson(const Json& j, DescribeTableResponse* r) {
  return ReadTableAnswer(j, "Table", &r->table);
}
// DeleteTable's description leaves out the table's definition; those members stay defaults.
Status FromJson(const Json& j, DeleteTableResponse* r) {
  return ReadTableAnswer(j, "TableDescription", &r->table_description);
}
Status FromJson(const Json& j, UpdateTableResponse* r) {
  return ReadTableAnswer(j, "TableDescription", &r->table_description);
}

Status FromJson(const Json& j, ListTablesResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  b.Read(j, "TableNames", &r->table_names);
  b.Read(j, "LastEvaluatedTableName", &r->last_evaluated_table_name);
  return b.Finish();
}

Status FromJson(const Json& j, ListStreamsResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  b.EachObject(j, "Streams", [&](const Json& one) {
    StreamSummary s;
    b.Read(one, "StreamArn", &s.stream_arn);
    b.Read(one, "TableName", &s.table_name);
    b.Read(one, "StreamLabel", &s.stream_label);
    r->streams.push_back(std::move(s));
  });
  b.Read(j, "LastEvaluatedStreamArn", &r->last_evaluated_stream_arn);
  return b.Finish();
}

Status FromJson(const Json& j, DescribeStreamResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  const Json* d = b.Object(j, "StreamDescription");
  if (d == nullptr) return b.Finish();
  BodyReader::Scope in = b.In("StreamDescription");
  StreamDescription& s = r->stream_description;
  b.Read(*d, "StreamArn", &s.stream_arn);
  b.Read(*d, "StreamLabel", &s.stream_label);
  b.Read(*d, "StreamStatus", &s.stream_status);
  b.Read(*d, "StreamViewType", &s.stream_view_type);
  b.Read(*d, "CreationRequestDateTime", &s.creation_request_date_time);
  b.Read(*d, "TableName", &s.table_name);
  s.key_schema = ReadKeySchema(b, *d);
  b.EachObject(*d, "Shards", [&](const Json& one) {
    ShardDescription sh;
    b.Read(one, "ShardId", &sh.shard_id);
    if (const Json* range = b.Object(one, "SequenceNumberRange")) {
      BodyReader::Scope in_range = b.In("SequenceNumberRange");
      b.Read(*range, "StartingSequenceNumber", &sh.starting_sequence_number);
      b.Read(*range, "EndingSequenceNumber", &sh.ending_sequence_number);
    }
    b.Read(one, "ParentShardId", &sh.parent_shard_id);
    s.shards.push_back(std::move(sh));
  });
  b.Read(*d, "LastEvaluatedShardId", &s.last_evaluated_shard_id);
  return b.Finish();
}

Status FromJson(const Json& j, GetShardIteratorResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  b.Read(j, "ShardIterator", &r->shard_iterator);
  return b.Finish();
}

Status FromJson(const Json& j, GetRecordsResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  b.EachObject(j, "Records", [&](const Json& one) {
    StreamRecord rec;
    b.Read(one, "eventID", &rec.event_id);
    b.Read(one, "eventName", &rec.event_name);
    b.Read(one, "awsRegion", &rec.aws_region);
    if (const Json* d = b.Object(one, "dynamodb")) {
      BodyReader::Scope in_dynamodb = b.In("dynamodb");
      b.Read(*d, "ApproximateCreationDateTime", &rec.approximate_creation_date_time);
      std::optional<Item> keys;
      b.Read(*d, "Keys", &keys);
      if (keys) rec.keys = std::move(*keys);
      b.Read(*d, "SequenceNumber", &rec.sequence_number);
      b.Read(*d, "SizeBytes", &rec.size_bytes);
      b.Read(*d, "StreamViewType", &rec.stream_view_type);
      b.Read(*d, "NewImage", &rec.new_image);
      b.Read(*d, "OldImage", &rec.old_image);
    }
    // DynamoDB: a Time to Live deletion is made by the service itself.
    if (const Json* who = b.Object(one, "userIdentity")) {
      BodyReader::Scope in_who = b.In("userIdentity");
      std::string type, principal;
      b.Read(*who, "Type", &type);
      b.Read(*who, "PrincipalId", &principal);
      rec.by_time_to_live = type == "Service" && principal == "dynamodb.amazonaws.com";
    }
    r->records.push_back(std::move(rec));
  });
  b.Read(j, "NextShardIterator", &r->next_shard_iterator);
  return b.Finish();
}

}  // namespace ddblab::wire::internal
