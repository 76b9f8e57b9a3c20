#include "throughput/capacity_model.h"

#include <algorithm>
#include <cmath>
#include <set>

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
  r.config = c;
  size_t n = static_cast<size_t>(std::max(1, c.partitions));
  r.config.partitions = static_cast<int>(n);
  r.read.parts.resize(n);
  r.write.parts.resize(n);
  r.stats.resize(n);
}

void CapacityModel::Forget(const std::string& table) {
  for (auto it = resources_.begin(); it != resources_.end();) {
    it = it->first.first == table ? resources_.erase(it) : std::next(it);
  }
}

bool CapacityModel::Configured(const std::string& table, const std::string& index) const {
  return resources_.count({table, index}) > 0;
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
  r.second = second;
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
  std::vector<Applied> applied;
  std::optional<Refusal> refusal;
  for (size_t i = 0; i < demands.size() && !refusal; ++i) {
    const Demand& d = demands[i];
    auto it = resources_.find({d.table, d.index});
    if (it == resources_.end()) continue;  // not modelled (the throttle layer configures all)
    Resource& r = it->second;
    if (d.partition < 0 || d.partition >= r.config.partitions) continue;
    Advance(r, second);
    double bank = 0;
    if (auto limit = Fits(r, d.kind, d.partition, d.units, &bank)) {
      refusal = Refusal{i, *limit};
      break;
    }
    Side& side = d.kind == Kind::kRead ? r.read : r.write;
    Bucket& b = side.parts[static_cast<size_t>(d.partition)];
    b.used += d.units;
    b.bank -= bank;
    side.table_used += d.units;
    applied.push_back({&r, d.kind, static_cast<size_t>(d.partition), d.units, bank});
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
    auto it = resources_.find({d.table, d.index});
    if (it == resources_.end()) continue;
    Resource& r = it->second;
    if (d.partition < 0 || d.partition >= r.config.partitions) continue;
    size_t p = static_cast<size_t>(d.partition);
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
      }
      continue;
    }
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

}  // namespace ddblab::throughput
