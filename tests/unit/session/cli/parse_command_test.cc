// ParseCliCommand: option kinds, value syntaxes, and the aws CLI's usage errors.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <string>

#include "shell/session/cli.h"

using ddblab::shell::CliCommand;
using ddblab::shell::FileAccess;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::SplitWords;
using ddblab::shell::Subcommands;
using Json = ddblab::wire::Json;

namespace {

CliCommand Parse(std::string_view text, const std::string& cwd = "") {
  auto words = SplitWords(text);
  INFO(text);
  REQUIRE(words.ok());
  auto r = ParseCliCommand(*words, FileAccess::Local(cwd));
  if (!r.ok()) FAIL(r.error().message);
  return *r;
}

std::string Error(std::string_view text) {
  auto words = SplitWords(text);
  INFO(text);
  REQUIRE(words.ok());
  auto r = ParseCliCommand(*words, FileAccess::Local(""));
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().column == -252);
  CHECK(r.error().type == ddblab::ErrorType::kValidationException);
  return r.error().message;
}

}  // namespace

TEST_CASE("Parse: leading aws and dynamodb are optional") {
  for (auto text : {"aws dynamodb describe-table --table-name t",
                    "dynamodb describe-table "
                    "--table-name t",
                    "describe-table --table-name t", "aws describe-table --table-name t"}) {
    CliCommand c = Parse(text);
    CHECK(c.subcommand == "describe-table");
    CHECK(c.operation == "DescribeTable");
    CHECK(c.request == Json::parse(R"({"TableName":"t"})"));
  }
}

TEST_CASE("Parse: members follow the service model's order, not the typed order") {
  CliCommand c = Parse("get-item --key '{\"PK\":{\"S\":\"a\"}}' --table-name t");
  CHECK(c.request.dump() == R"({"TableName":"t","Key":{"PK":{"S":"a"}}})");
}

TEST_CASE("Parse: flags in both forms set booleans") {
  CliCommand c = Parse("query --table-name t --no-scan-index-forward --consistent-read");
  CHECK(c.request == Json::parse(R"({"TableName":"t","ConsistentRead":true,
      "ScanIndexForward":false})"));
  CliCommand d = Parse("scan --table-name t --no-consistent-read");
  CHECK(d.request["ConsistentRead"] == false);
}

TEST_CASE("Parse: --option=value is the same as --option value") {
  CliCommand c = Parse("query --table-name=t --select=COUNT --limit=3");
  CHECK(c.request == Json::parse(R"({"TableName":"t","Select":"COUNT","Limit":3})"));
}

TEST_CASE("Parse: integers are JSON numbers") {
  CliCommand c = Parse("scan --table-name t --total-segments 4 --segment 0");
  CHECK(c.request == Json::parse(R"({"TableName":"t","TotalSegments":4,"Segment":0})"));
  CHECK(Error("scan --table-name t --segment x") ==
        "Error parsing parameter '--segment': invalid literal for int() with base 10: 'x'");
}

