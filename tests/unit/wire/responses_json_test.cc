// Response bodies, ConsumedCapacity shapes (section 4.4) and error bodies (section 11.3).
#include <catch2/catch.hpp>

#include "wire/codec.h"

using ddblab::wire::Json;
namespace internal = ddblab::wire::internal;

namespace {

ddblab::ConsumedCapacity Cap(const char* table, int64_t half_units) {
  ddblab::ConsumedCapacity c;
  c.table_name = table;
  c.total.half_units = half_units;
  c.table.half_units = half_units;
  return c;
}

}  // namespace

TEST_CASE("TOTAL renders only TableName and CapacityUnits") {
  CHECK(ddblab::wire::CapacityToJson(Cap("App", 1), "TOTAL").dump() ==
        R"({"TableName":"App","CapacityUnits":0.5})");
  CHECK(ddblab::wire::CapacityToJson(Cap("App", 2), "TOTAL").dump() ==
        R"({"TableName":"App","CapacityUnits":1.0})");
  CHECK(ddblab::wire::CapacityToJson(Cap("App", 2), "NONE").is_null());
  CHECK(ddblab::wire::CapacityToJson(Cap("App", 2), "").is_null());
}

TEST_CASE("INDEXES adds Table and the index maps that were written") {
  auto c = Cap("App", 4);
  c.table.half_units = 2;
  c.global_secondary_indexes["GSI1"].half_units = 2;
  CHECK(ddblab::wire::CapacityToJson(c, "INDEXES").dump() ==
        R"({"TableName":"App","CapacityUnits":2.0,"Table":{"CapacityUnits":1.0},)"
        R"("GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":1.0}}})");
  CHECK(ddblab::wire::CapacityToJson(Cap("App", 2), "INDEXES").dump() ==
        R"({"TableName":"App","CapacityUnits":1.0,"Table":{"CapacityUnits":1.0}})");
}

TEST_CASE("INDEXES on a GSI query reports the index beside Table: {CapacityUnits: 0}") {
  ddblab::ConsumedCapacity c;
  c.table_name = "App";
  c.read = true;
  c.total.half_units = 1;
  c.global_secondary_indexes["GSI1"].half_units = 1;
  CHECK(ddblab::wire::CapacityToJson(c, "INDEXES").dump() ==
        R"({"TableName":"App","CapacityUnits":0.5,"Table":{"CapacityUnits":0.0},)"
        R"("GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":0.5}}})");
}

TEST_CASE("Transactional capacity carries WriteCapacityUnits") {
  auto c = Cap("A", 8);
  c.transactional = true;
  c.total.write_half_units = 8;
  c.table.write_half_units = 8;
  CHECK(ddblab::wire::CapacityToJson(c, "TOTAL").dump() ==
        R"({"TableName":"A","CapacityUnits":4.0,"WriteCapacityUnits":4.0})");
}

TEST_CASE("Query always has Items, Count and ScannedCount, COUNT drops Items") {
  ddblab::QueryResponse r;
  r.consumed_capacity = Cap("T", 1);
  CHECK(internal::ToJson(r, "").dump() == R"({"Items":[],"Count":0,"ScannedCount":0})");
  r.count_only = true;
  r.count = 1;
  r.scanned_count = 1;
  CHECK(internal::ToJson(r, "TOTAL").dump() ==
        R"({"Count":1,"ScannedCount":1,"ConsumedCapacity":{"TableName":"T","CapacityUnits":0.5}})");
}

TEST_CASE("Batch responses always have their Unprocessed member and capacity arrays") {
  ddblab::BatchWriteItemResponse w;
  w.consumed_capacity = {Cap("A", 4), Cap("B", 10)};
  CHECK(internal::ToJson(w, "").dump() == R"({"UnprocessedItems":{}})");
  CHECK(internal::ToJson(w, "TOTAL").dump() ==
        R"({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"A","CapacityUnits":2.0},)"
        R"({"TableName":"B","CapacityUnits":5.0}]})");
  ddblab::BatchGetItemResponse g;
  g.responses["A"] = {};
  CHECK(internal::ToJson(g, "NONE").dump() == R"({"Responses":{"A":[]},"UnprocessedKeys":{}})");
}

