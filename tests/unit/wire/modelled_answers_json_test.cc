// The answers the model writes and reads (ddblab/model/partiql.h): ConsumedCapacity is sent as
// the request's ReturnConsumedCapacity asks (DynamoDB API reference, ReturnConsumedCapacity:
// NONE leaves it out; the batch and the transaction answer a list, one entry per table), the
// Trace never travels, members are in the service model's order, and a capacity read back is a
// read's or a write's as the rest of the answer says.
#include <catch2/catch.hpp>

#include "wire/codec.h"

namespace ddblab::wire {
namespace {

ConsumedCapacity Units(const char* table, int64_t half_units) {
  ConsumedCapacity c;
  c.table_name = table;
  c.total.half_units = half_units;
  c.table.half_units = half_units;
  return c;
}

std::vector<std::string> MemberNames(const Json& j) {
  std::vector<std::string> names;
  for (auto it = j.begin(); it != j.end(); ++it) names.push_back(it.key());
  return names;
}

TEST_CASE("A statement's answer sends its capacity only when asked, and never its trace") {
  ExecuteStatementResponse r;
  r.items.emplace_back(Item{{"PK", AttributeValue::S("a")}});
  r.next_token = "t";
  r.last_evaluated_key = Item{{"PK", AttributeValue::S("a")}};
  r.consumed_capacity = Units("App", 1);
  r.trace.operation = "Query";

  CHECK(MemberNames(internal::ToJson(r, "NONE")) ==
        std::vector<std::string>{"Items", "NextToken", "LastEvaluatedKey"});
  CHECK(MemberNames(internal::ToJson(r, "")) ==
        std::vector<std::string>{"Items", "NextToken", "LastEvaluatedKey"});
  Json total = internal::ToJson(r, "TOTAL");
  CHECK(MemberNames(total) ==
        std::vector<std::string>{"Items", "NextToken", "ConsumedCapacity", "LastEvaluatedKey"});
  CHECK(total["ConsumedCapacity"] == Json::parse(R"({"TableName":"App","CapacityUnits":0.5})"));

  // A write's answer (no items) still sends Items, empty.
  CHECK(internal::ToJson(ExecuteStatementResponse{}, "NONE") == Json::parse(R"({"Items":[]})"));
}

TEST_CASE("A batch's and a transaction's capacity is a list, sent whole when asked") {
  BatchExecuteStatementResponse batch;
  CHECK(internal::ToJson(batch, "NONE") == Json::parse(R"({"Responses":[]})"));
  CHECK(internal::ToJson(batch, "TOTAL") ==
        Json::parse(R"({"Responses":[],"ConsumedCapacity":[]})"));

  ExecuteTransactionResponse writes;
  writes.consumed_capacity = {Units("A", 4), Units("B", 2)};
  // A write transaction has no Responses.
  CHECK(internal::ToJson(writes, "TOTAL") == Json::parse(R"({"ConsumedCapacity":[
      {"TableName":"A","CapacityUnits":2.0},{"TableName":"B","CapacityUnits":1.0}]})"));

  ExecuteTransactionResponse reads;
  reads.responses.resize(2);
  reads.responses[0].item = Item{{"PK", AttributeValue::S("a")}};
  CHECK(internal::ToJson(reads, "NONE") ==
        Json::parse(R"({"Responses":[{"Item":{"PK":{"S":"a"}}},{}]})"));
}

TEST_CASE("A capacity read back is a read's when the answer returned items, a write's otherwise") {
  ExecuteStatementResponse select;
  REQUIRE(internal::FromJson(Json::parse(R"({"Items":[{"PK":{"S":"a"}}],
      "ConsumedCapacity":{"TableName":"App","CapacityUnits":0.5}})"),
                             &select)
              .ok());
  CHECK(select.consumed_capacity.read);
  CHECK(select.consumed_capacity.total.half_units == 1);

  ExecuteStatementResponse update;
  REQUIRE(internal::FromJson(Json::parse(R"({"Items":[],
      "ConsumedCapacity":{"TableName":"App","CapacityUnits":1.0}})"),
                             &update)
              .ok());
  CHECK_FALSE(update.consumed_capacity.read);

  BatchExecuteStatementResponse batch;
  REQUIRE(internal::FromJson(Json::parse(R"({"Responses":[{"TableName":"App",
      "Item":{"PK":{"S":"a"}}}],"ConsumedCapacity":[{"TableName":"App","CapacityUnits":0.5}]})"),
                             &batch)
              .ok());
  REQUIRE(batch.consumed_capacity.size() == 1);
  CHECK(batch.consumed_capacity[0].read);
}

}  // namespace
}  // namespace ddblab::wire
