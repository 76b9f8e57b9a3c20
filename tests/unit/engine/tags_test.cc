// TagResource, UntagResource and ListTagsOfResource: tags kept with the table in the catalog.
// DynamoDB: API reference, TagResource / UntagResource / ListTagsOfResource; developer guide,
// "Tagging restrictions in DynamoDB".
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "fixture.h"

using namespace ddbtest;

namespace {

const std::string kArn = "arn:aws:dynamodb:ddblab:000000000000:table/App";

Status TagApp(Engine& e, std::vector<Tag> tags, const std::string& arn = kArn) {
  TagResourceRequest r;
  r.resource_arn = arn;
  r.tags = std::move(tags);
  auto res = e.TagResource(r);
  if (!res.ok()) return res.error();
  return OkStatus();
}

std::vector<std::string> ListTags(Engine& e) {
  ListTagsOfResourceRequest r;
  r.resource_arn = kArn;
  std::vector<std::string> out;
  for (const Tag& t : Must(e.ListTagsOfResource(r)).tags) out.push_back(t.key + "=" + t.value);
  return out;
}

}  // namespace

TEST_CASE("TagResource adds tags, overwrites a key's value, and ListTagsOfResource lists them") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  CHECK(ListTags(*e).empty());
  REQUIRE(TagApp(*e, {{"env", "dev"}, {"team", "a"}}).ok());
  REQUIRE(TagApp(*e, {{"env", "prod"}, {"empty", ""}}).ok());
  CHECK(ListTags(*e) == std::vector<std::string>{"empty=", "env=prod", "team=a"});
}

TEST_CASE("UntagResource removes the named keys and ignores keys the table does not carry") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  REQUIRE(TagApp(*e, {{"env", "dev"}, {"team", "a"}}).ok());
  UntagResourceRequest u;
  u.resource_arn = kArn;
  u.tag_keys = std::vector<std::string>{"env", "missing"};
  Must(e->UntagResource(u));
  CHECK(ListTags(*e) == std::vector<std::string>{"team=a"});
  u.tag_keys = std::vector<std::string>{};
  CHECK(Fails(e->UntagResource(u)).message == "Atleast one Tag Key needs to be provided as Input.");
  u.tag_keys.reset();
  CHECK(Fails(e->UntagResource(u)).message ==
        "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: "
        "Member must not be null");
}

TEST_CASE("Tag requests name the table by ARN, with DynamoDB's messages for a bad one") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  TagResourceRequest none;
  none.tags = std::vector<Tag>{{"k", "v"}};
  CHECK(Fails(e->TagResource(none)).message == "Invalid TableArn");
  // Indexes cannot be tagged: their ARN is not a table ARN.
  Status index = TagApp(*e, {{"k", "v"}}, kArn + "/index/GSI1");
  CHECK(index.error().message ==
        "Invalid TableArn: Invalid ResourceArn provided as input " + kArn + "/index/GSI1");
  Status unknown = TagApp(*e, {{"k", "v"}}, "arn:aws:dynamodb:ddblab:000000000000:table/Nope");
  CHECK(unknown.error().type == ErrorType::kResourceNotFoundException);
  CHECK(unknown.error().message ==
        "Requested resource not found: ResourcArn: "
        "arn:aws:dynamodb:ddblab:000000000000:table/Nope not found");
  CHECK(TagApp(*e, {}).error().message == "Atleast one Tag needs to be provided as Input.");
}

TEST_CASE("Tag keys are 1 to 128 characters and values at most 256") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  CHECK(TagApp(*e, {{"", "v"}}).error().message ==
        "1 validation error detected: Value '' at 'tags.1.member.key' failed to satisfy "
        "constraint: Member must have length greater than or equal to 1");
  CHECK(TagApp(*e, {{"ok", "v"}, {std::string(129, 'k'), "v"}}).error().message ==
        "1 validation error detected: Value '" + std::string(129, 'k') +
            "' at 'tags.2.member.key' failed to satisfy constraint: Member must have length "
            "less than or equal to 128");
  CHECK(TagApp(*e, {{"k", std::string(257, 'v')}}).error().message ==
        "1 validation error detected: Value '" + std::string(257, 'v') +
            "' at 'tags.1.member.value' failed to satisfy constraint: Member must have length "
            "less than or equal to 256");
  CHECK(TagApp(*e, {{std::string(128, 'k'), std::string(256, 'v')}}).ok());
}

TEST_CASE("A table holds at most 50 tags") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  std::vector<Tag> fifty;
  for (int i = 0; i < 50; ++i) fifty.push_back({"k" + std::to_string(i), "v"});
  REQUIRE(TagApp(*e, fifty).ok());
  REQUIRE(TagApp(*e, {{"k0", "replaced"}}).ok());  // overwriting adds nothing
  Status more = TagApp(*e, {{"k50", "v"}});
  CHECK(more.error().type == ErrorType::kLimitExceededException);
  CHECK(more.error().message == "The number of tags on table App would exceed the limit of 50");
  CHECK(ListTags(*e).size() == 50);
}

TEST_CASE("Tags survive reopening a file database and go with a deleted table") {
  char dir_template[] = "/tmp/ddblab-tags-XXXXXX";
  REQUIRE(mkdtemp(dir_template) != nullptr);
  EngineOptions o;
  o.path = std::string(dir_template) + "/tags.db";
  {
    auto e = Must(Engine::Open(o));
    CreateAppTable(*e, "App", false);
    REQUIRE(TagApp(*e, {{"env", "dev"}}).ok());
  }
  auto e = Must(Engine::Open(o));
  CHECK(ListTags(*e) == std::vector<std::string>{"env=dev"});
  DeleteTableRequest d;
  d.table_name = "App";
  Must(e->DeleteTable(d));
  CreateAppTable(*e, "App", false);
  CHECK(ListTags(*e).empty());
  std::filesystem::remove_all(dir_template);
}

TEST_CASE("DescribeEndpoints answers one endpoint cached for 1440 minutes") {
  // DynamoDB: API reference, DescribeEndpoints.
  auto e = OpenMemory();
  DescribeEndpointsResponse r = Must(e->DescribeEndpoints({}));
  REQUIRE(r.endpoints.size() == 1);
  CHECK(r.endpoints[0].address == "dynamodb.ddblab.amazonaws.com");
  CHECK(r.endpoints[0].cache_period_in_minutes == 1440);
}

TEST_CASE("DescribeLimits answers DynamoDB's default account and table quotas") {
  // DynamoDB: API reference, DescribeLimits; developer guide, "Service, account, and table
  // quotas" (80,000 units per account, 40,000 per table).
  auto e = OpenMemory();
  DescribeLimitsResponse r = Must(e->DescribeLimits({}));
  CHECK(r.account_max_read_capacity_units == 80000);
  CHECK(r.account_max_write_capacity_units == 80000);
  CHECK(r.table_max_read_capacity_units == 40000);
  CHECK(r.table_max_write_capacity_units == 40000);
}

TEST_CASE("DeleteTable answers the table's description with status DELETING") {
  // DynamoDB: API reference, DeleteTable.
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("b")}});
  DeleteTableRequest d;
  d.table_name = "App";
  DeleteTableResponse r = Must(e->DeleteTable(d));
  CHECK(r.table_description.table_status == "DELETING");
  CHECK(r.table_description.item_count == 1);
  CHECK(r.table_description.table_name == "App");
}
