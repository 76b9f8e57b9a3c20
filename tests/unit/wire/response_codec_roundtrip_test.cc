// The response decoders (FromJson of codec.h, for the client of a remote endpoint) are the
// inverses of the writers: for every operation ddblab serves, the body of a real call through
// ExecuteJson, decoded and written again with the request's ReturnConsumedCapacity, is the same
// JSON, member order included. A body of the wrong shape is a SerializationException naming the
// member, never a crash.
#include <catch2/catch.hpp>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "ddblab/wire.h"
#include "wire/codec.h"

using ddblab::wire::Json;
namespace internal = ddblab::wire::internal;

namespace {

// The operations the scenarios below called, compared with SupportedOperations().
using Covered = std::set<std::string>;

// An in-memory engine on a clock the test moves (Time to Live deletions), with the throughput
// model on when a scenario needs batches to hand back what was throttled.
struct Lab {
  std::shared_ptr<double> now = std::make_shared<double>(1700000000.0);
  std::unique_ptr<ddblab::Engine> engine;
  explicit Lab(bool model_throughput = false) {
    ddblab::EngineOptions options;
    options.clock = [now = now] { return *now; };
    options.model_throughput = model_throughput;
    auto opened = ddblab::Engine::Open(options);
    REQUIRE(opened.ok());
    engine = std::move(opened).value();
  }
};

// A setup call that must succeed; its body is not checked.
Json Call(Lab& lab, const char* op, const std::string& request) {
  ddblab::wire::JsonResult out = ddblab::wire::ExecuteJson(*lab.engine, op, Json::parse(request));
  INFO(op << " " << request << " -> " << out.body.dump());
  REQUIRE(out.ok);
  return out.body;
}

Json WrongType(const Json& v) { return v.is_string() ? Json(7) : Json("x"); }

// Gives each member and element under `node` in turn a value of another JSON type. A top-level
// member must then fail with a SerializationException naming it; a deeper one may be a member
// the decoder does not read (IndexArn, eventVersion), but if it fails it is a
// SerializationException naming its top-level member, and what was read still renders.
template <class Response>
void CheckWrongTypes(Json& body, Json& node, const std::string& top, std::string_view rcc) {
  auto check = [&](Json& slot, const std::string& name) {
    Json saved = slot;
    slot = WrongType(saved);
    Response r;
    const ddblab::Status decoded = internal::FromJson(body, &r);
    INFO("a wrong JSON type under " << name << ": " << body.dump());
    if (top.empty()) CHECK_FALSE(decoded.ok());
    if (decoded.ok()) {
      (void)internal::ToJson(r, rcc);
    } else {
      CHECK(decoded.error().type == ddblab::ErrorType::kSerializationException);
      CHECK_THAT(decoded.error().message, Catch::Matchers::Contains(name));
    }
    slot = std::move(saved);
    CheckWrongTypes<Response>(body, slot, name, rcc);
  };
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      check(it.value(), top.empty() ? it.key() : top);
    }
  } else if (node.is_array()) {
    for (Json& element : node) check(element, top);
  }
}

// Runs one call, checks that FromJson and then ToJson give its body back, and returns the
// decoded response.
template <class Response>
Response RoundTrip(Lab& lab, Covered& covered, const char* op, const std::string& request) {
  const Json in = Json::parse(request);
  const std::string rcc = in.value("ReturnConsumedCapacity", std::string());
  ddblab::wire::JsonResult out = ddblab::wire::ExecuteJson(*lab.engine, op, in);
  INFO(op << " " << request);
  INFO("body: " << out.body.dump());
  REQUIRE(out.ok);
  Response r;
  const ddblab::Status decoded = internal::FromJson(out.body, &r);
  INFO((decoded.ok() ? std::string() : decoded.error().message));
  REQUIRE(decoded.ok());
  // The dumps are equal only when the values, their member order and their number kinds are.
  CHECK(internal::ToJson(r, rcc).dump() == out.body.dump());
  CheckWrongTypes<Response>(out.body, out.body, "", rcc);
  covered.insert(op);
  return r;
}

// A provisioned table with a global and a local secondary index and a stream.
const char* kCreateShop = R"({"TableName": "Shop",
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
    {"AttributeName": "SK", "AttributeType": "S"},
    {"AttributeName": "status", "AttributeType": "S"},
    {"AttributeName": "total", "AttributeType": "N"},
    {"AttributeName": "placed", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
    {"AttributeName": "SK", "KeyType": "RANGE"}],
  "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
  "GlobalSecondaryIndexes": [{"IndexName": "ByStatus",
    "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"},
      {"AttributeName": "total", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["placed"]},
    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}],
  "LocalSecondaryIndexes": [{"IndexName": "ByPlaced",
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
      {"AttributeName": "placed", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "ALL"}}],
  "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}})";

const char* kCreateAux = R"({"TableName": "Aux",
  "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
  "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}})";

