// The aws CLI's tag, Time to Live, endpoint and limit subcommands parse into the requests the aws
// CLI sends (AWS CLI reference, dynamodb tag-resource, untag-resource, list-tags-of-resource,
// update-time-to-live, describe-time-to-live, describe-endpoints, describe-limits).
#include <catch2/catch.hpp>

#include "shell/session/cli.h"

using ddblab::shell::CliCommand;
using ddblab::shell::FileAccess;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::SplitWords;
using Json = ddblab::wire::Json;

namespace {

CliCommand Parse(std::string_view text) {
  INFO(text);
  auto words = SplitWords(text);
  REQUIRE(words.ok());
  auto r = ParseCliCommand(*words, FileAccess::Local(""));
  if (!r.ok()) FAIL(r.error().message);
  return *r;
}

const char* kArn = "arn:aws:dynamodb:us-east-1:123456789012:table/App";

}  // namespace

TEST_CASE("tag-resource, untag-resource and list-tags-of-resource build their requests") {
  CliCommand tag = Parse(std::string("aws dynamodb tag-resource --resource-arn ") + kArn +
                         " --tags Key=env,Value=dev Key=team,Value=a");
  CHECK(tag.operation == "TagResource");
  CHECK(tag.request == Json{{"ResourceArn", kArn},
                            {"Tags", Json::array({Json{{"Key", "env"}, {"Value", "dev"}},
                                                  Json{{"Key", "team"}, {"Value", "a"}}})}});
  CliCommand untag = Parse(std::string("aws dynamodb untag-resource --resource-arn ") + kArn +
                           " --tag-keys env team");
  CHECK(untag.operation == "UntagResource");
  CHECK(untag.request == Json{{"ResourceArn", kArn}, {"TagKeys", Json::array({"env", "team"})}});
  CliCommand list = Parse(std::string("aws dynamodb list-tags-of-resource --resource-arn ") + kArn);
  CHECK(list.operation == "ListTagsOfResource");
  CHECK(list.request == Json{{"ResourceArn", kArn}});
}

TEST_CASE("update-time-to-live reads Enabled as a boolean from shorthand") {
  CliCommand c = Parse(
      "aws dynamodb update-time-to-live --table-name App "
      "--time-to-live-specification Enabled=true,AttributeName=expires");
  CHECK(c.operation == "UpdateTimeToLive");
  CHECK(c.request ==
        Json{{"TableName", "App"},
             {"TimeToLiveSpecification", Json{{"Enabled", true}, {"AttributeName", "expires"}}}});
  CHECK(Parse("aws dynamodb describe-time-to-live --table-name App").operation ==
        "DescribeTimeToLive");
}

TEST_CASE("describe-endpoints and describe-limits take no options") {
  CHECK(Parse("aws dynamodb describe-endpoints").operation == "DescribeEndpoints");
  CHECK(Parse("aws dynamodb describe-limits").operation == "DescribeLimits");
}
