// The throughput model's record of what every partition served and refused, second by second
// (a ddblab extension; README, "Throughput and throttling"). `ddblab simulate` renders it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ddblab {

// One partition during one virtual second (or in total).
struct ThroughputCounts {
  int64_t requests = 0;   // calls that reached the partition, admitted or not
  int64_t throttled = 0;  // calls the partition refused
  double consumed_rcu = 0;
  double consumed_wcu = 0;
};

struct ThroughputSecond : ThroughputCounts {
  int64_t second = 0;  // whole seconds since the first second the model saw
};

struct ThroughputPartition : ThroughputCounts {
  int partition = 0;
  std::vector<ThroughputSecond> seconds;  // ascending; seconds with no traffic are left out
};

// A table (index empty) or one of its global secondary indexes.
struct ThroughputResource {
  std::string table;
  std::string index;
  bool on_demand = false;
  int64_t read_capacity_units = 0;  // provisioned only
  int64_t write_capacity_units = 0;
  std::vector<ThroughputPartition> partitions;
};

struct ThroughputReport {
  bool enabled = false;     // EngineOptions::model_throughput
  double first_second = 0;  // the clock's whole second that `second == 0` stands for
  std::vector<ThroughputResource> resources;  // by table, then index
};

}  // namespace ddblab
