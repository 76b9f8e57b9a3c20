#include <set>

#include "fixture.h"

using namespace ddbtest;

TEST_CASE("An on-demand table is simulated with 4 partitions, a Query hits one, a Scan all") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  for (int i = 0; i < 50; ++i) Put(*e, {{"PK", S("P" + std::to_string(i))}, {"SK", S("x")}});
  auto q = Must(e->Query(QueryPk("P7")));
  CHECK(q.trace.partitions_total == 4);
  CHECK(q.trace.partitions_hit.size() == 1);
  ScanRequest s;
  s.table_name = "App";
  CHECK(Must(e->Scan(s)).trace.partitions_hit == std::vector<int>{0, 1, 2, 3});
  auto map = Must(e->DescribePartitions("App", ""));
  int64_t total = 0;
  for (auto& p : map.partitions) total += p.item_count;
  CHECK(total == 50);
  CHECK(map.partitions.size() == 4);
}

TEST_CASE("Provisioned tables get ceil(RCU/3000 + WCU/1000) partitions") {
  auto e = OpenMemory();
  CreateTableRequest c;
  c.table_name = "Prov";
  c.attribute_definitions = {{"PK", "S"}};
  c.key_schema = {{"PK", "HASH"}};
  c.provisioned_throughput = ProvisionedThroughput{5000, 2000};
  Must(e->CreateTable(c));
  CHECK(Must(e->DescribePartitions("Prov", "")).partition_count == 4);
}

TEST_CASE("SetPartitionCount overrides the model and GetItem names its key's partition") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  REQUIRE(e->SetPartitionCount("App", 16).ok());
  Put(*e, {{"PK", S("hot")}, {"SK", S("1")}});
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("hot")}, {"SK", S("1")}};
  auto r = Must(e->GetItem(g));
  CHECK(r.trace.partitions_total == 16);
  REQUIRE(r.trace.partitions_hit.size() == 1);
  auto q = Must(e->Query(QueryPk("hot")));
  CHECK(q.trace.partitions_hit == r.trace.partitions_hit);
}

TEST_CASE("Write-shard suffixes spread a hot key over the partitions") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  std::set<int> hit;
  for (int shard = 0; shard < 20; ++shard) {
    auto r = Put(*e, {{"PK", S("DATE#2024-05-01#" + std::to_string(shard))}, {"SK", S("x")}});
    hit.insert(r.trace.partitions_hit.at(0));
  }
  CHECK(hit.size() == 4);
}