// An item with every attribute type, and both indexes' keys.
const char* kRichItem = R"({"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#1"},
  "status": {"S": "OPEN"}, "total": {"N": "149.5"}, "placed": {"S": "2026-06-01"},
  "photo": {"B": "AAEC/w=="}, "gift": {"BOOL": true}, "note": {"NULL": true},
  "lines": {"L": [{"S": "pen"}, {"N": "2"}, {"M": {"sku": {"S": "p-1"}}}]},
  "address": {"M": {"city": {"S": "Oslo"}, "zip": {"N": "150"}}},
  "colours": {"SS": ["blue", "red"]}, "sizes": {"NS": ["1", "2.5"]},
  "blobs": {"BS": ["AQ==", "Ag=="]}, "expires": {"N": "1700000100"}})";

std::string PutRich(const char* extra = "") {
  return std::string(R"({"TableName": "Shop", "Item": )") + kRichItem + extra + "}";
}

void LoadOrders(Lab& lab) {
  Call(lab, "PutItem", PutRich());
  Call(lab, "PutItem", R"({"TableName": "Shop", "Item": {"PK": {"S": "CUST#1"},
    "SK": {"S": "ORDER#2"}, "status": {"S": "OPEN"}, "total": {"N": "20"},
    "placed": {"S": "2026-06-02"}}})");
  Call(lab, "PutItem", R"({"TableName": "Shop", "Item": {"PK": {"S": "CUST#1"},
    "SK": {"S": "ORDER#3"}, "status": {"S": "SHIPPED"}, "total": {"N": "35"},
    "placed": {"S": "2026-06-03"}}})");
}

// ---------------------------------------------------------------- scenarios

void TableOperations(Covered& covered) {
  Lab lab;
  auto created = RoundTrip<ddblab::CreateTableResponse>(lab, covered, "CreateTable", kCreateShop);
  const std::string arn = created.table_description.table_arn;
  CHECK(created.table_description.global_secondary_indexes.size() == 1);
  CHECK(created.table_description.local_secondary_indexes.size() == 1);
  CHECK(created.table_description.latest_stream_arn);
  RoundTrip<ddblab::CreateTableResponse>(lab, covered, "CreateTable", kCreateAux);
  Call(lab, "PutItem", PutRich());
  auto described = RoundTrip<ddblab::DescribeTableResponse>(lab, covered, "DescribeTable",
                                                            R"({"TableName": "Shop"})");
  CHECK(described.table.provisioned_throughput.read_capacity_units == 5);
  CHECK(described.table.creation_date_time == 1700000000.0);
  auto updated = RoundTrip<ddblab::UpdateTableResponse>(
      lab, covered, "UpdateTable", R"({"TableName": "Aux", "BillingMode": "PAY_PER_REQUEST"})");
  CHECK(ddblab::BillingModeOf(updated.table_description) == "PAY_PER_REQUEST");
  REQUIRE(updated.table_description.billing_mode_summary);
  CHECK(updated.table_description.billing_mode_summary->last_update_to_pay_per_request_date_time ==
        1700000000.0);
  auto page = RoundTrip<ddblab::ListTablesResponse>(lab, covered, "ListTables", R"({"Limit": 1})");
  CHECK(page.last_evaluated_table_name == std::optional<std::string>("Aux"));

  const std::string resource = Json{{"ResourceArn", arn}}.dump();
  RoundTrip<ddblab::TagResourceResponse>(
      lab, covered, "TagResource",
      Json{{"ResourceArn", arn},
           {"Tags", Json::array({Json{{"Key", "team"}, {"Value", "lab"}},
                                 Json{{"Key", "env"}, {"Value", "test"}}})}}
          .dump());
  auto tags =
      RoundTrip<ddblab::ListTagsOfResourceResponse>(lab, covered, "ListTagsOfResource", resource);
  CHECK(tags.tags.size() == 2);
  RoundTrip<ddblab::UntagResourceResponse>(
      lab, covered, "UntagResource",
      Json{{"ResourceArn", arn}, {"TagKeys", Json::array({"env"})}}.dump());

  auto ttl = RoundTrip<ddblab::UpdateTimeToLiveResponse>(lab, covered, "UpdateTimeToLive",
                                                         R"({"TableName": "Shop",
          "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}})");
  REQUIRE(ttl.time_to_live_specification);
  CHECK(ttl.time_to_live_specification->enabled);
  auto ttl_state = RoundTrip<ddblab::DescribeTimeToLiveResponse>(lab, covered, "DescribeTimeToLive",
                                                                 R"({"TableName": "Shop"})");
  REQUIRE(ttl_state.time_to_live_description);
  CHECK(ttl_state.time_to_live_description->attribute_name ==
        std::optional<std::string>("expires"));

  auto pitr = RoundTrip<ddblab::UpdateContinuousBackupsResponse>(
      lab, covered, "UpdateContinuousBackups", R"({"TableName": "Shop",
          "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": true,
            "RecoveryPeriodInDays": 7}})");
  REQUIRE(pitr.continuous_backups_description);
  REQUIRE(pitr.continuous_backups_description->point_in_time_recovery_description);
  CHECK(pitr.continuous_backups_description->point_in_time_recovery_description
            ->recovery_period_in_days == 7);
  RoundTrip<ddblab::DescribeContinuousBackupsResponse>(lab, covered, "DescribeContinuousBackups",
                                                       R"({"TableName": "Shop"})");

  const std::string policy =
      Json{{"ResourceArn", arn},
           {"Policy", R"({"Version": "2012-10-17", "Statement": [{"Effect": "Allow",
              "Principal": {"AWS": "arn:aws:iam::000000000000:root"},
              "Action": "dynamodb:GetItem", "Resource": "*"}]})"}}
          .dump();
  auto put_policy =
      RoundTrip<ddblab::PutResourcePolicyResponse>(lab, covered, "PutResourcePolicy", policy);
  auto got_policy =
      RoundTrip<ddblab::GetResourcePolicyResponse>(lab, covered, "GetResourcePolicy", resource);
  CHECK(got_policy.revision_id == put_policy.revision_id);
  RoundTrip<ddblab::DeleteResourcePolicyResponse>(lab, covered, "DeleteResourcePolicy", resource);

  auto endpoints =
      RoundTrip<ddblab::DescribeEndpointsResponse>(lab, covered, "DescribeEndpoints", "{}");
  CHECK(endpoints.endpoints.size() == 1);
  RoundTrip<ddblab::DescribeLimitsResponse>(lab, covered, "DescribeLimits", "{}");
  auto deleted = RoundTrip<ddblab::DeleteTableResponse>(lab, covered, "DeleteTable",
                                                        R"({"TableName": "Aux"})");
  CHECK(deleted.table_description.table_name == "Aux");
}

