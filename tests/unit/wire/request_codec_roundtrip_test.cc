// Request structs -> request bodies (the remote client's encoders) against the decoders: for every
// operation, a body that sets every member the decoder reads decodes, and encodes back to itself.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "wire/codec.h"

using ddblab::wire::Json;
namespace internal = ddblab::wire::internal;

namespace {

struct RoundTripCase {
  const char* operation;
  const char* body;
};

// Rich bodies set every member the operation's decoder reads (legacy members included); a few
// minimal ones pin that unset optional members are left out. Numbers are canonical (the decoder
// keeps exact decimals and renders them canonically) and sets are in key order, as ValueToJson
// writes them.
const RoundTripCase kCases[] = {
    // ---------------------------------------------------------------- items
    {"GetItem", R"j({
      "TableName": "app-main", "Key": {"PK": {"S": "CUST#1"}, "SK": {"N": "42"}},
      "ConsistentRead": true, "ProjectionExpression": "#n, total",
      "ExpressionAttributeNames": {"#n": "name"}, "ReturnConsumedCapacity": "TOTAL",
      "AttributesToGet": ["name", "total"]})j"},
    {"GetItem", R"j({"TableName": "Tbl", "Key": {"PK": {"B": "AQID"}}})j"},
    {"PutItem", R"j({
      "TableName": "app-main",
      "Item": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#7"}, "total": {"N": "12.5"},
               "neg": {"N": "-3"}, "blob": {"B": "AQID"}, "gift": {"BOOL": false},
               "note": {"NULL": true}, "lines": {"L": [{"S": "x"}, {"N": "1"}]},
               "addr": {"M": {"city": {"S": "Oslo"}, "zip": {"N": "150"}}},
               "tags": {"SS": ["a", "b"]}, "sizes": {"NS": ["1", "2"]},
               "keys": {"BS": ["AQ==", "Ag=="]}},
      "ConditionExpression": "attribute_not_exists(PK) OR #s = :open",
      "ExpressionAttributeNames": {"#s": "status"},
      "ExpressionAttributeValues": {":open": {"S": "OPEN"}},
      "ReturnValues": "ALL_OLD", "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
      "ReturnConsumedCapacity": "INDEXES", "ReturnItemCollectionMetrics": "SIZE",
      "Expected": {"status": {"Value": {"S": "OPEN"}, "Exists": true},
                   "total": {"ComparisonOperator": "BETWEEN",
                             "AttributeValueList": [{"N": "1"}, {"N": "100"}]},
                   "gone": {"Exists": false}},
      "ConditionalOperator": "OR"})j"},
    {"PutItem", R"j({"TableName": "Tbl", "Item": {"PK": {"S": "a"}}})j"},
    {"UpdateItem", R"j({
      "TableName": "app-main", "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#7"}},
      "UpdateExpression": "SET #s = :s ADD n :one",
      "AttributeUpdates": {"count": {"Value": {"N": "1"}, "Action": "ADD"},
                           "old": {"Action": "DELETE"}, "name": {"Value": {"S": "Ann"}}},
      "ConditionExpression": "attribute_exists(PK)",
      "ExpressionAttributeNames": {"#s": "status"},
      "ExpressionAttributeValues": {":s": {"S": "SHIPPED"}, ":one": {"N": "1"}},
      "ReturnValues": "UPDATED_NEW", "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
      "ReturnConsumedCapacity": "TOTAL", "ReturnItemCollectionMetrics": "NONE",
      "Expected": {"status": {"ComparisonOperator": "NE", "AttributeValueList": [{"S": "X"}]}},
      "ConditionalOperator": "AND"})j"},
    {"DeleteItem", R"j({
      "TableName": "app-main", "Key": {"PK": {"S": "CUST#1"}, "SK": {"S": "ORDER#7"}},
      "ConditionExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "status"},
      "ExpressionAttributeValues": {":s": {"S": "OPEN"}}, "ReturnValues": "ALL_OLD",
      "ReturnValuesOnConditionCheckFailure": "NONE", "ReturnConsumedCapacity": "NONE",
      "ReturnItemCollectionMetrics": "SIZE",
      "Expected": {"status": {"Value": {"S": "OPEN"}}, "locked": {"Exists": false}},
      "ConditionalOperator": "OR"})j"},
    {"Query", R"j({
      "TableName": "app-main", "IndexName": "GSI1",
      "KeyConditionExpression": "GSI1PK = :pk AND begins_with(GSI1SK, :p)",
      "FilterExpression": "#s = :s", "ProjectionExpression": "PK, SK, #s",
      "ExpressionAttributeNames": {"#s": "status"},
      "ExpressionAttributeValues": {":pk": {"S": "CUST#1"}, ":p": {"S": "ORDER#"},
                                    ":s": {"S": "OPEN"}},
      "Select": "SPECIFIC_ATTRIBUTES", "Limit": 10, "ConsistentRead": false,
      "ScanIndexForward": false,
      "ExclusiveStartKey": {"PK": {"S": "x"}, "SK": {"S": "y"}, "GSI1PK": {"S": "CUST#1"}},
      "ReturnConsumedCapacity": "INDEXES",
      "KeyConditions": {"GSI1PK": {"ComparisonOperator": "EQ",
                                   "AttributeValueList": [{"S": "CUST#1"}]},
                        "GSI1SK": {"ComparisonOperator": "BETWEEN",
                                   "AttributeValueList": [{"N": "1"}, {"N": "9"}]}},
      "QueryFilter": {"status": {"ComparisonOperator": "NOT_NULL"},
                      "tags": {"ComparisonOperator": "CONTAINS",
                               "AttributeValueList": [{"S": "gift"}]}},
      "ConditionalOperator": "OR", "AttributesToGet": ["PK", "status"]})j"},
    {"Query", R"j({"TableName": "Tbl", "KeyConditionExpression": "PK = :pk",
                   "ExpressionAttributeValues": {":pk": {"S": "a"}}})j"},
    {"Scan", R"j({
      "TableName": "app-main", "IndexName": "GSI2", "FilterExpression": "#t > :min",
      "ProjectionExpression": "PK, #t", "ExpressionAttributeNames": {"#t": "total"},
      "ExpressionAttributeValues": {":min": {"N": "0.01"}}, "Select": "ALL_PROJECTED_ATTRIBUTES",
      "Limit": 100, "ConsistentRead": true, "ExclusiveStartKey": {"PK": {"S": "x"}},
      "Segment": 1, "TotalSegments": 4, "ReturnConsumedCapacity": "TOTAL",
      "ScanFilter": {"total": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "5"}]},
                     "kind": {"ComparisonOperator": "IN",
                              "AttributeValueList": [{"S": "a"}, {"S": "b"}]}},
      "ConditionalOperator": "AND", "AttributesToGet": ["PK", "total"]})j"},
    {"Scan", R"j({"TableName": "Tbl"})j"},
    // ---------------------------------------------------------------- batches and transactions
    {"BatchGetItem", R"j({
      "RequestItems": {
        "app-main": {"Keys": [{"PK": {"S": "a"}, "SK": {"S": "1"}},
                              {"PK": {"S": "b"}, "SK": {"S": "2"}}],
                     "ConsistentRead": true, "ProjectionExpression": "PK, #n",
                     "ExpressionAttributeNames": {"#n": "name"}},
        "legacy": {"Keys": [{"id": {"N": "7"}}], "ConsistentRead": false,
                   "AttributesToGet": ["id", "name"]}},
      "ReturnConsumedCapacity": "INDEXES"})j"},
    {"BatchWriteItem", R"j({
      "RequestItems": {
        "app-main": [{"PutRequest": {"Item": {"PK": {"S": "a"}, "SK": {"S": "1"},
                                              "n": {"N": "5"}}}},
                     {"DeleteRequest": {"Key": {"PK": {"S": "b"}, "SK": {"S": "2"}}}}],
        "other": [{"DeleteRequest": {"Key": {"id": {"B": "AQID"}}}}]},
      "ReturnConsumedCapacity": "TOTAL", "ReturnItemCollectionMetrics": "SIZE"})j"},
    {"TransactGetItems", R"j({
      "TransactItems": [
        {"Get": {"TableName": "app-main", "Key": {"PK": {"S": "a"}, "SK": {"S": "1"}},
                 "ProjectionExpression": "#n", "ExpressionAttributeNames": {"#n": "name"}}},
        {"Get": {"TableName": "other", "Key": {"id": {"N": "7"}}}}],
      "ReturnConsumedCapacity": "TOTAL"})j"},
    {"TransactWriteItems", R"j({
      "TransactItems": [
        {"Put": {"TableName": "app-main", "Item": {"PK": {"S": "a"}, "SK": {"S": "1"}},
                 "ConditionExpression": "attribute_not_exists(#pk)",
                 "ExpressionAttributeNames": {"#pk": "PK"},
                 "ExpressionAttributeValues": {":unused": {"S": "x"}},
                 "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"Update": {"TableName": "app-main", "Key": {"PK": {"S": "b"}, "SK": {"S": "2"}},
                    "UpdateExpression": "SET #c = #c + :one",
                    "ConditionExpression": "#c < :max", "ExpressionAttributeNames": {"#c": "count"},
                    "ExpressionAttributeValues": {":one": {"N": "1"}, ":max": {"N": "10"}},
                    "ReturnValuesOnConditionCheckFailure": "NONE"}},
        {"Delete": {"TableName": "other", "Key": {"id": {"N": "7"}},
                    "ConditionExpression": "attribute_exists(id)",
                    "ExpressionAttributeNames": {"#v": "version"},
                    "ExpressionAttributeValues": {":v": {"N": "3"}},
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"ConditionCheck": {"TableName": "app-main", "Key": {"PK": {"S": "c"}, "SK": {"S": "3"}},
                            "ConditionExpression": "#s = :s",
                            "ExpressionAttributeNames": {"#s": "status"},
                            "ExpressionAttributeValues": {":s": {"S": "OPEN"}},
                            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}],
      "ClientRequestToken": "token-1", "ReturnConsumedCapacity": "INDEXES",
      "ReturnItemCollectionMetrics": "SIZE"})j"},
    {"TransactWriteItems", R"j({"TransactItems": [
        {"Delete": {"TableName": "t", "Key": {"PK": {"S": "a"}}}}]})j"},
    // ---------------------------------------------------------------- PartiQL
    {"ExecuteStatement", R"j({
      "Statement": "SELECT * FROM \"app-main\" WHERE PK = ? AND total > ?",
      "Parameters": [{"S": "CUST#1"}, {"N": "3.25"}, {"L": [{"BOOL": true}]}],
      "ConsistentRead": true, "NextToken": "next-page", "Limit": 25,
      "ReturnConsumedCapacity": "TOTAL", "ReturnValuesOnConditionCheckFailure": "ALL_OLD"})j"},
    {"ExecuteStatement", R"j({"Statement": "SELECT * FROM t"})j"},
    {"BatchExecuteStatement", R"j({
      "Statements": [
        {"Statement": "SELECT * FROM t WHERE PK = ?", "Parameters": [{"S": "a"}],
         "ConsistentRead": true, "ReturnValuesOnConditionCheckFailure": "NONE"},
        {"Statement": "DELETE FROM t WHERE PK = ?", "Parameters": [{"S": "b"}],
         "ConsistentRead": false, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"},
        {"Statement": "INSERT INTO t VALUE {'PK': 'c'}"}],
      "ReturnConsumedCapacity": "INDEXES"})j"},
    {"ExecuteTransaction", R"j({
      "TransactStatements": [
        {"Statement": "UPDATE t SET n = n + 1 WHERE PK = ?", "Parameters": [{"S": "a"}],
         "ReturnValuesOnConditionCheckFailure": "ALL_OLD"},
        {"Statement": "DELETE FROM t WHERE PK = 'b'"}],
      "ClientRequestToken": "token-2", "ReturnConsumedCapacity": "TOTAL"})j"},
    // ---------------------------------------------------------------- tables
    {"CreateTable", R"j({
      "TableName": "app-main",
      "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                               {"AttributeName": "SK", "AttributeType": "S"},
                               {"AttributeName": "GSI1PK", "AttributeType": "S"},
                               {"AttributeName": "LSI1SK", "AttributeType": "N"}],
      "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                    {"AttributeName": "SK", "KeyType": "RANGE"}],
      "GlobalSecondaryIndexes": [
        {"IndexName": "GSI1",
         "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                       {"AttributeName": "SK", "KeyType": "RANGE"}],
         "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["status", "total"]},
         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 2}},
        {"IndexName": "GSI2", "KeySchema": [{"AttributeName": "SK", "KeyType": "HASH"}],
         "Projection": {}}],
      "LocalSecondaryIndexes": [
        {"IndexName": "LSI1",
         "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                       {"AttributeName": "LSI1SK", "KeyType": "RANGE"}],
         "Projection": {"ProjectionType": "KEYS_ONLY"}}],
      "BillingMode": "PROVISIONED",
      "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 4},
      "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
      "Tags": [{"Key": "env", "Value": "lab"}, {"Key": "owner", "Value": "course"}]})j"},
    {"CreateTable", R"j({
      "TableName": "t", "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "B"}],
      "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}]})j"},
    {"DescribeTable", R"j({"TableName": "app-main"})j"},
    {"DeleteTable", R"j({"TableName": "app-main"})j"},
    {"ListTables", R"j({"ExclusiveStartTableName": "app-main", "Limit": 3})j"},
    {"ListTables", R"j({})j"},
    {"UpdateTable", R"j({
      "TableName": "app-main",
      "AttributeDefinitions": [{"AttributeName": "GSI3PK", "AttributeType": "S"}],
      "BillingMode": "PROVISIONED",
      "ProvisionedThroughput": {"ReadCapacityUnits": 20, "WriteCapacityUnits": 8},
      "StreamSpecification": {"StreamEnabled": false},
      "GlobalSecondaryIndexUpdates": [
        {"Create": {"IndexName": "GSI3",
                    "KeySchema": [{"AttributeName": "GSI3PK", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"},
                    "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}},
        {"Update": {"IndexName": "GSI1",
                    "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3}}},
        {"Delete": {"IndexName": "GSI2"}}]})j"},
    // ---------------------------------------------------------------- tags, TTL, account
    {"TagResource", R"j({
      "ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main",
      "Tags": [{"Key": "env", "Value": "lab"}, {"Key": "no-value"}, {"Value": "no-key"}]})j"},
    {"TagResource", R"j({})j"},
    {"UntagResource", R"j({
      "ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main",
      "TagKeys": ["env", "owner"]})j"},
    {"ListTagsOfResource", R"j({
      "ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main",
      "NextToken": "owner"})j"},
    {"UpdateTimeToLive", R"j({"TableName": "app-main",
      "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires_at"}})j"},
    {"DescribeTimeToLive", R"j({"TableName": "app-main"})j"},
    {"DescribeContinuousBackups", R"j({"TableName": "app-main"})j"},
    {"UpdateContinuousBackups", R"j({"TableName": "app-main",
      "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": true,
        "RecoveryPeriodInDays": 7}})j"},
    {"DescribeEndpoints", R"j({})j"},
    {"DescribeLimits", R"j({})j"},
    {"PutResourcePolicy", R"j({
      "ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main",
      "Policy": "{\"Version\": \"2012-10-17\"}", "ExpectedRevisionId": "NO_POLICY",
      "ConfirmRemoveSelfResourceAccess": true})j"},
    {"GetResourcePolicy", R"j({
      "ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main"})j"},
    {"DeleteResourcePolicy", R"j({
      "ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main",
      "ExpectedRevisionId": "1700000000000"})j"},
    // ---------------------------------------------------------------- DynamoDB Streams
    {"ListStreams", R"j({"TableName": "app-main", "Limit": 2,
      "ExclusiveStartStreamArn":
          "arn:aws:dynamodb:us-east-1:000000000000:table/app-main/stream/x"})j"},
    {"DescribeStream", R"j({
      "StreamArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main/stream/x",
      "Limit": 5, "ExclusiveStartShardId": "shardId-00000001"})j"},
    {"GetShardIterator", R"j({
      "StreamArn": "arn:aws:dynamodb:us-east-1:000000000000:table/app-main/stream/x",
      "ShardId": "shardId-00000001", "ShardIteratorType": "AFTER_SEQUENCE_NUMBER",
      "SequenceNumber": "000000000000000000042"})j"},
    {"GetRecords", R"j({"ShardIterator": "iterator-1", "Limit": 1000})j"},
};

