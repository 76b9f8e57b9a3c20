// DescribeSchema: the TableDescription DescribeTable shows for a schema, plus the ARN and
// TableId helpers it uses.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "catalog/partition_model.h"
#include "catalog/schema.h"

namespace ddblab {

namespace {

uint64_t Fnv1a(const std::string& data, uint64_t basis) {
  uint64_t h = basis;
  for (unsigned char c : data) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::vector<KeySchemaElement> KeySchemaOf(const KeyDef& hash, const std::optional<KeyDef>& range) {
  // DynamoDB always lists the partition key first.
  std::vector<KeySchemaElement> out{{hash.name, "HASH"}};
  if (range) out.push_back({range->name, "RANGE"});
  return out;
}

// Provisioned units as a description shows them.
ProvisionedThroughputDescription Described(const ProvisionedThroughput& t) {
  return ProvisionedThroughputDescription{0, t.read_capacity_units, t.write_capacity_units};
}

IndexDescription DescribeIndex(const IndexSchema& index, const TableSchema& table,
                               const std::string& table_arn) {
  IndexDescription d;
  d.index_name = index.name;
  d.index_arn = IndexArn(table_arn, index.name);
  d.key_schema = index.KeySchema();
  d.projection.projection_type = index.projection_type;
  if (index.projection_type == "INCLUDE") {
    // DynamoDB returns NonKeyAttributes sorted by name, whatever order they were given in.
    std::vector<std::string> names = index.non_key_attributes;
    std::sort(names.begin(), names.end());
    d.projection.non_key_attributes = std::move(names);
  }
  if (index.global) {
    d.index_status = "ACTIVE";
    // DynamoDB: a GSI of an on-demand table shows zero provisioned units.
    d.provisioned_throughput =
        Described(table.billing_mode == "PROVISIONED"
                      ? index.provisioned_throughput.value_or(ProvisionedThroughput{})
                      : ProvisionedThroughput{});
  }
  return d;
}

}  // namespace

std::string TableArn(const std::string& region, const std::string& account_id,
                     const std::string& table_name) {
  return "arn:aws:dynamodb:" + region + ":" + account_id + ":table/" + table_name;
}

std::string StreamArn(const std::string& table_arn, const std::string& label) {
  return table_arn + "/stream/" + label;
}

std::string IndexArn(const std::string& table_arn, const std::string& index_name) {
  return table_arn + "/index/" + index_name;
}

std::string DeriveTableId(const std::string& table_name, double creation_date_time) {
  char when[64];
  std::snprintf(when, sizeof when, "%.3f", creation_date_time);
  const std::string seed = table_name + '\x1f' + when;
  const uint64_t hi = Fnv1a(seed, 14695981039346656037ULL);
  const uint64_t lo = Fnv1a(seed, hi ^ 0x9e3779b97f4a7c15ULL);
  char out[37];
  // Shaped like a version-4 UUID, which is what DynamoDB's TableIds look like.
  std::snprintf(out, sizeof out, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xffff), static_cast<unsigned>(hi & 0x0fff),
                static_cast<unsigned>(0x8000 | ((lo >> 48) & 0x3fff)),
                static_cast<unsigned long long>(lo & 0xffffffffffffULL));
  return out;
}

TableDescription DescribeSchema(const TableSchema& s, const std::string& region,
                                const std::string& account_id) {
  TableDescription d;
  d.table_name = s.name;
  d.table_arn = TableArn(region, account_id, s.name);
  d.table_id = DeriveTableId(s.name, s.creation_date_time);
  d.creation_date_time = s.creation_date_time;
  // DynamoDB returns AttributeDefinitions sorted by name.
  d.attribute_definitions = s.attribute_definitions;
  std::sort(d.attribute_definitions.begin(), d.attribute_definitions.end(),
            [](const AttributeDefinition& a, const AttributeDefinition& b) {
              return a.attribute_name < b.attribute_name;
            });
  d.key_schema = KeySchemaOf(s.hash, s.range);
  d.table_status = "ACTIVE";
  for (const IndexSchema& i : s.global_secondary_indexes) {
    d.global_secondary_indexes.push_back(DescribeIndex(i, s, d.table_arn));
  }
  for (const IndexSchema& i : s.local_secondary_indexes) {
    d.local_secondary_indexes.push_back(DescribeIndex(i, s, d.table_arn));
  }
  // DynamoDB: present once the table has been on demand, in whichever mode it is now (a schema
  // not yet stored has no switch time: it is on demand since its creation).
  if (s.billing_mode == "PAY_PER_REQUEST" || s.last_update_to_pay_per_request > 0) {
    d.billing_mode_summary = BillingModeSummary{
        s.billing_mode, s.last_update_to_pay_per_request > 0 ? s.last_update_to_pay_per_request
                                                             : s.creation_date_time};
  }
  d.provisioned_throughput = Described(s.billing_mode == "PROVISIONED" ? s.provisioned_throughput
                                                                       : ProvisionedThroughput{});
  // DynamoDB: StreamSpecification while a stream is enabled; the latest stream's ARN and label
  // also after it is disabled.
  if (const StreamState* st = s.EnabledStream()) {
    d.stream_specification = StreamSpecification{true, st->view_type};
  }
  if (!s.streams.empty()) {
    d.latest_stream_label = s.streams.back().label;
    d.latest_stream_arn = StreamArn(d.table_arn, s.streams.back().label);
  }
  return d;
}

}  // namespace ddblab