void ItemOperations(Covered& covered) {
  Lab lab;
  Call(lab, "CreateTable", kCreateShop);
  Call(lab, "CreateTable", kCreateAux);
  auto put = RoundTrip<ddblab::PutItemResponse>(
      lab, covered, "PutItem", PutRich(R"(, "ReturnConsumedCapacity": "INDEXES")"));
  CHECK(put.consumed_capacity.global_secondary_indexes.count("ByStatus") == 1);
  CHECK(put.consumed_capacity.local_secondary_indexes.count("ByPlaced") == 1);
  auto again = RoundTrip<ddblab::PutItemResponse>(
      lab, covered, "PutItem",
      PutRich(R"(, "ReturnValues": "ALL_OLD", "ReturnConsumedCapacity": "INDEXES")"));
  REQUIRE(again.attributes);
  CHECK(again.attributes->at("colours").type == ddblab::AttrType::kSS);
  LoadOrders(lab);
  Call(lab, "PutItem", R"({"TableName": "Aux", "Item": {"id": {"S": "a1"}, "n": {"N": "1"}}})");

  const char* order1 = R"("Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#1"}})";
  auto got = RoundTrip<ddblab::GetItemResponse>(
      lab, covered, "GetItem",
      std::string(R"({"TableName": "Shop", "ConsistentRead": true,
                      "ReturnConsumedCapacity": "INDEXES", )") +
          order1 + "}");
  REQUIRE(got.item);
  CHECK(got.consumed_capacity.read);
  RoundTrip<ddblab::GetItemResponse>(
      lab, covered, "GetItem",
      std::string(R"({"TableName": "Shop", "ReturnConsumedCapacity": "TOTAL", )") + order1 + "}");
  auto missing = RoundTrip<ddblab::GetItemResponse>(
      lab, covered, "GetItem",
      R"({"TableName": "Shop", "ReturnConsumedCapacity": "INDEXES",
          "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#404"}}})");
  CHECK_FALSE(missing.item);

  auto updated = RoundTrip<ddblab::UpdateItemResponse>(
      lab, covered, "UpdateItem",
      std::string(R"({"TableName": "Shop", "UpdateExpression": "SET #t = #t + :d, #g = :f",
          "ExpressionAttributeNames": {"#t": "total", "#g": "gift"},
          "ExpressionAttributeValues": {":d": {"N": "0.5"}, ":f": {"BOOL": false}},
          "ReturnValues": "ALL_NEW", "ReturnConsumedCapacity": "INDEXES", )") +
          order1 + "}");
  REQUIRE(updated.attributes);

  auto query = RoundTrip<ddblab::QueryResponse>(lab, covered, "Query", R"({"TableName": "Shop",
      "KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "CUST#1"}},
      "Limit": 2, "ReturnConsumedCapacity": "INDEXES"})");
  CHECK(query.items.size() == 2);
  CHECK(query.last_evaluated_key);
  auto counted = RoundTrip<ddblab::QueryResponse>(lab, covered, "Query", R"({"TableName": "Shop",
      "IndexName": "ByStatus", "KeyConditionExpression": "#s = :s",
      "ExpressionAttributeNames": {"#s": "status"},
      "ExpressionAttributeValues": {":s": {"S": "OPEN"}},
      "Select": "COUNT", "ReturnConsumedCapacity": "INDEXES"})");
  CHECK(counted.count_only);
  CHECK(counted.count == 2);
  RoundTrip<ddblab::QueryResponse>(lab, covered, "Query", R"({"TableName": "Shop",
      "IndexName": "ByPlaced", "KeyConditionExpression": "PK = :pk AND placed >= :p",
      "ExpressionAttributeValues": {":pk": {"S": "CUST#1"}, ":p": {"S": "2026-06-02"}},
      "ScanIndexForward": false, "ReturnConsumedCapacity": "INDEXES"})");
  auto scanned = RoundTrip<ddblab::ScanResponse>(
      lab, covered, "Scan",
      R"({"TableName": "Shop", "Limit": 1, "ReturnConsumedCapacity": "INDEXES"})");
  CHECK(scanned.last_evaluated_key);
  RoundTrip<ddblab::ScanResponse>(lab, covered, "Scan", R"({"TableName": "Shop",
      "FilterExpression": "#t > :t", "ExpressionAttributeNames": {"#t": "total"},
      "ExpressionAttributeValues": {":t": {"N": "30"}},
      "Select": "COUNT", "ReturnConsumedCapacity": "TOTAL"})");

  auto batch_get =
      RoundTrip<ddblab::BatchGetItemResponse>(lab, covered, "BatchGetItem", R"({"RequestItems": {
      "Shop": {"Keys": [{"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#1"}},
                        {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#404"}}]},
      "Aux": {"Keys": [{"id": {"S": "a1"}}], "ConsistentRead": true}},
      "ReturnConsumedCapacity": "INDEXES"})");
  CHECK(batch_get.consumed_capacity.size() == 2);
  CHECK(batch_get.responses["Shop"].size() == 1);

  auto transact_get = RoundTrip<ddblab::TransactGetItemsResponse>(lab, covered, "TransactGetItems",
                                                                  R"({"TransactItems": [
      {"Get": {"TableName": "Shop", "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#1"}},
               "ProjectionExpression": "PK, SK, #t", "ExpressionAttributeNames": {"#t": "total"}}},
      {"Get": {"TableName": "Aux", "Key": {"id": {"S": "nobody"}}}}],
      "ReturnConsumedCapacity": "INDEXES"})");
  REQUIRE(transact_get.responses.size() == 2);
  CHECK(transact_get.responses[0].item);
  CHECK_FALSE(transact_get.responses[1].item);

  const char* transact_write = R"j({"TransactItems": [
      {"Put": {"TableName": "Shop", "Item": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#9"},
               "status": {"S": "OPEN"}, "total": {"N": "9"}}}},
      {"Update": {"TableName": "Shop", "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#2"}},
                  "UpdateExpression": "SET placed = :p",
                  "ExpressionAttributeValues": {":p": {"S": "2026-06-12"}}}},
      {"ConditionCheck": {"TableName": "Shop",
                          "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#3"}},
                          "ConditionExpression": "attribute_exists(PK)"}},
      {"Delete": {"TableName": "Aux", "Key": {"id": {"S": "a2"}}}}],
      "ClientRequestToken": "order-9", "ReturnConsumedCapacity": "INDEXES"})j";
  auto wrote = RoundTrip<ddblab::TransactWriteItemsResponse>(lab, covered, "TransactWriteItems",
                                                             transact_write);
  REQUIRE_FALSE(wrote.consumed_capacity.empty());
  CHECK_FALSE(wrote.consumed_capacity[0].read);
  // DynamoDB: a repeat of the token within ten minutes reads the items instead of writing.
  auto repeated = RoundTrip<ddblab::TransactWriteItemsResponse>(lab, covered, "TransactWriteItems",
                                                                transact_write);
  REQUIRE_FALSE(repeated.consumed_capacity.empty());
  CHECK(repeated.consumed_capacity[0].read);

  RoundTrip<ddblab::BatchWriteItemResponse>(lab, covered, "BatchWriteItem", R"({"RequestItems": {
      "Shop": [{"PutRequest": {"Item": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#4"},
                                        "status": {"S": "OPEN"}, "total": {"N": "4"}}}}],
      "Aux": [{"DeleteRequest": {"Key": {"id": {"S": "a1"}}}}]},
      "ReturnConsumedCapacity": "INDEXES"})");
  auto deleted = RoundTrip<ddblab::DeleteItemResponse>(lab, covered, "DeleteItem",
                                                       R"({"TableName": "Shop",
      "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#3"}},
      "ReturnValues": "ALL_OLD", "ReturnConsumedCapacity": "INDEXES"})");
  REQUIRE(deleted.attributes);
}