// Member order is the encoder's own; the comparison with a hand-written body ignores it.
nlohmann::json Unordered(const Json& j) { return nlohmann::json::parse(j.dump()); }

template <typename Request>
void CheckRoundTrip(const Json& body) {
  Request request;
  ddblab::Status decoded = internal::FromJson(body, &request);
  if (!decoded.ok()) {
    FAIL_CHECK("the decoder refuses the body: " << decoded.error().message);
    return;
  }
  const Json encoded = internal::ToJson(request);
  CHECK(Unordered(encoded) == Unordered(body));
  // The encoding is a fixed point: decoding it gives a request that encodes the same, member
  // order included.
  Request again;
  ddblab::Status redecoded = internal::FromJson(encoded, &again);
  if (!redecoded.ok()) {
    FAIL_CHECK("the decoder refuses the encoding: " << redecoded.error().message);
    return;
  }
  CHECK(internal::ToJson(again) == encoded);
}

// Whether `operation` names an operation of ddblab/operations.h; runs its round trip if so.
bool RoundTrip(std::string_view operation, const Json& body) {
#define DDBLAB_ROUND_TRIP(Name, How)             \
  if (operation == #Name) {                      \
    CheckRoundTrip<ddblab::Name##Request>(body); \
    return true;                                 \
  }
  DDBLAB_OPERATIONS(DDBLAB_ROUND_TRIP)
#undef DDBLAB_ROUND_TRIP
  return false;
}

}  // namespace