TEST_CASE("Parse: structures from JSON or shorthand") {
  CliCommand c = Parse(
      "create-table --table-name t --provisioned-throughput "
      "ReadCapacityUnits=5,WriteCapacityUnits=5 --stream-specification "
      "StreamEnabled=true,StreamViewType=NEW_IMAGE");
  CHECK(c.request["ProvisionedThroughput"] ==
        Json::parse(R"({"ReadCapacityUnits":5,"WriteCapacityUnits":5})"));
  CHECK(c.request["StreamSpecification"] ==
        Json::parse(R"({"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"})"));
  CliCommand k = Parse("get-item --table-name t --key PK={S=CUST#1},SK={S=PROFILE}");
  CHECK(k.request["Key"] == Json::parse(R"({"PK":{"S":"CUST#1"},"SK":{"S":"PROFILE"}})"));
}

TEST_CASE("Parse: lists of structures from space-separated shorthand") {
  CliCommand c = Parse(
      "create-table --table-name t --attribute-definitions AttributeName=PK,AttributeType=S "
      "AttributeName=SK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH "
      "AttributeName=SK,KeyType=RANGE --tags Key=Owner,Value=blueTeam");
  CHECK(c.request == Json::parse(R"({
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
                              {"AttributeName":"SK","AttributeType":"S"}],
      "TableName":"t",
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
      "Tags":[{"Key":"Owner","Value":"blueTeam"}]})"));
}

TEST_CASE("Parse: a GSI in shorthand with nested lists and structures") {
  CliCommand c = Parse(
      "create-table --table-name t --global-secondary-indexes "
      "'IndexName=G1,KeySchema=[{AttributeName=a,KeyType=HASH}],Projection={ProjectionType=ALL}'");
  CHECK(c.request["GlobalSecondaryIndexes"] == Json::parse(R"([{"IndexName":"G1",
      "KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}])"));
}

TEST_CASE("Parse: lists of structures from JSON, as one list or one object per word") {
  CliCommand c = Parse(R"(transact-get-items --transact-items '[{"Get":{"TableName":"t"}}]')");
  CHECK(c.request["TransactItems"] == Json::parse(R"([{"Get":{"TableName":"t"}}])"));
  CliCommand d = Parse(R"(transact-get-items --transact-items '{"Get":{"TableName":"a"}}' )"
                       R"('{"Get":{"TableName":"b"}}')");
  CHECK(d.request["TransactItems"].size() == 2);
}

TEST_CASE("Parse: string lists") {
  CliCommand c = Parse("get-item --table-name t --key PK={S=a} --attributes-to-get a b");
  CHECK(c.request["AttributesToGet"] == Json::parse(R"(["a","b"])"));
  CliCommand d = Parse(R"(get-item --table-name t --key PK={S=a} --attributes-to-get '["a"]')");
  CHECK(d.request["AttributesToGet"] == Json::parse(R"(["a"])"));
}

TEST_CASE("Parse: execute-statement parameters in shorthand are attribute values") {
  CliCommand c = Parse(R"(execute-statement --statement "SELECT * FROM t WHERE PK=?" )"
                       "--parameters S=a BOOL=true");
  CHECK(c.request == Json::parse(R"({"Statement":"SELECT * FROM t WHERE PK=?",
      "Parameters":[{"S":"a"},{"BOOL":true}]})"));
}

TEST_CASE("Parse: file:// reads the value relative to the working directory") {
  char dir_template[] = "/tmp/ddblab_cli_testXXXXXX";
  std::string dir = mkdtemp(dir_template);
  {
    std::ofstream(dir + "/values.json") << R"({":pk": {"S": "x"}})";
    std::ofstream(dir + "/tx.json") << R"([{"Get": {"TableName": "t"}}])";
  }
  CliCommand c = Parse(
      "query --table-name t --key-condition-expression 'PK = :pk' "
      "--expression-attribute-values file://values.json",
      dir);
  CHECK(c.request["ExpressionAttributeValues"] == Json::parse(R"({":pk":{"S":"x"}})"));
  CliCommand t = Parse("transact-get-items --transact-items file://" + dir + "/tx.json");
  CHECK(t.request["TransactItems"].size() == 1);
  std::string e = Error("put-item --table-name t --item file://missing.json");
  CHECK(e.rfind("Error parsing parameter '--item': Unable to load paramfile file://missing.json: "
                "[Errno 2] No such file or directory: 'missing.json'",
                0) == 0);
  std::remove((dir + "/values.json").c_str());
  std::remove((dir + "/tx.json").c_str());
  rmdir(dir.c_str());
}

TEST_CASE("Parse: --cli-input-json gives the request, options override it") {
  CliCommand c = Parse(R"(get-item --cli-input-json '{"TableName":"a","Key":{"PK":{"S":"x"}}}' )"
                       "--table-name b");
  CHECK(c.request == Json::parse(R"({"TableName":"b","Key":{"PK":{"S":"x"}}})"));
}

TEST_CASE("Parse: ignored global options are accepted anywhere") {
  CliCommand c = Parse(
      "aws --region us-east-1 dynamodb list-tables --output json --profile p "
      "--endpoint-url http://localhost:8000 --no-cli-pager --query TableNames "
      "--cli-read-timeout 5 --debug --no-verify-ssl --color off");
  CHECK(c.subcommand == "list-tables");
  CHECK(c.request == Json::object());
}

TEST_CASE("Parse: pagination controls are not sent to DynamoDB") {
  CliCommand c = Parse("scan --table-name t --max-items 5 --page-size 2 --starting-token abc");
  CHECK(c.request == Json::parse(R"({"TableName":"t"})"));
  CHECK(c.max_items == 5);
  CHECK(c.page_size == 2);
  CHECK(c.starting_token == "abc");
  CHECK_FALSE(c.no_paginate);
  CHECK(Parse("scan --table-name t --no-paginate").no_paginate);
}

TEST_CASE("Parse: --limit and --exclusive-start-key turn auto-pagination off") {
  CHECK(Parse("scan --table-name t --limit 1").no_paginate);
  CHECK(Parse("query --table-name t --exclusive-start-key PK={S=a}").no_paginate);
  CHECK(Parse("list-tables --limit 2").no_paginate);
  CHECK(Parse("list-tables --exclusive-start-table-name a").no_paginate);
}

TEST_CASE("Parse: paging options exist only on paginated subcommands") {
  CHECK(Error("get-item --table-name t --key PK={S=a} --max-items 2") ==
        "Unknown options: --max-items, 2");
}

TEST_CASE("Parse: wait table-exists") {
  CliCommand c = Parse("aws dynamodb wait table-exists --table-name app-main");
  CHECK(c.subcommand == "wait");
  CHECK(c.waiter == "table-exists");
  CHECK(c.operation == "DescribeTable");
  CHECK(c.request == Json::parse(R"({"TableName":"app-main"})"));
  CHECK(Error("wait table-exist --table-name t") ==
        "aws: error: argument subcommand: Invalid choice 'table-exist'. Did you mean "
        "'table-exists'?");
}

TEST_CASE("Errors: unknown subcommand, with a suggestion when one is close") {
  CHECK(Error("aws dynamodb qurey --table-name t") ==
        "aws: error: argument operation: Invalid choice 'qurey'. Did you mean 'query'?");
  std::string far = Error("aws dynamodb frobnicate");
  CHECK(far.rfind("aws: error: argument operation: Invalid choice 'frobnicate', valid choices "
                  "are: batch-execute-statement | batch-get-item | ",
                  0) == 0);
  CHECK(Error("aws dynamodb") == "aws: error: the following arguments are required: operation");
}

TEST_CASE("Errors: unknown options, with a suggestion") {
  CHECK(Error("query --table-name t --key-condition-expresion 'a = :a'") ==
        "Unknown options: --key-condition-expresion, a = :a\n"
        "Did you mean --key-condition-expression?");
  CHECK(Error("describe-table --table-name t extra") == "Unknown options: extra");
  CHECK(Error("query --table-name t --consistent-read true") == "Unknown options: true");
}

TEST_CASE("Errors: missing required options are listed together, in model order") {
  CHECK(Error("put-item") ==
        "aws: error: the following arguments are required: --table-name, "
        "--item");
  CHECK(Error("query --index-name g") ==
        "aws: error: the following arguments are required: --table-name");
}

TEST_CASE("Errors: an option without its value") {
  CHECK(Error("describe-table --table-name") ==
        "aws: error: argument --table-name: expected one argument");
  CHECK(Error("query --table-name --select COUNT") ==
        "aws: error: argument --table-name: expected one argument");
  CHECK(Error("create-table --table-name t --key-schema") ==
        "aws: error: argument --key-schema: expected at least one argument");
  CHECK(Error("scan --table-name t --max-items x") ==
        "aws: error: argument --max-items: invalid int value: 'x'");
}

TEST_CASE("Errors: invalid JSON quotes Python's message and the text received") {
  CHECK(Error(R"(put-item --table-name t --item '{"PK":{"S":"a"} "SK":{"S":"b"}}')") ==
        "Error parsing parameter '--item': Invalid JSON: Expecting ',' delimiter: line 1 column "
        "17 (char 16)\nJSON received: {\"PK\":{\"S\":\"a\"} \"SK\":{\"S\":\"b\"}}");
  CHECK(Error(R"(put-item --table-name t --item "{'PK':{'S':'a'}}")") ==
        "Error parsing parameter '--item': Invalid JSON: Expecting property name enclosed in "
        "double quotes: line 1 column 2 (char 1)\nJSON received: {'PK':{'S':'a'}}");
  CHECK(Error(R"(get-item --table-name t --key '[1]')") ==
        "Error parsing parameter '--key': Invalid JSON:\n[1]");
}

TEST_CASE("Errors: bad shorthand quotes the shorthand parser's message") {
  CHECK(Error("update-table --table-name t --provisioned-throughput ReadCapacityUnits") ==
        "Error parsing parameter '--provisioned-throughput': Expected: '=', received: 'EOF' for "
        "input:\nReadCapacityUnits\n                 ^");
  CHECK(Error("update-table --table-name t --provisioned-throughput ReadCapacityUnits=x") ==
        "Error parsing parameter '--provisioned-throughput': invalid literal for int() with base "
        "10: 'x'");
}

TEST_CASE("Subcommands(): every subcommand with its options, flags in both forms") {
  const auto& subs = Subcommands();
  std::vector<std::string> names;
  for (const auto& s : subs) names.push_back(s.name);
  for (auto expected : {"create-table",
                        "describe-table",
                        "list-tables",
                        "delete-table",
                        "update-table",
                        "put-item",
                        "get-item",
                        "update-item",
                        "delete-item",
                        "query",
                        "scan",
                        "batch-get-item",
                        "batch-write-item",
                        "transact-get-items",
                        "transact-write-items",
                        "execute-statement",
                        "batch-execute-statement",
                        "execute-transaction",
                        "wait",
                        "tag-resource",
                        "untag-resource",
                        "list-tags-of-resource",
                        "update-time-to-live",
                        "describe-time-to-live",
                        "describe-endpoints",
                        "describe-limits",
                        "describe-continuous-backups",
                        "update-continuous-backups",
                        "put-resource-policy",
                        "get-resource-policy",
                        "delete-resource-policy"}) {
    CHECK(std::find(names.begin(), names.end(), expected) != names.end());
  }
  CHECK(subs.size() == 31);
  // A modelled operation's options come from its request shape, in the service model's order.
  for (const auto& s : subs) {
    if (s.name != "update-continuous-backups") continue;
    CHECK(s.operation == "UpdateContinuousBackups");
    CHECK(s.options == std::vector<std::string>{"--table-name",
                                                "--point-in-time-recovery-specification",
                                                "--cli-input-json"});
  }
  for (const auto& s : subs) {
    if (s.name != "query") continue;
    CHECK(s.operation == "Query");
    for (auto o : {"--table-name", "--scan-index-forward", "--no-scan-index-forward", "--max-items",
                   "--starting-token", "--page-size", "--select"}) {
      CHECK(std::find(s.options.begin(), s.options.end(), o) != s.options.end());
    }
  }
}

// The statement assembler resumes the aws-CLI scan at the last line start; on every prefix of
// every text, the resumed answer must equal a scan from the beginning.
TEST_CASE("a resumed aws-CLI continuation scan answers as a scan from the start") {
  const std::string alphabet = "ab '\"\\{}[]#\n\n  ";
  uint32_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) & 0x7fff;
  };
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    size_t len = next() % 60;
    for (size_t i = 0; i < len; ++i) text.push_back(alphabet[next() % alphabet.size()]);
    // Feed it line by line as the assembler does: each prefix ends where a line ends.
    ddblab::shell::CliScanResume resume;
    size_t pos = 0;
    while (true) {
      size_t nl = text.find('\n', pos);
      std::string_view prefix(text.data(), nl == std::string::npos ? text.size() : nl);
      INFO("text: " << text << " prefix: " << prefix);
      REQUIRE(ddblab::shell::CliIncompleteReason(prefix, &resume) ==
              ddblab::shell::CliIncompleteReason(prefix));
      if (nl == std::string::npos) break;
      pos = nl + 1;
    }
  }
}
