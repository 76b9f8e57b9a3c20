#include "throughput/capacity_model.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "storage/storage.h"

namespace ddblab::throughput {
namespace {

// Capacity is counted in half-units, so sums of demands are exact in a double; the tolerance
// only guards against rounding in shares such as 1000 / 3.
constexpr double kEpsilon = 1e-9;

double Ceiling(Kind k) { return k == Kind::kRead ? kPartitionReadCeiling : kPartitionWriteCeiling; }

}  // namespace

void CapacityModel::Configure(const std::string& table, const std::string& index,
                              const ResourceConfig& c) {
  Resource& r = resources_[{table, index}];
  size_t n = static_cast<size_t>(std::max(1, c.partitions));
  bool relaid = r.splits.size() != n;
  r.config = c;
  r.config.partitions = static_cast<int>(n);
  if (!relaid) return;
  // A new hash partition count (a new table, or UpdateTable) lays the key space out afresh:
  // ranges split off the old partitions no longer line up, so they go.
  r.read.parts.resize(n);
  r.write.parts.resize(n);
  r.stats.resize(n);
  r.heat.assign(n, Heat{});
  r.splits.assign(n, {});
  r.base_of.resize(n);
  for (size_t i = 0; i < n; ++i) r.base_of[i] = static_cast<int>(i);
  r.split_from.assign(n, -1);
  r.split_second.assign(n, -1);
}

void CapacityModel::Forget(const std::string& table) {
  for (auto it = resources_.begin(); it != resources_.end();) {
    it = it->first.first == table ? resources_.erase(it) : std::next(it);
  }
}

bool CapacityModel::Configured(const std::string& table, const std::string& index) const {
  return resources_.count({table, index}) > 0;
}

int CapacityModel::HashPartitions(const std::string& table) const {
  auto it = resources_.find({table, ""});
  return it == resources_.end() ? 1 : it->second.config.partitions;
}

void CapacityModel::Advance(Resource& r, int64_t second) {
  if (!r.second) {
    r.second = second;
    return;
  }
  // A clock that goes back stays in the current second rather than refunding anything.
  if (second <= *r.second) return;
  double idle = static_cast<double>(second - *r.second - 1);  // whole seconds with no calls
  auto roll = [&](Side& side, double units) {
    double share = units / static_cast<double>(side.parts.size());
    for (Bucket& b : side.parts) {
      double unused = std::max(0.0, share - b.used) + idle * share;
      b.bank = std::min(kBurstSeconds * share, b.bank + unused);
      b.used = 0;
    }
    side.peak = std::max(side.peak, side.table_used);
    side.table_used = 0;
  };
  roll(r.read, r.config.on_demand ? 0 : r.config.read_units);
  roll(r.write, r.config.on_demand ? 0 : r.config.write_units);
  // Heat: the second just ended was hot when the partition was asked for at least kHotShare of
  // its ceiling; a streak of them splits it. Idle seconds in between end a streak.
  size_t count = r.heat.size();
  for (size_t i = 0; i < count; ++i) {
    Heat& h = r.heat[i];
    bool hot = h.read >= kHotShare * kPartitionReadCeiling ||
               h.write >= kHotShare * kPartitionWriteCeiling;
    h.read = h.write = 0;
    h.streak = hot && idle == 0 ? h.streak + 1 : 0;
    if (h.streak == 0) {
      h.samples.clear();
      h.seen = 0;
      continue;
    }
    if (h.streak >= kSplitAfterSeconds) SplitForHeat(r, static_cast<int>(i), second);
  }
  if (r.config.on_demand) GrowOnDemand(r, second);
  r.second = second;
}

int CapacityModel::Place(const Resource& r, const Demand& d) {
  int base = d.point != nullptr ? PartitionOf(d.point->hash, r.config.partitions) : d.partition;
  if (base < 0 || base >= r.config.partitions) return -1;
  const std::vector<Range>& ranges = r.splits[static_cast<size_t>(base)];
  if (ranges.empty() || d.point == nullptr) return base;
  auto it = std::upper_bound(ranges.begin(), ranges.end(), *d.point,
                             [](const KeyPoint& p, const Range& x) { return p < x.lower; });
  return it == ranges.begin() ? base : std::prev(it)->id;
}

void CapacityModel::Observe(Resource& r, int part, const Demand& d) {
  Heat& h = r.heat[static_cast<size_t>(part)];
  (d.kind == Kind::kRead ? h.read : h.write) += d.units;
  if (d.point == nullptr) return;
  // Reservoir sampling: every request of the streak is equally likely to be in the sample.
  ++h.seen;
  if (h.samples.size() < kHeatSamples) {
    h.samples.push_back(*d.point);
    return;
  }
  r.rng = r.rng * 6364136223846793005ull + 1442695040888963407ull;
  uint64_t slot = (r.rng >> 33) % h.seen;
  if (slot < kHeatSamples) h.samples[slot] = *d.point;
}

void CapacityModel::SplitForHeat(Resource& r, int part, int64_t second) {
  Heat& h = r.heat[static_cast<size_t>(part)];
  std::vector<KeyPoint> keys = std::move(h.samples);
  h.samples.clear();
  h.seen = 0;
  h.streak = 0;
  // With a local secondary index an item collection stays whole: only partition-key values
  // can be told apart.
  if (r.config.keep_item_collections) {
    for (KeyPoint& k : keys) k.sk.clear();
  }
  std::sort(keys.begin(), keys.end());
  if (keys.empty() || keys.front() == keys.back()) return;  // one item (or collection): no split
  // The middle of the observed traffic; when more than half of it is the lowest key, the next
  // key up, so that both halves get some of it.
  KeyPoint bound = keys[keys.size() / 2];
  if (bound == keys.front()) {
    bound = *std::upper_bound(keys.begin(), keys.end(), keys.front());
  }
  Split(r, part, bound, second);
}

void CapacityModel::Split(Resource& r, int part, const KeyPoint& bound, int64_t second) {
  int id = static_cast<int>(r.heat.size());
  int base = r.base_of[static_cast<size_t>(part)];
  std::vector<Range>& ranges = r.splits[static_cast<size_t>(base)];
  auto at = std::upper_bound(ranges.begin(), ranges.end(), bound,
                             [](const KeyPoint& p, const Range& x) { return p < x.lower; });
  ranges.insert(at, Range{bound, id});
  // The two halves share what the parent had banked.
  for (Side* side : {&r.read, &r.write}) {
    Bucket& parent = side->parts[static_cast<size_t>(part)];
    parent.bank /= 2;
    side->parts.push_back(Bucket{0, parent.bank});
  }
  r.stats.emplace_back();
  r.heat.emplace_back();
  r.base_of.push_back(base);
  r.split_from.push_back(part);
  r.split_second.push_back(first_second_ ? second - *first_second_ : 0);
}

void CapacityModel::GrowOnDemand(Resource& r, int64_t second) {
  // DynamoDB: an on-demand table accommodates double its previous peak, and adds partitions
  // (each serving at most 1,000 WCU / 3,000 RCU) as the peak grows.
  double need =
      std::max(2 * r.write.peak / kPartitionWriteCeiling, 2 * r.read.peak / kPartitionReadCeiling);
  size_t wanted = static_cast<size_t>(std::ceil(need - kEpsilon));
  while (r.heat.size() < wanted) {
    // Split the partition with the widest hash range at its middle hash.
    int widest = -1;
    uint64_t widest_lo = 0, widest_span = 1;
    for (size_t base = 0; base < r.splits.size(); ++base) {
      uint64_t lo = PartitionStart(static_cast<int>(base), r.config.partitions);
      uint64_t end = base + 1 < r.splits.size()
                         ? PartitionStart(static_cast<int>(base + 1), r.config.partitions)
                         : (uint64_t{1} << 32);
      int id = static_cast<int>(base);
      for (size_t k = 0; k <= r.splits[base].size(); ++k) {
        uint64_t hi = k < r.splits[base].size() ? r.splits[base][k].lower.hash : end;
        if (hi > lo && hi - lo > widest_span) {
          widest = id;
          widest_lo = lo;
          widest_span = hi - lo;
        }
        if (k < r.splits[base].size()) {
          lo = r.splits[base][k].lower.hash;
          id = r.splits[base][k].id;
        }
      }
    }
    if (widest < 0) return;
    KeyPoint mid;
    mid.hash = static_cast<uint32_t>(widest_lo + widest_span / 2);
    Split(r, widest, mid, second);
  }
}

std::optional<Limit> CapacityModel::Fits(const Resource& r, Kind kind, int partition, double units,
                                         double* from_bank) {
  const Side& side = kind == Kind::kRead ? r.read : r.write;
  const Bucket& b = side.parts[static_cast<size_t>(partition)];
  *from_bank = 0;
  if (b.used + units > Ceiling(kind) + kEpsilon) return Limit::kKeyRange;
  if (r.config.on_demand) {
    double initial = kind == Kind::kRead ? kOnDemandInitialRead : kOnDemandInitialWrite;
    double allowed = std::max(initial, 2 * side.peak);
    if (side.table_used + units > allowed + kEpsilon) return Limit::kOnDemand;
    return std::nullopt;
  }
  double provisioned = kind == Kind::kRead ? r.config.read_units : r.config.write_units;
  double share = provisioned / static_cast<double>(side.parts.size());
  if (b.used + units <= share + kEpsilon) return std::nullopt;
  double above_share = units - std::max(0.0, share - b.used);
  if (b.bank + kEpsilon >= above_share) {
    *from_bank = above_share;
    return std::nullopt;
  }
  // Adaptive capacity: what the table's other partitions leave unused this second.
  if (side.table_used + units <= provisioned + kEpsilon) return std::nullopt;
  return Limit::kProvisioned;
}

std::optional<Refusal> CapacityModel::Admit(double now, const std::vector<Demand>& demands,
                                            bool count_refusal) {
  int64_t second = static_cast<int64_t>(std::floor(now));
  if (!first_second_) first_second_ = second;
  struct Applied {
    Resource* r;
    Kind kind;
    size_t part;
    double units;
    double bank;
  };
  // Each demand's resource and partition (nullptr: not modelled; the throttle layer configures
  // every table it charges).
  std::vector<std::pair<Resource*, int>> placed(demands.size(), {nullptr, -1});
  for (size_t i = 0; i < demands.size(); ++i) {
    auto it = resources_.find({demands[i].table, demands[i].index});
    if (it == resources_.end()) continue;
    Advance(it->second, second);
    int part = Place(it->second, demands[i]);
    if (part >= 0) placed[i] = {&it->second, part};
  }
  std::vector<Applied> applied;
  std::optional<Refusal> refusal;
  for (size_t i = 0; i < demands.size() && !refusal; ++i) {
    const Demand& d = demands[i];
    auto [rp, part] = placed[i];
    if (rp == nullptr) continue;
    Resource& r = *rp;
    double bank = 0;
    if (auto limit = Fits(r, d.kind, part, d.units, &bank)) {
      refusal = Refusal{i, *limit};
      break;
    }
    Side& side = d.kind == Kind::kRead ? r.read : r.write;
    Bucket& b = side.parts[static_cast<size_t>(part)];
    b.used += d.units;
    b.bank -= bank;
    side.table_used += d.units;
    applied.push_back({&r, d.kind, static_cast<size_t>(part), d.units, bank});
  }
  if (refusal) {
    for (const Applied& a : applied) {
      Side& side = a.kind == Kind::kRead ? a.r->read : a.r->write;
      side.parts[a.part].used -= a.units;
      side.parts[a.part].bank += a.bank;
      side.table_used -= a.units;
    }
  }
  if (refusal && !count_refusal) return refusal;
  // Statistics: one request per distinct partition the call reached.
  std::set<std::pair<Resource*, size_t>> counted;
  for (size_t i = 0; i < demands.size(); ++i) {
    const Demand& d = demands[i];
    auto [rp, part] = placed[i];
    if (rp == nullptr) continue;
    Resource& r = *rp;
    size_t p = static_cast<size_t>(part);
    PartitionStats& ps = r.stats[p];
    ThroughputCounts& sec = ps.by_second[second - *first_second_];
    if (counted.insert({&r, p}).second) {
      ++ps.total.requests;
      ++sec.requests;
    }
    if (refusal) {
      if (refusal->demand == i) {
        ++ps.total.throttled;
        ++sec.throttled;
        Observe(r, part, d);  // refused traffic heats a partition as much as served traffic
      }
      continue;
    }
    Observe(r, part, d);
    double& total = d.kind == Kind::kRead ? ps.total.consumed_rcu : ps.total.consumed_wcu;
    double& now_sec = d.kind == Kind::kRead ? sec.consumed_rcu : sec.consumed_wcu;
    total += d.units;
    now_sec += d.units;
  }
  return refusal;
}

ThroughputReport CapacityModel::Report() const {
  ThroughputReport report;
  report.enabled = true;
  report.first_second = first_second_ ? static_cast<double>(*first_second_) : 0;
  for (const auto& [key, r] : resources_) {
    ThroughputResource out;
    out.table = key.first;
    out.index = key.second;
    out.on_demand = r.config.on_demand;
    out.read_capacity_units = static_cast<int64_t>(r.config.read_units);
    out.write_capacity_units = static_cast<int64_t>(r.config.write_units);
    for (size_t p = 0; p < r.stats.size(); ++p) {
      ThroughputPartition part;
      static_cast<ThroughputCounts&>(part) = r.stats[p].total;
      part.partition = static_cast<int>(p);
      for (const auto& [s, counts] : r.stats[p].by_second) {
        ThroughputSecond ts;
        static_cast<ThroughputCounts&>(ts) = counts;
        ts.second = s;
        part.seconds.push_back(ts);
      }
      out.partitions.push_back(std::move(part));
    }
    report.resources.push_back(std::move(out));
  }
  return report;
}

std::optional<std::pair<int, int64_t>> CapacityModel::SplitOf(const std::string& table,
                                                              const std::string& index,
                                                              int partition) const {
  auto it = resources_.find({table, index});
  if (it == resources_.end() || partition < 0) return std::nullopt;
  const Resource& r = it->second;
  size_t p = static_cast<size_t>(partition);
  if (p >= r.split_from.size() || r.split_from[p] < 0) return std::nullopt;
  return std::make_pair(r.split_from[p], r.split_second[p]);
}

}  // namespace ddblab::throughput
