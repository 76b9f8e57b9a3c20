#include "shell/render/partition_groups.h"

#include <algorithm>
#include <utility>

namespace ddblab::shell {

namespace {

void Unite(std::vector<int>& into, const std::vector<int>& more) {
  into.insert(into.end(), more.begin(), more.end());
  std::sort(into.begin(), into.end());
  into.erase(std::unique(into.begin(), into.end()), into.end());
}

PartitionGroup& GroupFor(std::vector<PartitionGroup>& groups, const std::string& table,
                         const std::string& index) {
  auto it = std::find_if(groups.begin(), groups.end(), [&](const PartitionGroup& g) {
    return g.table == table && g.index == index;
  });
  if (it != groups.end()) return *it;
  groups.push_back(PartitionGroup{table, index, {}, 0});
  return groups.back();
}

void Collect(const Trace& t, std::vector<PartitionGroup>& groups) {
  // A call of several actions (batches, transactions, PartiQL) names its tables in its steps;
  // its own line may join several tables' names.
  if (t.steps.empty() && !t.table.empty() && t.partitions_total > 0) {
    PartitionGroup& g = GroupFor(groups, t.table, t.index);
    g.total = std::max(g.total, t.partitions_total);
    Unite(g.hit, t.partitions_hit);
  }
  // Indexes are modelled with their table's partition count.
  for (const auto& [index, parts] : t.index_partitions) {
    if (t.partitions_total <= 0) continue;
    PartitionGroup& g = GroupFor(groups, t.table, index);
    g.total = std::max(g.total, t.partitions_total);
    Unite(g.hit, parts);
  }
  for (const Trace& s : t.steps) Collect(s, groups);
}

}  // namespace

std::vector<PartitionGroup> PartitionGroups(const Trace& t) {
  std::vector<PartitionGroup> groups;
  Collect(t, groups);
  std::vector<std::string> table_order;
  for (const PartitionGroup& g : groups) {
    if (std::find(table_order.begin(), table_order.end(), g.table) == table_order.end())
      table_order.push_back(g.table);
  }
  auto rank = [&](const PartitionGroup& g) {
    return std::find(table_order.begin(), table_order.end(), g.table) - table_order.begin();
  };
  std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (a.index.empty() != b.index.empty()) return a.index.empty();
    return a.index < b.index;
  });
  return groups;
}

std::string PartitionText(const PartitionGroup& g) {
  if (g.total <= 0) return "";
  const auto& hit = g.hit;
  if (hit.empty()) return "no partition of " + std::to_string(g.total);
  if (static_cast<int>(hit.size()) == g.total && g.total > 1) {
    return "all " + std::to_string(g.total) + " partitions";
  }
  std::string list;
  for (size_t i = 0; i < hit.size() && i < 8; ++i) {
    if (i > 0) list += ",";
    list += std::to_string(hit[i]);
  }
  if (hit.size() > 8) list += ",...";
  return (hit.size() == 1 ? "partition " : "partitions ") + list + " of " + std::to_string(g.total);
}

std::string PartitionsText(const std::vector<PartitionGroup>& groups) {
  if (groups.empty()) return "";
  if (groups.size() == 1) return PartitionText(groups.front());
  const bool one_table = std::all_of(
      groups.begin(), groups.end(), [&](const auto& g) { return g.table == groups.front().table; });
  std::string out;
  for (const PartitionGroup& g : groups) {
    std::string name = one_table ? g.index : g.table + (g.index.empty() ? "" : "." + g.index);
    if (!out.empty()) out += ", ";
    out += (name.empty() ? "" : name + ": ") + PartitionText(g);
  }
  return out;
}

wire::Json PartitionGroupsJson(const std::vector<PartitionGroup>& groups) {
  wire::Json out = wire::Json::array();
  for (const PartitionGroup& g : groups) {
    out.push_back({{"table", g.table},
                   {"index", g.index.empty() ? wire::Json(nullptr) : wire::Json(g.index)},
                   {"hit", g.hit},
                   {"total", g.total}});
  }
  return out;
}

}  // namespace ddblab::shell
