// Control-plane responses: TableDescription as DynamoDB renders it.
#include "wire/codec.h"

namespace ddblab::wire::internal {
namespace {

Json ProjectionToJson(const Projection& p) {
  Json j = Json::object();
  if (p.projection_type) j["ProjectionType"] = *p.projection_type;
  if (p.non_key_attributes && !p.non_key_attributes->empty()) {
    j["NonKeyAttributes"] = *p.non_key_attributes;
  }
  return j;
}

// DynamoDB always reports NumberOfDecreasesToday, and zeros for on-demand tables.
Json ThroughputToJson(const ProvisionedThroughput& t) {
  Json j = Json::object();
  j["NumberOfDecreasesToday"] = 0;
  j["ReadCapacityUnits"] = t.read_capacity_units;
  j["WriteCapacityUnits"] = t.write_capacity_units;
  return j;
}

Json IndexToJson(const IndexDescription& i, const TableDescription& t, bool global) {
  Json j = Json::object();
  j["IndexName"] = i.index_name;
  j["KeySchema"] = model_codec::WriteValue(i.key_schema);
  j["Projection"] = ProjectionToJson(i.projection);
  if (global) {
    j["IndexStatus"] = i.index_status;
    j["ProvisionedThroughput"] =
        ThroughputToJson(i.provisioned_throughput.value_or(ProvisionedThroughput{}));
  }
  j["IndexSizeBytes"] = i.index_size_bytes;
  j["ItemCount"] = i.item_count;
  j["IndexArn"] = t.table_arn + "/index/" + i.index_name;
  return j;
}

}  // namespace

Json TableDescriptionToJson(const TableDescription& t) {
  Json j = ObjectWithRoom(24);
  j["AttributeDefinitions"] = model_codec::WriteValue(t.attribute_definitions);
  j["TableName"] = t.table_name;
  j["KeySchema"] = model_codec::WriteValue(t.key_schema);
  j["TableStatus"] = t.table_status;
  j["CreationDateTime"] = t.creation_date_time;
  j["ProvisionedThroughput"] = ThroughputToJson(t.provisioned_throughput);
  j["TableSizeBytes"] = t.table_size_bytes;
  j["ItemCount"] = t.item_count;
  j["TableArn"] = t.table_arn;
  j["TableId"] = t.table_id;
  // DynamoDB: present once the table has been on demand, in whichever mode it is now.
  if (t.last_update_to_pay_per_request > 0) {
    j["BillingModeSummary"] =
        Json{{"BillingMode", t.billing_mode},
             {"LastUpdateToPayPerRequestDateTime", t.last_update_to_pay_per_request}};
  }
  if (!t.local_secondary_indexes.empty()) {
    Json list = Json::array();
    for (const IndexDescription& i : t.local_secondary_indexes) {
      list.push_back(IndexToJson(i, t, false));
    }
    j["LocalSecondaryIndexes"] = std::move(list);
  }
  if (!t.global_secondary_indexes.empty()) {
    Json list = Json::array();
    for (const IndexDescription& i : t.global_secondary_indexes) {
      list.push_back(IndexToJson(i, t, true));
    }
    j["GlobalSecondaryIndexes"] = std::move(list);
  }
  if (t.stream_specification) {
    j["StreamSpecification"] = Json{{"StreamEnabled", true},
                                    {"StreamViewType", *t.stream_specification->stream_view_type}};
  }
  // The API model's member order, which the aws CLI prints: the label before the ARN.
  if (t.latest_stream_label) j["LatestStreamLabel"] = *t.latest_stream_label;
  if (t.latest_stream_arn) j["LatestStreamArn"] = *t.latest_stream_arn;
  return j;
}

Json ToJson(const CreateTableResponse& r, std::string_view) {
  return Json{{"TableDescription", TableDescriptionToJson(r.table_description)}};
}
Json ToJson(const DescribeTableResponse& r, std::string_view) {
  return Json{{"Table", TableDescriptionToJson(r.table)}};
}
// DynamoDB: DeleteTable describes the table as it goes, without its definition: no
// AttributeDefinitions, KeySchema, CreationDateTime or indexes (API reference and AWS CLI
// reference, DeleteTable examples).
Json ToJson(const DeleteTableResponse& r, std::string_view) {
  Json full = TableDescriptionToJson(r.table_description);
  Json j = Json::object();
  for (const char* member : {"TableName", "TableStatus", "ProvisionedThroughput", "TableSizeBytes",
                             "ItemCount", "TableArn", "TableId", "BillingModeSummary"}) {
    if (full.contains(member)) j[member] = full[member];
  }
  return Json{{"TableDescription", std::move(j)}};
}
Json ToJson(const UpdateTableResponse& r, std::string_view) {
  return Json{{"TableDescription", TableDescriptionToJson(r.table_description)}};
}

}  // namespace ddblab::wire::internal