void PartiqlOperations(Covered& covered) {
  Lab lab;
  Call(lab, "CreateTable", kCreateShop);
  LoadOrders(lab);
  auto page = RoundTrip<ddblab::ExecuteStatementResponse>(lab, covered, "ExecuteStatement", R"({
      "Statement": "SELECT * FROM \"Shop\" WHERE PK = ?", "Parameters": [{"S": "CUST#1"}],
      "Limit": 1, "ReturnConsumedCapacity": "INDEXES"})");
  CHECK(page.items.size() == 1);
  CHECK(page.next_token);
  CHECK(page.consumed_capacity.read);
  RoundTrip<ddblab::ExecuteStatementResponse>(lab, covered, "ExecuteStatement", R"({
      "Statement": "INSERT INTO \"Shop\" VALUE {'PK': 'CUST#2', 'SK': 'ORDER#1', 'placed': '2026-06-05'}",
      "ReturnConsumedCapacity": "INDEXES"})");
  auto returned = RoundTrip<ddblab::ExecuteStatementResponse>(lab, covered, "ExecuteStatement", R"({
      "Statement": "UPDATE \"Shop\" SET placed = '2026-06-06' WHERE PK = 'CUST#2' AND SK = 'ORDER#1' RETURNING ALL NEW *",
      "ReturnConsumedCapacity": "TOTAL"})");
  CHECK(returned.items.size() == 1);

  auto reads = RoundTrip<ddblab::BatchExecuteStatementResponse>(
      lab, covered, "BatchExecuteStatement", R"({"Statements": [
      {"Statement": "SELECT * FROM \"Shop\" WHERE PK = 'CUST#1' AND SK = 'ORDER#1'"},
      {"Statement": "SELECT * FROM \"Shop\" WHERE PK = 'CUST#1' AND SK = 'ORDER#404'"},
      {"Statement": "SELECT * FROM \"Shop\" WHERE PK = 'CUST#1'"}],
      "ReturnConsumedCapacity": "INDEXES"})");
  REQUIRE(reads.responses.size() == 3);
  CHECK(reads.responses[0].item);
  CHECK_FALSE(reads.responses[1].item);
  REQUIRE(reads.responses[2].error);
  CHECK(reads.responses[2].error->type == ddblab::ErrorType::kValidationException);
  auto writes = RoundTrip<ddblab::BatchExecuteStatementResponse>(
      lab, covered, "BatchExecuteStatement", R"({"Statements": [
      {"Statement": "INSERT INTO \"Shop\" VALUE {'PK': 'CUST#3', 'SK': 'ORDER#1'}"},
      {"Statement": "INSERT INTO \"Shop\" VALUE {'PK': 'CUST#1', 'SK': 'ORDER#2'}"},
      {"Statement": "UPDATE \"Shop\" SET placed = '2026-07-01' WHERE PK = 'CUST#1' AND SK = 'ORDER#3' AND placed = 'never'",
       "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}],
      "ReturnConsumedCapacity": "INDEXES"})");
  REQUIRE(writes.responses.size() == 3);
  CHECK_FALSE(writes.responses[0].error);
  REQUIRE(writes.responses[1].error);
  CHECK(writes.responses[1].error->type == ddblab::ErrorType::kDuplicateItemException);
  REQUIRE(writes.responses[2].error);
  CHECK(writes.responses[2].error->type == ddblab::ErrorType::kConditionalCheckFailedException);
  CHECK(writes.responses[2].error->item);

  auto read_transaction = RoundTrip<ddblab::ExecuteTransactionResponse>(
      lab, covered, "ExecuteTransaction", R"({"TransactStatements": [
      {"Statement": "SELECT * FROM \"Shop\" WHERE PK = 'CUST#1' AND SK = 'ORDER#1'"},
      {"Statement": "SELECT * FROM \"Shop\" WHERE PK = 'CUST#9' AND SK = 'ORDER#9'"}],
      "ReturnConsumedCapacity": "INDEXES"})");
  REQUIRE(read_transaction.responses.size() == 2);
  CHECK(read_transaction.responses[0].item);
  CHECK_FALSE(read_transaction.responses[1].item);
  REQUIRE_FALSE(read_transaction.consumed_capacity.empty());
  CHECK(read_transaction.consumed_capacity[0].read);
  auto write_transaction = RoundTrip<ddblab::ExecuteTransactionResponse>(
      lab, covered, "ExecuteTransaction", R"({"TransactStatements": [
      {"Statement": "INSERT INTO \"Shop\" VALUE {'PK': 'CUST#4', 'SK': 'ORDER#1'}"},
      {"Statement": "UPDATE \"Shop\" SET placed = '2026-06-10' WHERE PK = 'CUST#1' AND SK = 'ORDER#2'"}],
      "ReturnConsumedCapacity": "INDEXES"})");
  CHECK(write_transaction.responses.empty());
  REQUIRE_FALSE(write_transaction.consumed_capacity.empty());
  CHECK_FALSE(write_transaction.consumed_capacity[0].read);
}

