// The aws CLI's legacy options (--key-conditions, --query-filter, --scan-filter, --expected,
// --attribute-updates, --attributes-to-get, --conditional-operator) in shorthand and JSON, typed
// as awscli's shorthand parser and model types them (awscli/shorthand.py, BackCompatVisitor).
#include <catch2/catch.hpp>
#include <string>

#include "shell/session/cli.h"

using ddblab::shell::CliCommand;
using ddblab::shell::FileAccess;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::SplitWords;
using Json = ddblab::wire::Json;

namespace {

Json Request(std::string_view text) {
  auto words = SplitWords(text);
  INFO(text);
  REQUIRE(words.ok());
  auto r = ParseCliCommand(*words, FileAccess::Local(""));
  if (!r.ok()) FAIL(r.error().message);
  return r->request;
}

}  // namespace

TEST_CASE("Legacy options: --key-conditions and --query-filter shorthand give Condition maps") {
  Json q = Request(
      "query --table-name t --key-conditions "
      "'PK={AttributeValueList=[{S=a}],ComparisonOperator=EQ}' "
      "--query-filter 'n={AttributeValueList={N=1},ComparisonOperator=GT}' "
      "--conditional-operator OR --attributes-to-get n SK");
  CHECK(q == Json::parse(R"({"TableName":"t","AttributesToGet":["n","SK"],
      "KeyConditions":{"PK":{"AttributeValueList":[{"S":"a"}],"ComparisonOperator":"EQ"}},
      "QueryFilter":{"n":{"AttributeValueList":[{"N":"1"}],"ComparisonOperator":"GT"}},
      "ConditionalOperator":"OR"})"));
}

TEST_CASE("Legacy options: --scan-filter BETWEEN and BOOL values inside AttributeValueList") {
  Json s = Request(
      "scan --table-name t --scan-filter "
      "'n={AttributeValueList=[{N=1},{N=5}],ComparisonOperator=BETWEEN},"
      "b={AttributeValueList=[{BOOL=true}],ComparisonOperator=EQ}'");
  CHECK(s["ScanFilter"] == Json::parse(R"({
      "n":{"AttributeValueList":[{"N":"1"},{"N":"5"}],"ComparisonOperator":"BETWEEN"},
      "b":{"AttributeValueList":[{"BOOL":true}],"ComparisonOperator":"EQ"}})"));
}

TEST_CASE("Legacy options: --expected shorthand types Exists as a boolean and Value as an item") {
  Json p = Request(
      "put-item --table-name t --item '{\"PK\":{\"S\":\"a\"}}' "
      "--expected 'a={Value={BOOL=false},Exists=true},b={Exists=false}'");
  CHECK(p["Expected"] == Json::parse(R"({"a":{"Value":{"BOOL":false},"Exists":true},
      "b":{"Exists":false}})"));
}

TEST_CASE("Legacy options: --attribute-updates in shorthand and JSON agree") {
  Json shorthand = Request(
      "update-item --table-name t --key '{\"PK\":{\"S\":\"a\"}}' "
      "--attribute-updates 'n={Value={N=2},Action=ADD},gone={Action=DELETE}'");
  Json json = Request(
      "update-item --table-name t --key '{\"PK\":{\"S\":\"a\"}}' --attribute-updates "
      "'{\"n\":{\"Value\":{\"N\":\"2\"},\"Action\":\"ADD\"},\"gone\":{\"Action\":\"DELETE\"}}'");
  CHECK(shorthand["AttributeUpdates"] == json["AttributeUpdates"]);
  CHECK(shorthand["AttributeUpdates"]["n"]["Value"] == Json::parse(R"({"N":"2"})"));
}

TEST_CASE("Legacy options: a Tag's Value stays a string") {
  Json c = Request(
      "create-table --table-name t --attribute-definitions AttributeName=PK,AttributeType=S "
      "--key-schema AttributeName=PK,KeyType=HASH --billing-mode PAY_PER_REQUEST "
      "--tags Key=env,Value=dev");
  CHECK(c["Tags"] == Json::parse(R"([{"Key":"env","Value":"dev"}])"));
}
