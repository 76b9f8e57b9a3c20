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

const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/App";

Status TagApp(Engine& e, const std::vector<Tag>& tags, const std::string& arn = kArn) {
  TagResourceRequest r;
  r.resource_arn = arn;
  r.tags = tags;
  auto res = e.TagResource(r);
  if (!res.ok()) return res.error();
  return OkStatus();
}

std::vector<std::string> ListTags(Engine& e) {
  ListTagsOfResourceRequest r;
  r.resource_arn = kArn;
  std::vector<std::string> out;
  for (const Tag& t : Must(e.ListTagsOfResource(r)).tags) out.push_back(*t.key + "=" + *t.value);
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
  Status unknown = TagApp(*e, {{"k", "v"}}, "arn:aws:dynamodb:us-east-1:000000000000:table/Nope");
  CHECK(unknown.error().type == ErrorType::kResourceNotFoundException);
  CHECK(unknown.error().message ==
        "Requested resource not found: ResourcArn: "
        "arn:aws:dynamodb:us-east-1:000000000000:table/Nope not found");
  CHECK(TagApp(*e, {}).error().message == "Atleast one Tag needs to be provided as Input.");
  // An ARN past the 1,283-character limit is refused by its form, however long.
  const std::string long_arn =
      "arn:aws:dynamodb:us-east-1:000000000000:table/" + std::string(200000, 'a');
  CHECK(TagApp(*e, {{"k", "v"}}, long_arn).error().message ==
        "Invalid TableArn: Invalid ResourceArn provided as input " + long_arn);
  // Something that is not an ARN at all.
  CHECK(TagApp(*e, {{"k", "v"}}, "I_do_not_exist").error().message ==
        "One or more parameter values were invalid: ARNs must start with 'arn:': I_do_not_exist");
  // An empty list is refused before the table is looked up.
  CHECK(TagApp(*e, {}, "arn:aws:dynamodb:us-east-1:000000000000:table/Nope").error().message ==
        "Atleast one Tag needs to be provided as Input.");
}

// DynamoDB counts tag lengths in characters: a 128-character Hebrew key (256 bytes) is valid.
TEST_CASE("Tag keys are 1 to 128 characters and values at most 256, counted in characters") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  CHECK(TagApp(*e, {{"", "v"}}).error().message == "The Tag Key provided is invalid, Key: ");
  CHECK(TagApp(*e, {{"ok", "v"}, {std::string(129, 'k'), "v"}}).error().message ==
        "The Tag Key provided is invalid, Key: " + std::string(129, 'k'));
  CHECK(TagApp(*e, {{"k", std::string(257, 'v')}}).error().message ==
        "The Tag Value provided is invalid, Value: " + std::string(257, 'v'));
  CHECK(TagApp(*e, {{std::string(128, 'k'), std::string(256, 'v')}}).ok());
  std::string alef_key, alef_value;
  for (int i = 0; i < 128; ++i) alef_key += "\u05d0";
  for (int i = 0; i < 256; ++i) alef_value += "\u05d0";
  CHECK(TagApp(*e, {{alef_key, alef_value}}).ok());
  CHECK(!TagApp(*e, {{alef_key + "\u05d0", "v"}}).ok());
  // A bad tag fails the request: the good one beside it is not applied either.
  CHECK(ListTags(*e).size() == 2);
}

// DynamoDB: letters and numbers of any script, white space, and + - = . _ : / @ (developer
// guide, "Tagging restrictions"; @ is accepted too).
TEST_CASE("Tag keys and values allow letters, numbers, spaces and + - = . _ : / @ only") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  CHECK(TagApp(*e, {{"a+b-c=d.e_f:g/h@i", "caf\u00e9 \u8868\u00a0 7"}}).ok());
  CHECK(TagApp(*e, {{" ", "9"}}).ok());
  for (std::string bad : {"hi!", "d%g", "\"q\"", "a#b", "x,y", "\xf0\x9f\x98\x80", "a\tb"}) {
    CAPTURE(bad);
    CHECK(TagApp(*e, {{bad, "v"}}).error().message ==
          "The Tag Key provided is invalid, Key: " + bad);
    CHECK(TagApp(*e, {{"k", bad}}).error().message ==
          "The Tag Value provided is invalid, Value: " + bad);
  }
}

TEST_CASE("Tag keys may not start with aws: in any case, and may not repeat in one request") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  CHECK(TagApp(*e, {{"aws:env", "v"}}).error().message ==
        "Tag Key cannot be prefixed with aws:, Key: aws:env");
  CHECK(TagApp(*e, {{"AWS:env", "v"}}).error().message ==
        "Tag Key cannot be prefixed with aws:, Key: AWS:env");
  CHECK(TagApp(*e, {{"myaws:env", "v"}}).ok());
  CHECK(TagApp(*e, {{"k", "1"}, {"k", "2"}}).error().message ==
        "Duplicate Tag Keys provided as input: Duplicate Tag Key found k");
  UntagResourceRequest u;
  u.resource_arn = kArn;
  u.tag_keys = std::vector<std::string>{"aws:env"};
  CHECK(Fails(e->UntagResource(u)).message == "Tag Key cannot be prefixed with aws:, Key: aws:env");
  u.tag_keys = std::vector<std::string>{""};
  CHECK(Fails(e->UntagResource(u)).message == "The Tag Key provided is invalid, Key: ");
}

TEST_CASE("A tag without Key or Value is refused with DynamoDB's null message") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  TagResourceRequest r;
  r.resource_arn = kArn;
  r.tags = std::vector<Tag>{Tag{std::nullopt, "v"}};
  CHECK(Fails(e->TagResource(r)).message == "The Tag Key provided is invalid, Key: null");
  r.tags = std::vector<Tag>{Tag{"k", std::nullopt}};
  CHECK(Fails(e->TagResource(r)).message == "The Tag Value provided is invalid, Value: null");
}

TEST_CASE("A table holds at most 50 tags, counted after the request is merged") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  std::vector<Tag> fifty;
  for (int i = 0; i < 50; ++i) fifty.push_back({"k" + std::to_string(i), "v"});
  REQUIRE(TagApp(*e, fifty).ok());
  REQUIRE(TagApp(*e, {{"k0", "replaced"}}).ok());  // overwriting adds nothing
  Status more = TagApp(*e, {{"k50", "v"}});
  CHECK(more.error().type == ErrorType::kValidationException);
  CHECK(more.error().message ==
        "Number of Tags exceed the current limit for the provided ResourceArn");
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
  CHECK(r.endpoints[0].address == "dynamodb.us-east-1.amazonaws.com");
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