// Reads every shard of a stream from its start, round-tripping each answer.
std::vector<ddblab::StreamRecord> ReadStream(Lab& lab, Covered& covered, const std::string& arn) {
  std::vector<ddblab::StreamRecord> records;
  auto described = RoundTrip<ddblab::DescribeStreamResponse>(lab, covered, "DescribeStream",
                                                             Json{{"StreamArn", arn}}.dump());
  for (const ddblab::ShardDescription& shard : described.stream_description.shards) {
    auto iterator = RoundTrip<ddblab::GetShardIteratorResponse>(
        lab, covered, "GetShardIterator",
        Json{{"StreamArn", arn}, {"ShardId", shard.shard_id}, {"ShardIteratorType", "TRIM_HORIZON"}}
            .dump());
    auto page = RoundTrip<ddblab::GetRecordsResponse>(
        lab, covered, "GetRecords",
        Json{{"ShardIterator", iterator.shard_iterator}, {"Limit", 100}}.dump());
    for (ddblab::StreamRecord& r : page.records) records.push_back(std::move(r));
  }
  return records;
}

void StreamOperations(Covered& covered) {
  Lab lab;
  auto created = RoundTrip<ddblab::CreateTableResponse>(lab, covered, "CreateTable", kCreateShop);
  REQUIRE(created.table_description.latest_stream_arn);
  const std::string first_arn = *created.table_description.latest_stream_arn;
  Call(lab, "UpdateTimeToLive", R"({"TableName": "Shop",
      "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}})");
  LoadOrders(lab);
  Call(lab, "UpdateItem", R"({"TableName": "Shop",
      "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#2"}},
      "UpdateExpression": "SET placed = :p", "ExpressionAttributeValues": {":p": {"S": "2026-06-20"}}})");
  Call(lab, "DeleteItem", R"({"TableName": "Shop",
      "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#3"}}})");
  *lab.now += 200;  // ORDER#1 expires: Time to Live deletes it
  // More partitions: the stream's shard closes and two children open.
  ddblab::wire::JsonResult split =
      ddblab::wire::ExecuteExtensionJson(*lab.engine, ddblab::wire::kSetPartitionCountOperation,
                                         Json{{"TableName", "Shop"}, {"PartitionCount", 2}});
  REQUIRE(split.ok);
  Call(lab, "PutItem",
       R"({"TableName": "Shop", "Item": {"PK": {"S": "CUST#5"}, "SK": {"S": "A"}}})");
  RoundTrip<ddblab::UpdateTableResponse>(lab, covered, "UpdateTable", R"({"TableName": "Shop",
      "StreamSpecification": {"StreamEnabled": false}})");
  *lab.now += 10;
  auto enabled = RoundTrip<ddblab::UpdateTableResponse>(lab, covered, "UpdateTable",
                                                        R"({"TableName": "Shop",
      "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}})");
  REQUIRE(enabled.table_description.latest_stream_arn);
  const std::string second_arn = *enabled.table_description.latest_stream_arn;
  CHECK(second_arn != first_arn);
  Call(lab, "PutItem",
       R"({"TableName": "Shop", "Item": {"PK": {"S": "CUST#6"}, "SK": {"S": "A"}}})");

  auto listed = RoundTrip<ddblab::ListStreamsResponse>(lab, covered, "ListStreams",
                                                       R"({"TableName": "Shop", "Limit": 1})");
  CHECK(listed.streams.size() == 1);
  CHECK(listed.last_evaluated_stream_arn);
  auto all = RoundTrip<ddblab::ListStreamsResponse>(lab, covered, "ListStreams", "{}");
  CHECK(all.streams.size() == 2);
  auto shard_page = RoundTrip<ddblab::DescribeStreamResponse>(
      lab, covered, "DescribeStream", Json{{"StreamArn", first_arn}, {"Limit", 1}}.dump());
  CHECK(shard_page.stream_description.last_evaluated_shard_id);

  std::vector<ddblab::StreamRecord> first = ReadStream(lab, covered, first_arn);
  bool by_time_to_live = false, both_images = false;
  for (const ddblab::StreamRecord& r : first) {
    by_time_to_live = by_time_to_live || ddblab::ByTimeToLive(r);
    both_images = both_images || (r.dynamodb.new_image && r.dynamodb.old_image);
  }
  CHECK(by_time_to_live);
  CHECK(both_images);
  CHECK(ReadStream(lab, covered, second_arn).size() == 1);
}

