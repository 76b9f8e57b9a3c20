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
//
// Partitions grow in two ways, both by splitting one partition's key range in two (partitions
// are only split, never merged): split for heat, when a partition has been hot for
// kSplitAfterSeconds in a row (split at the middle of the traffic it saw while hot), and, on
// demand, when double the previous peak needs more partitions than the table has (split at the
// middle of the widest hash range). A split partition keeps its number for the lower half and
// the upper half gets the next free number (SplitOf tells which partition it came from). Only this
// model and its report see the split ranges: storage stays laid out by the table's fixed hash
// ranges (see README).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddblab/throughput.h"
#include "throughput/key_points.h"

namespace ddblab::throughput {

// DynamoDB: a partition serves at most 3,000 RCU and 1,000 WCU per second.
inline constexpr double kPartitionReadCeiling = 3000;
inline constexpr double kPartitionWriteCeiling = 1000;
// DynamoDB: burst capacity keeps up to 300 seconds of unused read and write capacity.
inline constexpr double kBurstSeconds = 300;
// DynamoDB: a new on-demand table sustains up to 4,000 writes and 12,000 reads per second.
inline constexpr double kOnDemandInitialRead = 12000;
inline constexpr double kOnDemandInitialWrite = 4000;
// Split for heat: a partition whose demand (served plus refused) stays at or above kHotShare of
// its ceiling for kSplitAfterSeconds consecutive seconds splits in two. AWS gives no figure; its
// measurements show splits after minutes of sustained traffic (README, "Split for heat").
inline constexpr int64_t kSplitAfterSeconds = 300;
inline constexpr double kHotShare = 0.8;
// How many of a hot partition's requests are kept (a uniform sample) to find the middle of its
// traffic: a fixed-size sample keeps the bookkeeping O(1) per request.
inline constexpr size_t kHeatSamples = 64;

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
  // A table with a local secondary index: its item collections are never split, so a split
  // point always falls between partition-key values.
  bool keep_item_collections = false;
};

// What one call charges one partition of one table or index.
struct Demand {
  std::string table;
  std::string index;  // empty: the base table
  int partition = 0;  // the table's hash partition; ignored when `point` is set
  Kind kind = Kind::kWrite;
  double units = 0;
  // The item the demand is for, when the call names one: places it inside a split partition.
  // Without it a demand on a split partition is charged to the partition's lowest range.
  const KeyPoint* point = nullptr;
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
  // The table's hash partition count as last configured (1 when not configured).
  int HashPartitions(const std::string& table) const;

  // Admits a call made at `now` (seconds) that charges `demands`: nullopt when every demand
  // fits (all are then charged), otherwise the first refusal, with nothing charged. Either way
  // each demanded partition counts the request, and a refusing one counts a throttle; with
  // `count_refusal` false a refused call is left out of the statistics (a batch that is
  // retried entry by entry).
  std::optional<Refusal> Admit(double now, const std::vector<Demand>& demands,
                               bool count_refusal = true);

  ThroughputReport Report() const;

  // For a partition split off another: that partition and the second (counted as in Report)
  // the split took effect; nullopt for the table's own hash partitions.
  std::optional<std::pair<int, int64_t>> SplitOf(const std::string& table, const std::string& index,
                                                 int partition) const;

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
  // A range split off hash partition `base`: from `lower` up to the next range's lower bound.
  struct Range {
    KeyPoint lower;
    int id = 0;
  };
  struct Heat {
    double read = 0, write = 0;  // units demanded this second, served or refused
    int64_t streak = 0;          // consecutive hot seconds before this one
    std::vector<KeyPoint> samples;
    uint64_t seen = 0;  // requests sampled from during the streak
  };
  struct Resource {
    ResourceConfig config;
    std::optional<int64_t> second;  // the current whole second
    Side read, write;
    std::vector<PartitionStats> stats;
    // Per partition number (hash partitions first, then split-off ranges).
    std::vector<Heat> heat;
    std::vector<int> base_of;
    std::vector<int> split_from;
    std::vector<int64_t> split_second;
    std::vector<std::vector<Range>> splits;  // per hash partition, ascending by `lower`
    uint64_t rng = 0x9E3779B97F4A7C15ull;
  };
  using Key = std::pair<std::string, std::string>;

  void Advance(Resource& r, int64_t second);
  static int Place(const Resource& r, const Demand& d);
  static void Observe(Resource& r, int part, const Demand& d);
  void Split(Resource& r, int part, const KeyPoint& bound, int64_t second);
  void SplitForHeat(Resource& r, int part, int64_t second);
  void GrowOnDemand(Resource& r, int64_t second);
  static std::optional<Limit> Fits(const Resource& r, Kind kind, int partition, double units,
                                   double* from_bank);

  std::map<Key, Resource> resources_;
  std::optional<int64_t> first_second_;
};

}  // namespace ddblab::throughput
