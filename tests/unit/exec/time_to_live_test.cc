// UpdateTimeToLive, DescribeTimeToLive and the sweep that deletes expired items, driven by the
// engine's clock.
// DynamoDB: developer guide, "Time to Live (TTL)"; API reference, UpdateTimeToLive and
// DescribeTimeToLive.
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "fixture.h"

using namespace ddbtest;

namespace {

UpdateTimeToLiveRequest Ttl(bool enabled, const std::string& attribute = "expires") {
  UpdateTimeToLiveRequest r;
  r.table_name = "App";
  r.time_to_live_specification = TimeToLiveSpecification{enabled, attribute};
  return r;
}

DescribeTimeToLiveResponse Describe(Engine& e) {
  DescribeTimeToLiveRequest r;
  r.table_name = "App";
  return Must(e.DescribeTimeToLive(r));
}

int64_t Count(Engine& e) {
  ScanRequest s;
  s.table_name = "App";
  return Must(e.Scan(s)).count;
}

bool Has(Engine& e, const std::string& pk) {
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S(pk)}, {"SK", S("x")}};
  return Must(e.GetItem(g)).item.has_value();
}

}  // namespace

TEST_CASE("DescribeTimeToLive of a new table is DISABLED without an attribute") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  DescribeTimeToLiveResponse d = Describe(*c.engine);
  REQUIRE(d.time_to_live_description);
  CHECK(d.time_to_live_description->time_to_live_status == "DISABLED");
  CHECK_FALSE(d.time_to_live_description->attribute_name);
}

TEST_CASE("UpdateTimeToLive echoes the specification and DescribeTimeToLive shows it ENABLED") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  UpdateTimeToLiveResponse u = Must(c.engine->UpdateTimeToLive(Ttl(true)));
  REQUIRE(u.time_to_live_specification);
  CHECK(u.time_to_live_specification->attribute_name == "expires");
  CHECK(u.time_to_live_specification->enabled);
  DescribeTimeToLiveResponse d = Describe(*c.engine);
  REQUIRE(d.time_to_live_description);
  CHECK(d.time_to_live_description->time_to_live_status == "ENABLED");
  CHECK(d.time_to_live_description->attribute_name == std::optional<std::string>("expires"));
}

TEST_CASE("UpdateTimeToLive refuses a change that changes nothing, with DynamoDB's messages") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  CHECK(Fails(c.engine->UpdateTimeToLive(Ttl(false))).message == "TimeToLive is already disabled");
  Must(c.engine->UpdateTimeToLive(Ttl(true)));
  CHECK(Fails(c.engine->UpdateTimeToLive(Ttl(true))).message == "TimeToLive is already enabled");
  // A new attribute name while enabled is refused, naming the enabled one; so is disabling by
  // another name. The attribute changes only through a disable.
  CHECK(Fails(c.engine->UpdateTimeToLive(Ttl(true, "other"))).message ==
        "TimeToLive is active on a different AttributeName: current AttributeName is expires");
  CHECK(Fails(c.engine->UpdateTimeToLive(Ttl(false, "other"))).message ==
        "TimeToLive is active on a different AttributeName: current AttributeName is expires");
  Must(c.engine->UpdateTimeToLive(Ttl(false)));
  Must(c.engine->UpdateTimeToLive(Ttl(true, "other")));
  CHECK(Describe(*c.engine).time_to_live_description.value().attribute_name.value() == "other");
}

TEST_CASE("UpdateTimeToLive validates the specification and the table") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  // A missing specification cannot be built (the model makes a required member a plain field):
  // the request reader reports it (tests/unit/wire).
  CHECK(Fails(c.engine->UpdateTimeToLive(Ttl(true, ""))).message ==
        "1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed "
        "to satisfy constraint: Member must have length greater than or equal to 1");
  UpdateTimeToLiveRequest missing = Ttl(true);
  missing.table_name = "Nope";
  Error e = Fails(c.engine->UpdateTimeToLive(missing));
  CHECK(e.type == ErrorType::kResourceNotFoundException);
  CHECK(e.message == "Requested resource not found: Table: Nope not found");
}