// The throughput model throttles part of each batch, which comes back unprocessed.
void ThrottledBatches(Covered& covered) {
  Lab lab(true);
  Call(lab, "CreateTable", R"({"TableName": "Hot",
      "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
        {"AttributeName": "SK", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
        {"AttributeName": "SK", "KeyType": "RANGE"}],
      "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 30}})");
  auto put = [&](const std::string& pk, int sk) {
    return Json{{"PK", {{"S", pk}}}, {"SK", {{"S", std::to_string(sk)}}}};
  };
  for (int i = 0; i < 20; ++i) {
    Call(lab, "PutItem", Json{{"TableName", "Hot"}, {"Item", put("A", i)}}.dump());
  }
  Json writes = Json::array();
  for (int i = 0; i < 24; ++i) writes.push_back(Json{{"PutRequest", {{"Item", put("B", i)}}}});
  writes.push_back(Json{{"DeleteRequest", {{"Key", put("A", 0)}}}});
  auto wrote = RoundTrip<ddblab::BatchWriteItemResponse>(
      lab, covered, "BatchWriteItem",
      Json{{"RequestItems", {{"Hot", writes}}}, {"ReturnConsumedCapacity", "INDEXES"}}.dump());
  CHECK_FALSE(wrote.unprocessed_items["Hot"].empty());

  // Same second: 18 half-unit reads leave one unit for the batch.
  for (int i = 0; i < 18; ++i) {
    Call(lab, "GetItem", Json{{"TableName", "Hot"}, {"Key", put("A", 1)}}.dump());
  }
  Json keys = Json::array();
  for (int i = 1; i < 5; ++i) keys.push_back(put("A", i));
  auto got = RoundTrip<ddblab::BatchGetItemResponse>(
      lab, covered, "BatchGetItem",
      Json{{"RequestItems",
            {{"Hot",
              {{"Keys", keys},
               {"ProjectionExpression", "#k, SK"},
               {"ExpressionAttributeNames", {{"#k", "PK"}}}}}}},
           {"ReturnConsumedCapacity", "INDEXES"}}
          .dump());
  REQUIRE(got.unprocessed_keys.count("Hot") == 1);
  CHECK_FALSE(got.unprocessed_keys["Hot"].keys.empty());
  CHECK(got.unprocessed_keys["Hot"].projection_expression == std::optional<std::string>("#k, SK"));
}

}  // namespace

