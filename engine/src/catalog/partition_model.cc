#include "catalog/partition_model.h"

#include <algorithm>
#include <cstdio>

#include "catalog/quotas.h"

namespace ddblab {

namespace {

// 12000 -> "12,000": the explanation is read by people.
std::string Grouped(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string Partitions(int64_t n) { return Grouped(n) + (n == 1 ? " partition" : " partitions"); }

std::string Gigabytes(int64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f GB", static_cast<double>(bytes) / 1e9);
  return buf;
}

int64_t CeilDiv(int64_t a, int64_t b) { return a <= 0 ? 0 : (a + b - 1) / b; }

}  // namespace

int DerivedPartitionCount(const TableSchema& t, int64_t table_size_bytes,
                          std::string* explanation) {
  if (t.partition_override > 0) {
    if (explanation) {
      *explanation = "partition count set to " + Partitions(t.partition_override) +
                     " by override (the throughput and size rules are not applied)";
    }
    return t.partition_override;
  }
  // The rule's text is written only when an explanation is asked for: PartitionCount calls this
  // on every request.
  int64_t by_throughput = 0;
  std::string rule;
  if (t.billing_mode == "PAY_PER_REQUEST") {
    by_throughput = kOnDemandInitialPartitions;
    if (explanation) {
      rule = "on-demand table: starts with " + Partitions(by_throughput) + " (" +
             Grouped(kOnDemandInitialPartitions * kPartitionReadUnits) + " RCU / " +
             Grouped(kOnDemandInitialPartitions * kPartitionWriteUnits) + " WCU at " +
             Grouped(kPartitionReadUnits) + "/" + Grouped(kPartitionWriteUnits) + " per partition)";
    }
  } else {
    // DynamoDB: a table is provisioned up to its quota (DescribeLimits: 40,000 RCU and 40,000
    // WCU per table by default). Units beyond it add no partitions here, so a table declared
    // with 10^12 WCU (the largest value DynamoDB's validation lets through) is modelled with the
    // partitions of its quota instead of a billion that every DescribeStream would list.
    const int64_t asked_rcu = std::max<int64_t>(0, t.provisioned_throughput.read_capacity_units);
    const int64_t asked_wcu = std::max<int64_t>(0, t.provisioned_throughput.write_capacity_units);
    const int64_t rcu = std::min(asked_rcu, kTableMaxReadCapacityUnits);
    const int64_t wcu = std::min(asked_wcu, kTableMaxWriteCapacityUnits);
    // ceil(RCU/3000 + WCU/1000) computed exactly in units of 1/3000.
    by_throughput =
        CeilDiv(rcu + wcu * (kPartitionReadUnits / kPartitionWriteUnits), kPartitionReadUnits);
    if (explanation) {
      rule = "provisioned table: ceil(" + Grouped(rcu) + " RCU / " + Grouped(kPartitionReadUnits) +
             " + " + Grouped(wcu) + " WCU / " + Grouped(kPartitionWriteUnits) +
             ") = " + Partitions(by_throughput);
      if (rcu < asked_rcu || wcu < asked_wcu) {
        rule += " (units beyond the table quota of " + Grouped(kTableMaxReadCapacityUnits) +
                " RCU / " + Grouped(kTableMaxWriteCapacityUnits) + " WCU add no partitions)";
      }
    }
  }
  const int64_t by_size = CeilDiv(table_size_bytes, kPartitionBytes);
  const int64_t count = std::max<int64_t>({by_throughput, by_size, 1});
  if (explanation) {
    std::string line = rule + "; 10 GB each";
    if (by_size > by_throughput) {
      line += "; " + Gigabytes(table_size_bytes) + " of data needs " + Partitions(by_size);
    }
    if (count > by_throughput && count > by_size) line += "; at least 1 partition";
    *explanation = line;
  }
  return static_cast<int>(std::min<int64_t>(count, 1 << 30));
}

}  // namespace ddblab
