// Control-plane response bodies -> response structs (CreateTable, DescribeTable, UpdateTable,
// DeleteTable, ListTables), for the client of a remote endpoint: the inverses of
// responses_tables_json.cc. Members ddblab does not model (SSEDescription, TableClassSummary,
// DeletionProtectionEnabled, ...) are skipped, and members ddblab derives (IndexArn,
// NumberOfDecreasesToday) are not read.
#include "wire/codec.h"
#include "wire/response_bodies.h"

namespace ddblab::wire::internal {
namespace {

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
  i.key_schema = model_codec::ReadBodyElements<KeySchemaElement>(b, j, "KeySchema");
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
  t->attribute_definitions =
      model_codec::ReadBodyElements<AttributeDefinition>(b, j, "AttributeDefinitions");
  b.Read(j, "TableName", &t->table_name);
  t->key_schema = model_codec::ReadBodyElements<KeySchemaElement>(b, j, "KeySchema");
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

}  // namespace ddblab::wire::internal
