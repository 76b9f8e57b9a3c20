// DerivedPartitionCount: ddblab's partition model.
#include "catalog/partition_model.h"

#include <catch2/catch.hpp>

#include "catalog_test_util.h"

using namespace ddblab;
using namespace ddblab::testing;

namespace {

TableSchema Provisioned(int64_t rcu, int64_t wcu) {
  TableSchema t;
  t.billing_mode = "PROVISIONED";
  t.provisioned_throughput = Units(rcu, wcu);
  return t;
}

constexpr int64_t kGB = 1000LL * 1000 * 1000;

}  // namespace

TEST_CASE("Provisioned tables get ceil(RCU/3000 + WCU/1000) partitions") {
  CHECK(DerivedPartitionCount(Provisioned(1000, 500), 0, nullptr) == 1);
  CHECK(DerivedPartitionCount(Provisioned(1000, 1000), 0, nullptr) == 2);
  CHECK(DerivedPartitionCount(Provisioned(5000, 2000), 0, nullptr) == 4);
  CHECK(DerivedPartitionCount(Provisioned(3000, 0), 0, nullptr) == 1);
  CHECK(DerivedPartitionCount(Provisioned(3001, 0), 0, nullptr) == 2);
}

TEST_CASE("Every table has at least 1 partition") {
  CHECK(DerivedPartitionCount(Provisioned(0, 0), 0, nullptr) == 1);
  CHECK(DerivedPartitionCount(Provisioned(1, 1), 0, nullptr) == 1);
}

TEST_CASE("On-demand tables start with 4 partitions") {
  TableSchema t;
  t.billing_mode = "PAY_PER_REQUEST";
  std::string why;
  CHECK(DerivedPartitionCount(t, 0, &why) == 4);
  CHECK(why ==
        "on-demand table: starts with 4 partitions (12,000 RCU / 4,000 WCU at 3,000/1,000 per "
        "partition); 10 GB each");
}

TEST_CASE("A partition holds 10 GB: size can raise the count") {
  std::string why;
  CHECK(DerivedPartitionCount(Provisioned(1000, 500), 25 * kGB, &why) == 3);
  CHECK(why ==
        "provisioned table: ceil(1,000 RCU / 3,000 + 500 WCU / 1,000) = 1 partition; 10 GB "
        "each; 25.0 GB of data needs 3 partitions");
  CHECK(DerivedPartitionCount(Provisioned(5000, 2000), 25 * kGB, nullptr) == 4);
  CHECK(DerivedPartitionCount(Provisioned(1, 1), 10 * kGB, nullptr) == 1);
  CHECK(DerivedPartitionCount(Provisioned(1, 1), 10 * kGB + 1, nullptr) == 2);
}

TEST_CASE("The provisioned explanation shows the formula") {
  std::string why;
  CHECK(DerivedPartitionCount(Provisioned(5000, 2000), 0, &why) == 4);
  CHECK(why ==
        "provisioned table: ceil(5,000 RCU / 3,000 + 2,000 WCU / 1,000) = 4 partitions; 10 GB "
        "each");
}

TEST_CASE("A partition override wins over the model") {
  TableSchema t = Provisioned(5000, 2000);
  t.partition_override = 7;
  std::string why;
  CHECK(DerivedPartitionCount(t, 100 * kGB, &why) == 7);
  CHECK(why ==
        "partition count set to 7 partitions by override (the throughput and size rules "
        "are not applied)");
}