TEST_CASE("Every request body decodes and encodes back to itself") {
  for (const RoundTripCase& c : kCases) {
    INFO(c.operation << " " << c.body);
    CHECK(RoundTrip(c.operation, Json::parse(c.body)));
  }
}

TEST_CASE("The round-trip bodies cover every supported operation") {
  std::set<std::string> covered;
  for (const RoundTripCase& c : kCases) covered.insert(c.operation);
  const std::vector<std::string>& supported = ddblab::wire::SupportedOperations();
  CHECK(covered == std::set<std::string>(supported.begin(), supported.end()));
}

TEST_CASE("An encoded request carries only the members its DynamoDB shape has") {
  // A TransactWriteItems action: Item only for Put, Key for the others, UpdateExpression only
  // for Update.
  ddblab::TransactWriteItemsRequest t;
  ddblab::TransactWriteItem put;
  put.action = "Put";
  put.table_name = "t";
  put.item = ddblab::Item{{"PK", ddblab::AttributeValue::S("a")}};
  put.key = ddblab::Key{{"PK", ddblab::AttributeValue::S("a")}};
  put.update_expression = "SET x = :v";
  t.transact_items.push_back(put);
  CHECK(Unordered(internal::ToJson(t)) ==
        nlohmann::json::parse(
            R"j({"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "a"}}}}]})j"));

  // UpdateTable's Update action: IndexName and ProvisionedThroughput only.
  ddblab::UpdateTableRequest u;
  u.table_name = "t";
  ddblab::GlobalSecondaryIndexUpdate g;
  ddblab::SecondaryIndexSpec spec;
  spec.index_name = "GSI1";
  spec.key_schema = {{"GSI1PK", "HASH"}};
  spec.projection.projection_type = "ALL";
  spec.provisioned_throughput = ddblab::ProvisionedThroughput{3, 4};
  g.update = spec;
  u.global_secondary_index_updates = std::vector<ddblab::GlobalSecondaryIndexUpdate>{g};
  CHECK(Unordered(internal::ToJson(u)) == nlohmann::json::parse(R"j({"TableName": "t",
      "GlobalSecondaryIndexUpdates": [{"Update": {"IndexName": "GSI1",
          "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 4}}}]})j"));

  // A local secondary index has no ProvisionedThroughput.
  ddblab::CreateTableRequest c;
  c.table_name = "t";
  c.attribute_definitions = {{"PK", "S"}, {"LSK", "S"}};
  c.key_schema = {{"PK", "HASH"}};
  spec.index_name = "LSI1";
  spec.key_schema = {{"PK", "HASH"}, {"LSK", "RANGE"}};
  c.local_secondary_indexes = std::vector<ddblab::SecondaryIndexSpec>{spec};
  CHECK(Unordered(internal::ToJson(c)) == nlohmann::json::parse(R"j({"TableName": "t",
      "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                               {"AttributeName": "LSK", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
      "LocalSecondaryIndexes": [{"IndexName": "LSI1",
          "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                        {"AttributeName": "LSK", "KeyType": "RANGE"}],
          "Projection": {"ProjectionType": "ALL"}}]})j"));
}
