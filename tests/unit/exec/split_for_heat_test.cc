// Split for heat and its three limits, and on-demand partition growth, on the capacity model fed
// demands directly over a virtual clock (README, "Throughput and throttling", "Split for heat").
// DynamoDB: developer guide, "Burst and adaptive capacity" (isolating frequently accessed items;
// item collections with a local secondary index are not split; a monotonically increasing sort
// key defeats the split); AWS Database Blog, "Scaling DynamoDB: How partitions, hot keys, and
// split for heat impact performance" (Parts 2 and 3).
#include <catch2/catch.hpp>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "throughput/capacity_model.h"

using namespace ddblab;
using namespace ddblab::throughput;

namespace {

ResourceConfig Provisioned(double wcu, int partitions, bool lsi = false) {
  ResourceConfig c;
  c.read_units = 3 * wcu;
  c.write_units = wcu;
  c.partitions = partitions;
  c.keep_item_collections = lsi;
  return c;
}

// One partition-key value in hash partition 0 of 4 (hashes below 2^30).
constexpr uint32_t kHotHash = 0x1234567;

std::string Hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%08x", v);
  return buf;
}

// Sort keys spread evenly over the key space (a golden-ratio sequence: any run of calls lands
// about half below and half above any point, so a split's two halves share the load evenly).
KeyPoint SpreadKey(int64_t i) {
  return KeyPoint{kHotHash, "ORDERS", Hex(static_cast<uint32_t>(i * 0x9E3779B9ull))};
}
KeyPoint SingleItem(int64_t) { return KeyPoint{kHotHash, "COUNTER", ""}; }
KeyPoint IncreasingKey(int64_t i) {
  return KeyPoint{kHotHash, "DAY#1", Hex(static_cast<uint32_t>(i))};
}

// `calls_per_second` writes of 50 WCU each (1,500 WCU/s at 30), for `seconds` virtual seconds;
// returns the number of throttled calls in each second.
std::vector<int> Drive(CapacityModel& m, int seconds, int calls_per_second,
                       const std::function<KeyPoint(int64_t)>& key) {
  std::vector<int> throttled(static_cast<size_t>(seconds), 0);
  int64_t i = 0;
  for (int s = 0; s < seconds; ++s) {
    for (int c = 0; c < calls_per_second; ++c, ++i) {
      KeyPoint k = key(i);
      Demand d{"T", "", 0, Kind::kWrite, 50};
      d.point = &k;
      double t = s + static_cast<double>(c) / calls_per_second;
      if (m.Admit(t, {d})) ++throttled[static_cast<size_t>(s)];
    }
  }
  return throttled;
}

int Sum(const std::vector<int>& v, int from, int to) {
  int n = 0;
  for (int s = from; s < to; ++s) n += v[static_cast<size_t>(s)];
  return n;
}

std::vector<ThroughputPartition> Partitions(CapacityModel& m) {
  return m.Report().resources.at(0).partitions;
}

}  // namespace

TEST_CASE("Split for heat: a hot item collection with spread sort keys splits after the delay") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(4000, 4));
  std::vector<int> throttled = Drive(m, 360, 30, SpreadKey);
  // 1,500 WCU/s on one partition: a third refused every second until the split...
  CHECK(Sum(throttled, 0, 1) == 10);
  CHECK(Sum(throttled, 290, 300) == 100);
  // ... which comes after kSplitAfterSeconds hot seconds, at the middle of the sort keys seen,
  // and leaves two partitions of 750 WCU/s each: nothing throttled.
  CHECK(kSplitAfterSeconds == 300);
  CHECK(Sum(throttled, 300, 360) == 0);
  auto parts = Partitions(m);
  REQUIRE(parts.size() == 5);
  REQUIRE(m.SplitOf("T", "", 4));
  CHECK(m.SplitOf("T", "", 4)->first == 0);
  CHECK(m.SplitOf("T", "", 4)->second == 300);
  CHECK_FALSE(m.SplitOf("T", "", 0));
  // Both halves serve part of the last 60 seconds' 90,000 WCU.
  CHECK(parts[4].consumed_wcu > 0.3 * 90000);
  CHECK(parts[4].consumed_wcu < 0.7 * 90000);
}