TEST_CASE("Table, tag, Time to Live and account answers read back into the same bodies") {
  Covered covered;
  TableOperations(covered);
}

TEST_CASE("Item, query, batch and transaction answers read back into the same bodies") {
  Covered covered;
  ItemOperations(covered);
}

TEST_CASE("PartiQL answers read back with their statement errors and missing items") {
  Covered covered;
  PartiqlOperations(covered);
}

TEST_CASE("DynamoDB Streams answers read back with their shards and records") {
  Covered covered;
  StreamOperations(covered);
}

TEST_CASE("Throttled batches read back with UnprocessedKeys and UnprocessedItems") {
  Covered covered;
  ThrottledBatches(covered);
}

TEST_CASE("Every operation ddblab serves has a response round-trip case") {
  Covered covered;
  TableOperations(covered);
  ItemOperations(covered);
  PartiqlOperations(covered);
  StreamOperations(covered);
  ThrottledBatches(covered);
  const auto& supported = ddblab::wire::SupportedOperations();
  CHECK(covered == Covered(supported.begin(), supported.end()));
}

TEST_CASE("A response body that is not an object is a SerializationException for every operation") {
  // Generated from the operations table, so a new operation is checked too.
#define DDBLAB_CHECK_NOT_AN_OBJECT(Name, How)                            \
  for (const Json& body : {Json::array(), Json("x"), Json(7)}) {         \
    ddblab::Name##Response r;                                            \
    const ddblab::Status s = internal::FromJson(body, &r);               \
    INFO(#Name << " " << body.dump());                                   \
    REQUIRE_FALSE(s.ok());                                               \
    CHECK(s.error().type == ddblab::ErrorType::kSerializationException); \
  }
  DDBLAB_OPERATIONS(DDBLAB_CHECK_NOT_AN_OBJECT)
#undef DDBLAB_CHECK_NOT_AN_OBJECT
}

TEST_CASE("A member of the wrong JSON type is named by its path") {
  auto message = [](auto response, const char* body) {
    const ddblab::Status s = internal::FromJson(Json::parse(body), &response);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().type == ddblab::ErrorType::kSerializationException);
    return s.error().message;
  };
  CHECK(message(ddblab::QueryResponse(), R"({"Items": [], "Count": "3"})") ==
        "Response member Count must be a number, not a string");
  CHECK(message(ddblab::DescribeTableResponse(),
                R"({"Table": {"TableName": "T", "GlobalSecondaryIndexes": [
                     {"IndexName": "G", "ItemCount": "many"}]}})") ==
        "Response member Table.GlobalSecondaryIndexes[0].ItemCount must be a number, not a "
        "string");
  CHECK(message(ddblab::GetItemResponse(),
                R"({"ConsumedCapacity": {"TableName": "T", "CapacityUnits": 1,
                     "Table": {"CapacityUnits": "1"}}})") ==
        "Response member ConsumedCapacity.Table.CapacityUnits must be a number, not a string");
  CHECK_THAT(message(ddblab::ScanResponse(), R"({"Items": [{"a": {"S": "x"}}, {"a": {"S": 1}}]})"),
             Catch::Matchers::StartsWith("Response member Items[1] is not an item: "));
  CHECK(message(ddblab::BatchWriteItemResponse(),
                R"({"UnprocessedItems": {"T": [{"PutRequest": []}]}})") ==
        "Response member UnprocessedItems.T[0].PutRequest must be an object, not an array");
  CHECK(message(ddblab::ListTablesResponse(), R"({"TableNames": ["a", 2]})") ==
        "Response member TableNames[1] must be a string, not a number");
}

