// The server's HTTP layer without sockets, and the remote client's response parsing.
#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "remote/credentials.h"
#include "remote/response_parse.h"
#include "serve/http_protocol.h"

using ddblab::wire::Json;

TEST_CASE("x-amz-crc32 is the decimal CRC-32 of the body") {
  CHECK(ddblab::shell::serve::Crc32(
            R"({"__type":"com.amazon.coral.service#SerializationException"})") == 3948637019u);
  CHECK(ddblab::shell::serve::Crc32("") == 0u);
  CHECK(ddblab::shell::serve::Crc32("123456789") == 0xCBF43926u);
}

TEST_CASE("Request ids look like DynamoDB's") {
  std::string id = ddblab::shell::serve::NewRequestId();
  CHECK(id.size() == 52);
  CHECK(id.find_first_not_of("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos);
  // Every position varies (ids are drawn twelve digits at a time; none may run out of bits).
  std::vector<std::set<char>> seen(52);
  for (int i = 0; i < 300; ++i) {
    std::string next = ddblab::shell::serve::NewRequestId();
    for (size_t p = 0; p < next.size(); ++p) seen[p].insert(next[p]);
  }
  for (size_t p = 0; p < seen.size(); ++p) {
    INFO("position " << p);
    CHECK(seen[p].size() > 20);
  }
}

TEST_CASE("The media type is matched without case, spaces or parameters, and nothing else") {
  auto engine = std::move(ddblab::Engine::Open(ddblab::EngineOptions{})).value();
  auto status = [&](const char* content_type) {
    return ddblab::shell::serve::HandleDynamoDbRequest(*engine, "DynamoDB_20120810.ListTables",
                                                       content_type, "{}")
        .status;
  };
  CHECK(status("application/x-amz-json-1.0") == 200);
  CHECK(status("Application/X-AMZ-JSON-1.0 ; charset=UTF-8") == 200);
  CHECK(status("application/json") == 200);
  CHECK(status("application/ json;charset=utf-8") == 200);
  CHECK(status("application/x-amz-json-1.1") == 404);
  CHECK(status("application/x-amz-json-1.0x") == 404);
  CHECK(status("application/jso") == 404);
  CHECK(status("text/plain") == 404);
  CHECK(status("") == 404);
}

TEST_CASE("The log line names operation, table, capacity and partitions") {
  ddblab::shell::serve::HttpReply reply;
  reply.operation = "Query";
  reply.status = 200;
  reply.result.ok = true;
  reply.result.trace.table = "app-main";
  reply.result.trace.index = "GSI2";
  reply.result.trace.partitions_hit = {3};
  reply.result.trace.partitions_total = 4;
  ddblab::ConsumedCapacity c;
  c.read = true;
  c.total.half_units = 1;
  reply.result.capacity.push_back(c);
  CHECK(ddblab::shell::serve::LogLine(reply, 1.25) ==
        "Query app-main index GSI2 · 0.5 RCU · partitions [3] of 4 · 200 · 1.2 ms");
}

TEST_CASE("Remote error bodies become errors of the same type") {
  auto e = ddblab::shell::remote::ErrorFromBody(
      Json::parse(R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
        "Message":"Transaction cancelled","CancellationReasons":[{"Code":"None"},
        {"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}]})"),
      400);
  CHECK(e.type == ddblab::ErrorType::kTransactionCanceledException);
  CHECK(e.message == "Transaction cancelled");
  REQUIRE(e.cancellation_reasons.size() == 2);
  CHECK(e.cancellation_reasons[1].code == "ConditionalCheckFailed");
  auto unknown = ddblab::shell::remote::ErrorFromBody(
      Json::parse(R"({"__type":"com.amazon.coral.service#UnrecognizedClientException",
                      "message":"The security token included in the request is invalid."})"),
      400);
  CHECK(unknown.message ==
        "UnrecognizedClientException: The security token included in the request is invalid.");
}

TEST_CASE("Remote ConsumedCapacity parses back into half-units") {
  auto caps = ddblab::shell::remote::CapacitiesFromBody(
      Json::parse(R"({"ConsumedCapacity":{"TableName":"App","CapacityUnits":2.0,
        "Table":{"CapacityUnits":1.0},"GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":1.0}}}})"),
      false);
  REQUIRE(caps.size() == 1);
  CHECK(caps[0].total.half_units == 4);
  CHECK(caps[0].table.half_units == 2);
  CHECK(caps[0].global_secondary_indexes["GSI1"].half_units == 2);
}

TEST_CASE("Credentials files: the chosen profile's keys") {
  auto c = ddblab::shell::remote::ParseCredentialsFile(
      "[default]\naws_access_key_id = AK\naws_secret_access_key=SK\n\n[other]\n"
      "aws_access_key_id=O\naws_secret_access_key=OS\naws_session_token = T\n",
      "other");
  REQUIRE(c.has_value());
  CHECK(c->access_key_id == "O");
  CHECK(c->session_token == "T");
  CHECK_FALSE(ddblab::shell::remote::ParseCredentialsFile("[default]\n", "default"));
}

// DynamoDB Streams records name the region the request was received in: the signature's.
TEST_CASE("The signing region is read from the Authorization header's credential scope") {
  using ddblab::shell::serve::SigningRegion;
  CHECK(SigningRegion("AWS4-HMAC-SHA256 Credential=AKID/20261126/eu-west-1/dynamodb/aws4_request, "
                      "SignedHeaders=host, Signature=abc") == "eu-west-1");
  CHECK(SigningRegion("") == "us-east-1");
  CHECK(SigningRegion("Credential=AKID") == "us-east-1");
}