TEST_CASE("Split for heat: several hot partition keys split between the keys") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(4000, 4));
  // Two partition-key values, both in hash partition 0, taking turns.
  auto two_keys = [](int64_t i) {
    return KeyPoint{i % 2 == 0 ? kHotHash : kHotHash + 100, "K" + std::to_string(i % 2), ""};
  };
  std::vector<int> throttled = Drive(m, 330, 30, two_keys);
  CHECK(Sum(throttled, 290, 300) == 100);
  CHECK(Sum(throttled, 300, 330) == 0);
  auto parts = Partitions(m);
  REQUIRE(parts.size() == 5);
  REQUIRE(m.SplitOf("T", "", 4));
  CHECK(m.SplitOf("T", "", 4)->first == 0);
}

TEST_CASE("Split for heat limit: a single hot item never gets above one partition's ceiling") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(4000, 4));
  std::vector<int> throttled = Drive(m, 400, 30, SingleItem);
  // A split could only put the one item on one side: it never happens, and a third of the
  // writes are refused to the end.
  CHECK(Sum(throttled, 390, 400) == 100);
  CHECK(Partitions(m).size() == 4);
}

TEST_CASE("Split for heat limit: with a local secondary index an item collection is never split") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(4000, 4, /*lsi=*/true));
  // The same spread sort keys that split without an index.
  std::vector<int> throttled = Drive(m, 400, 30, SpreadKey);
  CHECK(Sum(throttled, 390, 400) == 100);
  CHECK(Partitions(m).size() == 4);
}

TEST_CASE(
    "Split for heat limit: with an ever-increasing sort key the split does not help, the heat "
    "follows the new writes") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(4000, 4));
  std::vector<int> throttled = Drive(m, 400, 30, IncreasingKey);
  // The partition does split at the middle of the traffic it saw...
  auto parts = Partitions(m);
  REQUIRE(parts.size() >= 5);
  REQUIRE(m.SplitOf("T", "", 4));
  CHECK(m.SplitOf("T", "", 4)->first == 0);
  // ... but every new write is above that middle, in the upper half, which is as hot as the
  // whole was: a third still refused.
  CHECK(Sum(throttled, 300, 400) == 1000);
  CHECK(parts[4].throttled > 0);
}

TEST_CASE("Split for heat: a partition below 80% of its ceiling is not hot and never splits") {
  CapacityModel m;
  m.Configure("T", "", Provisioned(4000, 4));
  std::vector<int> throttled = Drive(m, 400, 15, SpreadKey);  // 750 WCU/s
  CHECK(Sum(throttled, 0, 400) == 0);
  CHECK(Partitions(m).size() == 4);
}

// DynamoDB: an on-demand table accommodates up to double its previous peak, adding partitions
// (each serving at most 1,000 WCU / 3,000 RCU) as the peak grows (developer guide, "On-demand
// capacity mode"; AWS Database Blog, "Scaling DynamoDB", Part 3).
TEST_CASE("On-demand growth: partitions are added to serve double the previous peak") {
  CapacityModel m;
  ResourceConfig c;
  c.on_demand = true;
  c.partitions = 4;
  m.Configure("T", "", c);
  // 3,500 WCU/s over many keys across the hash space: a peak that needs 7,000 WCU next.
  auto spread = [](int64_t i) {
    return KeyPoint{static_cast<uint32_t>(i * 0x9E3779B9ull), "K" + std::to_string(i), ""};
  };
  std::vector<int> throttled = Drive(m, 3, 70, spread);
  CHECK(Sum(throttled, 0, 3) == 0);
  auto parts = Partitions(m);
  REQUIRE(parts.size() == 7);
  for (size_t p = 4; p < 7; ++p) {
    auto from = m.SplitOf("T", "", static_cast<int>(p));
    REQUIRE(from);
    CHECK(from->first >= 0);
    CHECK(from->second == 1);
  }
  // The new partitions take their share of the traffic from then on.
  CHECK(parts[6].consumed_wcu > 0);
}

TEST_CASE("On-demand growth: a hot key gains nothing, since its peak fits one partition") {
  CapacityModel m;
  ResourceConfig c;
  c.on_demand = true;
  c.partitions = 4;
  m.Configure("T", "", c);
  std::vector<int> throttled = Drive(m, 10, 30, SingleItem);
  CHECK(Sum(throttled, 9, 10) == 10);
  CHECK(Partitions(m).size() == 4);
}