TEST_CASE("Members ddblab does not model are skipped, and a missing one stays the default") {
  const Json get = Json::parse(R"({"Item": {"PK": {"S": "a"}},
      "ConsumedCapacity": {"TableName": "T", "CapacityUnits": 0.5},
      "ItemCollectionMetrics": {"ItemCollectionKey": {"PK": {"S": "a"}}}})");
  ddblab::GetItemResponse r;
  REQUIRE(internal::FromJson(get, &r).ok());
  CHECK(internal::ToJson(r, "TOTAL").dump() ==
        R"({"Item":{"PK":{"S":"a"}},"ConsumedCapacity":{"TableName":"T","CapacityUnits":0.5}})");
  ddblab::DescribeTableResponse d;
  REQUIRE(internal::FromJson(Json::parse(R"({"Table": {"TableName": "T", "ItemCount": 3,
      "SSEDescription": {"Status": "ENABLED"}, "TableClassSummary": {"TableClass": "STANDARD"},
      "DeletionProtectionEnabled": false}})"),
                             &d)
              .ok());
  CHECK(d.table.table_name == "T");
  CHECK(d.table.item_count == 3);
  CHECK(d.table.table_status.empty());
  CHECK(ddblab::BillingModeOf(d.table) == "PROVISIONED");
  ddblab::TagResourceResponse tagged;
  CHECK(internal::FromJson(Json(), &tagged).ok());  // DynamoDB's empty body
}

TEST_CASE("A description with an ill-typed member is refused, and the rest is still read") {
  ddblab::DescribeTableResponse d;
  CHECK_FALSE(
      internal::FromJson(
          Json::parse(R"({"Table": {"TableName": "T", "ItemCount": "x", "TableSizeBytes": 10,
                      "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}}})"),
          &d)
          .ok());
  const ddblab::TableDescription& t = d.table;
  CHECK(t.table_name == "T");
  CHECK(t.item_count == 0);
  CHECK(t.table_size_bytes == 10);
  REQUIRE(t.stream_specification);
  CHECK(t.stream_specification->stream_view_type == std::optional<std::string>("KEYS_ONLY"));
}

TEST_CASE("BatchStatementError codes name the error types back") {
  ddblab::BatchExecuteStatementResponse r;
  REQUIRE(internal::FromJson(Json::parse(R"({"Responses": [
      {"Error": {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"}},
      {"Error": {"Code": "ProvisionedThroughputExceeded", "Message": "slow down"}},
      {"Error": {"Code": "ThrottlingError", "Message": "slow down"}},
      {"Error": {"Code": "RequestLimitExceeded", "Message": "slow down"}},
      {"Error": {"Code": "AccessDenied", "Message": "no"}}]})"),
                             &r)
              .ok());
  REQUIRE(r.responses.size() == 5);
  CHECK(r.responses[0].error->type == ddblab::ErrorType::kConditionalCheckFailedException);
  CHECK(r.responses[1].error->type == ddblab::ErrorType::kProvisionedThroughputExceededException);
  CHECK(r.responses[2].error->type == ddblab::ErrorType::kThrottlingException);
  CHECK(r.responses[3].error->type == ddblab::ErrorType::kRequestLimitExceeded);
  CHECK(r.responses[4].error->type == ddblab::ErrorType::kValidationException);
  CHECK(r.responses[4].error->message == "AccessDenied: no");
}

TEST_CASE("CapacityFromJson: a transactional answer's own side says whether it read") {
  using ddblab::wire::CapacityFromJson;
  const Json read = Json::parse(R"({"TableName": "T", "CapacityUnits": 2.0,
                                    "ReadCapacityUnits": 2.0})");
  CHECK(CapacityFromJson(read, false).read);
  CHECK(CapacityFromJson(read, false).total.read_half_units == 4);
  const Json write = Json::parse(R"({"TableName": "T", "CapacityUnits": 2.0,
                                     "WriteCapacityUnits": 2.0})");
  CHECK_FALSE(CapacityFromJson(write, true).read);
  // TOTAL without Read/WriteCapacityUnits: the caller says, and the table part is the total.
  const Json total = Json::parse(R"({"TableName": "T", "CapacityUnits": 1.5})");
  ddblab::ConsumedCapacity c = CapacityFromJson(total, true);
  CHECK(c.read);
  CHECK_FALSE(c.transactional);
  CHECK(c.table.half_units == 3);
  CHECK_FALSE(CapacityFromJson(total, false).read);
}
