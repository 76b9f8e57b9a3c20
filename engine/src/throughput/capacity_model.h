// The capacity model: per-partition token buckets on the engine's clock (README, "Throughput
// and throttling", lists each rule with its source). It knows nothing of items or SQLite: the
// throttle layer (throttle.h) tells it which partitions a call charged and how much, and it
// answers whether the call fits.
//
// Time is cut into whole seconds of the engine's clock. Within a second each partition of a
// table (or of a global secondary index) may consume, for reads and for writes separately:
//   provisioned: its share (the table's units split evenly over its partitions); above that,
//     first its burst bank (its unused share of past seconds, at most 300 seconds of it), then
//     the table's provisioned capacity no other partition used this second (adaptive
//     capacity); and never more than the partition ceiling of 3,000 RCU / 1,000 WCU;
//   on demand: up to the ceiling, while the table as a whole stays within the larger of its
//     initial 12,000 RCU / 4,000 WCU and double its previous peak second.
// A call that does not fit is refused whole and charges nothing.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddblab/throughput.h"

namespace ddblab::throughput {

// DynamoDB: a partition serves at most 3,000 RCU and 1,000 WCU per second.
inline constexpr double kPartitionReadCeiling = 3000;
inline constexpr double kPartitionWriteCeiling = 1000;
// DynamoDB: burst capacity keeps up to 300 seconds of unused read and write capacity.
inline constexpr double kBurstSeconds = 300;
// DynamoDB: a new on-demand table sustains up to 4,000 writes and 12,000 reads per second.
inline constexpr double kOnDemandInitialRead = 12000;
inline constexpr double kOnDemandInitialWrite = 4000;

enum class Kind { kRead, kWrite };

// Why a call was refused, as DynamoDB's ThrottlingReason limit types name it.
enum class Limit {
  kKeyRange,     // the partition's ceiling: KeyRangeThroughputExceeded
  kProvisioned,  // the table's (or index's) provisioned capacity: ProvisionedThroughputExceeded
  kOnDemand,     // on demand, more than double the previous peak (see README)
};

struct ResourceConfig {
  bool on_demand = false;
  double read_units = 0;  // provisioned only
  double write_units = 0;
  int partitions = 1;
};

// What one call charges one partition of one table or index.
struct Demand {
  std::string table;
  std::string index;  // empty: the base table
  int partition = 0;
  Kind kind = Kind::kWrite;
  double units = 0;
};

struct Refusal {
  size_t demand = 0;  // the first demand that did not fit
  Limit limit = Limit::kKeyRange;
};

class CapacityModel {
 public:
  // Sets (or updates) a table's or index's capacity; buckets keep their state when only the
  // units change, and are added or dropped when the partition count changes.
  void Configure(const std::string& table, const std::string& index, const ResourceConfig& c);
  // Drops a table and its indexes (DeleteTable).
  void Forget(const std::string& table);
  bool Configured(const std::string& table, const std::string& index) const;

  // Admits a call made at `now` (seconds) that charges `demands`: nullopt when every demand
  // fits (all are then charged), otherwise the first refusal, with nothing charged. Either way
  // each demanded partition counts the request, and a refusing one counts a throttle; with
  // `count_refusal` false a refused call is left out of the statistics (a batch that is
  // retried entry by entry).
  std::optional<Refusal> Admit(double now, const std::vector<Demand>& demands,
                               bool count_refusal = true);

  ThroughputReport Report() const;

 private:
  struct Bucket {
    double used = 0;  // consumed in the current second
    double bank = 0;  // burst: unused share carried over
  };
  struct Side {
    std::vector<Bucket> parts;
    double table_used = 0;  // all partitions, current second
    double peak = 0;        // highest completed second (on demand)
  };
  struct PartitionStats {
    ThroughputCounts total;
    std::map<int64_t, ThroughputCounts> by_second;
  };
  struct Resource {
    ResourceConfig config;
    std::optional<int64_t> second;  // the current whole second
    Side read, write;
    std::vector<PartitionStats> stats;
  };
  using Key = std::pair<std::string, std::string>;

  static void Advance(Resource& r, int64_t second);
  static std::optional<Limit> Fits(const Resource& r, Kind kind, int partition, double units,
                                   double* from_bank);

  std::map<Key, Resource> resources_;
  std::optional<int64_t> first_second_;
};

}  // namespace ddblab::throughput