TEST_CASE("Expired items are deleted once the engine's clock moves past their TTL") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", true);
  Must(c.engine->UpdateTimeToLive(Ttl(true)));
  Put(*c.engine, {{"PK", S("soon")},
                  {"SK", S("x")},
                  {"expires", N("1700000100")},
                  {"GSI1PK", S("g")},
                  {"GSI1SK", S("1")}});
  Put(*c.engine, {{"PK", S("later")}, {"SK", S("x")}, {"expires", N("1700009999")}});
  Put(*c.engine, {{"PK", S("text")}, {"SK", S("x")}, {"expires", S("1600000000")}});
  Put(*c.engine, {{"PK", S("none")}, {"SK", S("x")}});
  CHECK(Count(*c.engine) == 4);
  *c.now = 1700000200.0;
  // DynamoDB: only a Number of epoch seconds expires; a String never does.
  CHECK_FALSE(Has(*c.engine, "soon"));
  CHECK(Has(*c.engine, "later"));
  CHECK(Has(*c.engine, "text"));
  CHECK(Count(*c.engine) == 3);
  // The deleted item left its index too.
  QueryRequest q;
  q.table_name = "App";
  q.index_name = "GSI1";
  q.key_condition_expression = "GSI1PK = :g";
  q.expression_attribute_values = ExpressionAttributeValues{{":g", S("g")}};
  CHECK(Must(c.engine->Query(q)).count == 0);
}

// DynamoDB deletes expired items in the background, over time; ddblab reads a large table a
// slice per call (about 4,096 items), so no call pays for the whole table, and a pass that has
// not ended goes on at the next call even when the clock stands still.
TEST_CASE("A large table is swept a slice per call until its pass ends") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  Must(c.engine->UpdateTimeToLive(Ttl(true)));
  for (int i = 0; i < 10000; ++i) {
    Put(*c.engine,
        {{"PK", S("p" + std::to_string(i))}, {"SK", S("x")}, {"expires", N("1700000100")}});
  }
  *c.now = 1700000200.0;
  const int64_t after_one = Count(*c.engine);  // the Scan's own sweep read one slice first
  CHECK(after_one > 0);
  CHECK(after_one < 10000);
  int calls = 1;
  while (Count(*c.engine) > 0 && calls < 10) ++calls;
  CHECK(calls <= 3);  // 10,000 items: three slices
  CHECK(Count(*c.engine) == 0);
}

TEST_CASE("Reads still return an expired item until the clock moves and the sweep runs") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  Put(*c.engine, {{"PK", S("old")}, {"SK", S("x")}, {"expires", N("1600000000")}});
  Must(c.engine->UpdateTimeToLive(Ttl(true)));
  // Already expired when written, but the clock has not moved since the last sweep.
  CHECK(Has(*c.engine, "old"));
  *c.now += 1.0;
  CHECK_FALSE(Has(*c.engine, "old"));
}

TEST_CASE("Items whose TTL is more than five years in the past are not deleted") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  Must(c.engine->UpdateTimeToLive(Ttl(true)));
  Put(*c.engine, {{"PK", S("ancient")}, {"SK", S("x")}, {"expires", N("1000")}});
  *c.now += 10.0;
  CHECK(Has(*c.engine, "ancient"));
}

TEST_CASE("No sweep once Time to Live is disabled") {
  ClockedEngine c;
  CreateAppTable(*c.engine, "App", false);
  Must(c.engine->UpdateTimeToLive(Ttl(true)));
  Must(c.engine->UpdateTimeToLive(Ttl(false)));
  Put(*c.engine, {{"PK", S("a")}, {"SK", S("x")}, {"expires", N("1700000001")}});
  *c.now += 100.0;
  CHECK(Has(*c.engine, "a"));
}

TEST_CASE("Time to Live survives reopening a file database, and reopening later sweeps") {
  char dir_template[] = "/tmp/ddblab-ttl-XXXXXX";
  REQUIRE(mkdtemp(dir_template) != nullptr);
  std::string path = std::string(dir_template) + "/ttl.db";
  {
    ClockedEngine c(path);
    CreateAppTable(*c.engine, "App", false);
    Must(c.engine->UpdateTimeToLive(Ttl(true)));
    Put(*c.engine, {{"PK", S("a")}, {"SK", S("x")}, {"expires", N("1700000500")}});
  }
  {
    ClockedEngine c(path);
    CHECK(Describe(*c.engine).time_to_live_description.value().attribute_name.value() == "expires");
    CHECK(Has(*c.engine, "a"));
  }
  ClockedEngine c(path);
  *c.now = 1700001000.0;
  CHECK_FALSE(Has(*c.engine, "a"));
  std::filesystem::remove_all(dir_template);
}
