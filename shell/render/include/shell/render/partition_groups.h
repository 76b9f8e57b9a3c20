// The simulated partitions one statement touched, per table and per index, written once for
// every place that shows them: the footer, jsonl, the live page's Calls view and its heat map.
// A write that maintains a global secondary index touches the index's partitions too (the old
// entry's and the new entry's), so a static index key shows up as the one hot partition it is.
#pragma once

#include <string>
#include <vector>

#include "ddblab/capacity.h"
#include "ddblab/wire.h"

namespace ddblab::shell {

struct PartitionGroup {
  std::string table;
  std::string index;     // empty for the base table
  std::vector<int> hit;  // ascending, distinct
  int total = 0;         // the partitions the table or index has
};

// Grouped as the capacity is listed: tables in the order the call first touched them, each
// table's base first, then its indexes by name. Only what has a partition model (total > 0).
std::vector<PartitionGroup> PartitionGroups(const Trace& t);

// "partition 2 of 4", "partitions 1,3 of 4", "all 4 partitions", "no partition of 4".
std::string PartitionText(const PartitionGroup& g);

// The footer's text: one group as PartitionText; several named by index alone when they share
// one table ("partition 2 of 4, GSI1: partitions 1,3 of 4"), else by table[.index]
// ("Orders: partition 1 of 4, Orders.GSI1: partition 3 of 4"). Empty when there is none.
std::string PartitionsText(const std::vector<PartitionGroup>& groups);

// [{"table", "index" (null for the base table), "hit", "total"}, ...]: jsonl and the page.
wire::Json PartitionGroupsJson(const std::vector<PartitionGroup>& groups);

}  // namespace ddblab::shell
