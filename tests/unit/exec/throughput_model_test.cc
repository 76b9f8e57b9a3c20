// The capacity model's rules, one test each, on a model fed demands directly (README,
// "Throughput and throttling"). Engine-level throttling is in throttling_test.cc.
#include <catch2/catch.hpp>
#include <vector>

#include "throughput/capacity_model.h"

using namespace ddblab::throughput;

namespace {

ResourceConfig Provisioned(double rcu, double wcu, int partitions) {
  ResourceConfig c;
  c.read_units = rcu;
  c.write_units = wcu;
  c.partitions = partitions;
  return c;
}

ResourceConfig OnDemand(int partitions) {
  ResourceConfig c;
  c.on_demand = true;
  c.partitions = partitions;
  return c;
}

std::vector<Demand> One(int partition, Kind kind = Kind::kWrite, double units = 1,
                        const std::string& index = "") {
  return {Demand{"T", index, partition, kind, units}};
}

struct Tally {
  int admitted = 0;
  int refused = 0;
  std::optional<Limit> last;
};

// `n` one-unit calls on `partition` at time `t`.
Tally Calls(CapacityModel& m, double t, int n, int partition, Kind kind = Kind::kWrite) {
  Tally tally;
  for (int i = 0; i < n; ++i) {
    auto r = m.Admit(t, One(partition, kind));
    if (r) {
      ++tally.refused;
      tally.last = r->limit;
    } else {
      ++tally.admitted;
    }
  }
  return tally;
}

}  // namespace

// DynamoDB: each partition supports up to 1,000 WCU per second (developer guide, "Burst and
// adaptive capacity").
TEST_CASE("Ceiling: a partition serves at most 1,000 WCU per second, whatever the table has") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(12000, 4000, 4));
  Tally t = Calls(m, 100.0, 1500, 0);
  CHECK(t.admitted == 1000);
  CHECK(t.refused == 500);
  CHECK(t.last == Limit::kKeyRange);
  // The next second starts afresh.
  CHECK(Calls(m, 101.0, 1000, 0).refused == 0);
}

// DynamoDB: and up to 3,000 RCU per second.
TEST_CASE("Ceiling: a partition serves at most 3,000 RCU per second") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(40000, 1000, 4));
  Tally t = Calls(m, 5.0, 3200, 2, Kind::kRead);
  CHECK(t.admitted == 3000);
  CHECK(t.last == Limit::kKeyRange);
}

// DynamoDB: burst capacity retains up to 300 seconds of unused capacity (developer guide,
// "Burst capacity").
TEST_CASE("Burst: a partition spends its unused share of past seconds") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(100, 100, 1));
  REQUIRE_FALSE(m.Admit(0.0, One(0)));  // 99 units of second 0 go unused
  // Seconds 1..9 idle: the bank holds 99 + 9 * 100 = 999 units.
  Tally t = Calls(m, 10.0, 1099, 0);
  CHECK(t.admitted == 1000);  // share 100 + 900 from the bank, then the ceiling
  CHECK(t.last == Limit::kKeyRange);
}

TEST_CASE("Burst: without unused past capacity a partition gets only its provisioned share") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(100, 100, 1));
  Tally t = Calls(m, 0.0, 500, 0);
  CHECK(t.admitted == 100);
  CHECK(t.last == Limit::kProvisioned);
}

TEST_CASE("Burst: the bank keeps at most 300 seconds of a partition's share") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(1, 1, 1));
  REQUIRE_FALSE(m.Admit(0.0, One(0)));
  Tally t = Calls(m, 5000.0, 400, 0);
  CHECK(t.admitted == 301);  // this second's 1 unit + 300 seconds banked
  CHECK(t.last == Limit::kProvisioned);
}

// DynamoDB: adaptive capacity lets a hot partition use the table's unused provisioned
// throughput, within the partition's own limits (developer guide, "Adaptive capacity").
TEST_CASE("Adaptive: a hot partition uses the table's unused capacity up to its ceiling") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(2000, 2000, 4));  // share 500 per partition
  CHECK(Calls(m, 0.0, 900, 0).refused == 0);
  Tally t = Calls(m, 1.0, 1200, 0);
  CHECK(t.admitted == 1000);
  CHECK(t.last == Limit::kKeyRange);
}