TEST_CASE("GetItem of a missing item is an empty object") {
  ddblab::GetItemResponse r;
  CHECK(internal::ToJson(r, "").dump() == "{}");
  r.item = ddblab::Item{{"PK", ddblab::AttributeValue::S("a")}};
  CHECK(internal::ToJson(r, "").dump() == R"({"Item":{"PK":{"S":"a"}}})");
}

TEST_CASE("TableDescription carries DynamoDB's members, and leaves out what it lacks") {
  ddblab::TableDescription t;
  t.table_name = "app-main";
  t.table_arn = "arn:aws:dynamodb:us-east-1:000000000000:table/app-main";
  t.table_id = "id";
  t.creation_date_time = 1700000000.5;
  t.table_status = "ACTIVE";
  t.billing_mode_summary = ddblab::BillingModeSummary{"PAY_PER_REQUEST", 1700000000.5};
  t.key_schema = {{"PK", "HASH"}};
  t.attribute_definitions = {{"PK", "S"}};
  ddblab::IndexDescription gsi;
  gsi.index_name = "GSI2";
  gsi.key_schema = {{"GSI2PK", "HASH"}};
  gsi.projection.projection_type = "KEYS_ONLY";
  gsi.index_status = "ACTIVE";
  gsi.provisioned_throughput.emplace();
  gsi.index_arn = t.table_arn + "/index/GSI2";
  t.global_secondary_indexes.push_back(gsi);
  Json j = internal::ToJson(ddblab::DescribeTableResponse{t}, "")["Table"];
  CHECK(j["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(j["BillingModeSummary"]["LastUpdateToPayPerRequestDateTime"].get<double>() == 1700000000.5);
  CHECK(j["ProvisionedThroughput"].dump() ==
        R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  CHECK(j["CreationDateTime"].get<double>() == 1700000000.5);
  CHECK(j["ItemCount"] == 0);
  CHECK(j["TableSizeBytes"] == 0);
  auto g = j["GlobalSecondaryIndexes"][0];
  CHECK(g["IndexStatus"] == "ACTIVE");
  CHECK(g["IndexArn"] == "arn:aws:dynamodb:us-east-1:000000000000:table/app-main/index/GSI2");
  CHECK(g["Projection"].dump() == R"({"ProjectionType":"KEYS_ONLY"})");
  CHECK_FALSE(j.contains("LocalSecondaryIndexes"));
}

TEST_CASE("Error bodies: __type with DynamoDB's namespace, message, extras") {
  auto v = ddblab::ValidationError("bad");
  CHECK(ddblab::wire::ErrorToJson(v).dump() ==
        R"({"__type":"com.amazon.coral.validate#ValidationException","message":"bad"})");
  auto c = ddblab::MakeError(ddblab::ErrorType::kConditionalCheckFailedException,
                             "The conditional request failed");
  c.item = std::make_shared<ddblab::Item>(ddblab::Item{{"PK", ddblab::AttributeValue::S("a")}});
  CHECK(ddblab::wire::ErrorToJson(c).dump() ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",)"
        R"("message":"The conditional request failed","Item":{"PK":{"S":"a"}}})");
  auto t = ddblab::MakeError(ddblab::ErrorType::kTransactionCanceledException,
                             "Transaction cancelled, please refer cancellation reasons for "
                             "specific reasons [None, ConditionalCheckFailed]");
  t.cancellation_reasons.resize(2);
  t.cancellation_reasons[1].code = "ConditionalCheckFailed";
  t.cancellation_reasons[1].message = "The conditional request failed";
  CHECK(ddblab::wire::ErrorToJson(t).dump() ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",)"
        R"("Message":"Transaction cancelled, please refer cancellation reasons for specific )"
        R"(reasons [None, ConditionalCheckFailed]","CancellationReasons":[{"Code":"None"},)"
        R"({"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}]})");
}

TEST_CASE("Trace JSON lists its keys and omits empty steps") {
  ddblab::Trace t;
  t.operation = "Query";
  t.table = "T";
  t.partitions_hit = {2};
  t.partitions_total = 4;
  Json j = ddblab::wire::TraceToJson(t);
  CHECK(j["partitions_hit"].dump() == "[2]");
  CHECK(j["partitions_total"] == 4);
  CHECK_FALSE(j.contains("steps"));
  t.steps.push_back(t);
  CHECK(ddblab::wire::TraceToJson(t)["steps"].size() == 1);
}
