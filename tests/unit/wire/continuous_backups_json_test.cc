// DescribeContinuousBackups and UpdateContinuousBackups through the JSON layer: the first
// operations whose structs, codecs and member validation come from the model (ddblab/model/),
// so these cases also check the generated reader's messages.
#include <catch2/catch.hpp>
#include <string>

#include "ddblab/wire.h"
#include "wire_fixture.h"

namespace {

using ddblab::wire::Json;
using wiretest::Call;
using wiretest::OpenEngine;

const char* kCreate = R"({"TableName": "Tbl",
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"})";

// DynamoDB's framework writes a SerializationException's text as Message, the others as message.
std::string Message(const ddblab::wire::JsonResult& r) {
  return r.body.value("message", r.body.value("Message", ""));
}
std::string Type(const ddblab::wire::JsonResult& r) { return r.body.value("__type", ""); }

}  // namespace

TEST_CASE("Continuous backups are ENABLED and point-in-time recovery starts DISABLED") {
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", kCreate).ok);
  auto d = Call(*e, "DescribeContinuousBackups", R"({"TableName": "Tbl"})");
  REQUIRE(d.ok);
  CHECK(d.body.dump() ==
        R"({"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",)"
        R"("PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}})");
}

TEST_CASE("Enabling point-in-time recovery shows the period and the restorable window") {
  auto e = OpenEngine();  // the clock stands at 1700000000
  REQUIRE(Call(*e, "CreateTable", kCreate).ok);
  auto u = Call(*e, "UpdateContinuousBackups",
                R"({"TableName": "Tbl", "PointInTimeRecoverySpecification":
                    {"PointInTimeRecoveryEnabled": true, "RecoveryPeriodInDays": 7}})");
  REQUIRE(u.ok);
  const Json pitr = u.body["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
  CHECK(pitr["PointInTimeRecoveryStatus"] == "ENABLED");
  CHECK(pitr["RecoveryPeriodInDays"] == 7);
  CHECK(pitr["EarliestRestorableDateTime"] == 1700000000.0);
  CHECK(pitr["LatestRestorableDateTime"] == 1700000000.0);
  auto d = Call(*e, "DescribeContinuousBackups",
                R"({"TableName": "arn:aws:dynamodb:ddblab:000000000000:table/Tbl"})");
  CHECK(d.body == u.body);
  // Without a period DynamoDB keeps 35 days; disabling leaves only the status.
  auto again = Call(*e, "UpdateContinuousBackups",
                    R"({"TableName": "Tbl", "PointInTimeRecoverySpecification":
                        {"PointInTimeRecoveryEnabled": true}})");
  CHECK(again.body["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
                  ["RecoveryPeriodInDays"] == 35);
  auto off = Call(*e, "UpdateContinuousBackups",
                  R"({"TableName": "Tbl", "PointInTimeRecoverySpecification":
                      {"PointInTimeRecoveryEnabled": false}})");
  CHECK(off.body.dump() ==
        R"({"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",)"
        R"("PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}})");
}

TEST_CASE("A missing table is DynamoDB's TableNotFoundException for continuous backups") {
  auto e = OpenEngine();
  for (const char* op : {"DescribeContinuousBackups", "UpdateContinuousBackups"}) {
    INFO(op);
    auto r = Call(*e, op, R"({"TableName": "Nope", "PointInTimeRecoverySpecification":
                              {"PointInTimeRecoveryEnabled": true}})");
    CHECK(Type(r) == "com.amazonaws.dynamodb.v20120810#TableNotFoundException");
    CHECK(Message(r) == "Table not found: Nope");
    CHECK(r.http_status == 400);
  }
}

TEST_CASE("The model's constraints give DynamoDB's framework messages, together and in order") {
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", kCreate).ok);
  CHECK(Message(Call(*e, "UpdateContinuousBackups", "{}")) ==
        "2 validation errors detected: Value null at 'tableName' failed to satisfy constraint: "
        "Member must not be null; Value null at 'pointInTimeRecoverySpecification' failed to "
        "satisfy constraint: Member must not be null");
  CHECK(Message(Call(*e, "UpdateContinuousBackups",
                     R"({"TableName": "", "PointInTimeRecoverySpecification":
                         {"RecoveryPeriodInDays": 40}})")) ==
        "3 validation errors detected: Value '' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1; Value null at "
        "'pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled' failed to satisfy "
        "constraint: Member must not be null; Value '40' at "
        "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: "
        "Member must have value less than or equal to 35");
  // A wrong JSON type is the SerializationException every other operation gives.
  auto typed = Call(*e, "UpdateContinuousBackups",
                    R"({"TableName": "Tbl", "PointInTimeRecoverySpecification":
                        {"PointInTimeRecoveryEnabled": "yes"}})");
  CHECK(Type(typed) == "com.amazon.coral.service#SerializationException");
  auto listed = Call(*e, "UpdateContinuousBackups",
                     R"({"TableName": "Tbl", "PointInTimeRecoverySpecification": []})");
  CHECK(Message(listed) ==
        "Unrecognized collection type class "
        "com.amazonaws.dynamodb.v20120810.PointInTimeRecoverySpecification");
}

TEST_CASE("A recovery period given while disabling is refused, not dropped") {
  auto e = OpenEngine();
  REQUIRE(Call(*e, "CreateTable", kCreate).ok);
  auto r = Call(*e, "UpdateContinuousBackups",
                R"({"TableName": "Tbl", "PointInTimeRecoverySpecification":
                    {"PointInTimeRecoveryEnabled": false, "RecoveryPeriodInDays": 7}})");
  CHECK(Message(r) ==
        "RecoveryPeriodInDays can only be given when PointInTimeRecoveryEnabled is true");
}