TEST_CASE("Adaptive: only capacity the other partitions leave unused is lent") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(2000, 2000, 4));
  for (int p = 1; p < 4; ++p) REQUIRE(Calls(m, 0.0, 500, p).refused == 0);
  Tally t = Calls(m, 0.0, 900, 0);
  CHECK(t.admitted == 500);
  CHECK(t.last == Limit::kProvisioned);
}

// DynamoDB: a new on-demand table serves up to 4,000 WCU / 12,000 RCU, then up to double its
// previous peak (developer guide, "On-demand capacity mode", initial throughput and peak).
TEST_CASE("On-demand doubling: a new table sustains 4,000 WCU, then double its previous peak") {
  CapacityModel m;
  m.Configure("T", "", OnDemand(8));
  int admitted = 0;
  std::optional<Limit> last;
  for (int i = 0; i < 5000; ++i) {
    auto r = m.Admit(0.0, One(i % 8));
    if (!r)
      ++admitted;
    else
      last = r->limit;
  }
  CHECK(admitted == 4000);
  CHECK(last == Limit::kOnDemand);
  // Second 0 peaked at 4,000: second 1 may use 8,000 (7,000 spread over eight partitions).
  admitted = 0;
  for (int i = 0; i < 7000; ++i) admitted += m.Admit(1.0, One(i % 8)) ? 0 : 1;
  CHECK(admitted == 7000);
}

TEST_CASE("On-demand doubling: traffic above double the previous peak is throttled") {
  CapacityModel m;
  m.Configure("T", "", OnDemand(16));
  for (int i = 0; i < 5000; ++i) (void)m.Admit(0.0, One(i % 16));  // peak 4,000 (initial cap)
  int admitted = 0;
  for (int i = 0; i < 9000; ++i) admitted += m.Admit(1.0, One(i % 16)) ? 0 : 1;
  CHECK(admitted == 8000);
}

TEST_CASE("On-demand doubling: the read side starts at 12,000 RCU") {
  CapacityModel m;
  m.Configure("T", "", OnDemand(8));
  int admitted = 0;
  for (int i = 0; i < 13000; ++i) admitted += m.Admit(0.0, One(i % 8, Kind::kRead)) ? 0 : 1;
  CHECK(admitted == 12000);
}

TEST_CASE("On-demand: the per-partition ceiling still applies to a hot key") {
  CapacityModel m;
  m.Configure("T", "", OnDemand(4));
  Tally t = Calls(m, 0.0, 1500, 3);
  CHECK(t.admitted == 1000);
  CHECK(t.last == Limit::kKeyRange);
}

// DynamoDB: throttled requests consume no capacity.
TEST_CASE("Throttled: a refused call charges none of its demands") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(100, 100, 1));
  m.Configure("T", "G", Provisioned(10, 10, 1));
  REQUIRE(Calls(m, 0.0, 10, 0).refused == 0);  // base at 10 of 100
  std::vector<Demand> both = {Demand{"T", "", 0, Kind::kWrite, 1},
                              Demand{"T", "G", 0, Kind::kWrite, 1}};
  for (int i = 0; i < 10; ++i) REQUIRE_FALSE(m.Admit(0.0, both));
  auto r = m.Admit(0.0, both);  // the index is full; the base part is not charged either
  REQUIRE(r);
  CHECK(r->demand == 1);
  CHECK(r->limit == Limit::kProvisioned);
  CHECK(Calls(m, 0.0, 80, 0).refused == 0);  // 20 + 80 = the full 100
  CHECK(Calls(m, 0.0, 1, 0).refused == 1);
}

TEST_CASE("Statistics: each partition counts its requests, throttles and consumed units") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(0, 2000, 2));
  (void)Calls(m, 50.0, 1200, 1);
  (void)Calls(m, 51.0, 3, 0);
  auto report = m.Report();
  REQUIRE(report.resources.size() == 1);
  const auto& parts = report.resources[0].partitions;
  REQUIRE(parts.size() == 2);
  CHECK(parts[1].requests == 1200);
  CHECK(parts[1].throttled == 200);
  CHECK(parts[1].consumed_wcu == 1000);
  REQUIRE(parts[0].seconds.size() == 1);
  CHECK(parts[0].seconds[0].second == 1);
  CHECK(parts[0].seconds[0].consumed_wcu == 3);
}
