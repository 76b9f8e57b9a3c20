// Traces of multi-item calls (batches, transactions, PartiQL batches and transactions): one step
// per action, plus one per index an action wrote, each naming its table, index and partitions;
// the call's own trace summarizes them so a front end that shows one line per call sees every
// table and partition touched.
#pragma once

#include <string>

#include "ddblab/capacity.h"

namespace ddblab {

// The step of one action on `table` (simulated partition count `partitions`).
Trace ActionStep(std::string operation, const std::string& table, int partitions);

// Fills `t` from its steps: `table` is the one table the steps touch, or every table in first-use
// order joined by ", "; `partitions_hit` is the union of the steps' partitions (of tables and
// indexes alike); `partitions_total` the largest of theirs. Counters are left as the call set
// them.
void SummarizeSteps(Trace* t);

}  // namespace ddblab
