// The legacy members of Query and Scan (KeyConditions, QueryFilter, ScanFilter,
// ConditionalOperator, AttributesToGet) in the read plan.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "exec/read_plan.h"

namespace ddblab {

// Not mixed with expressions (DynamoDB's message names both sides), ConditionalOperator given
// with a filter to combine, the filter's comparisons valid.
Status CheckLegacyQueryMembers(const QueryRequest& r);
Status CheckLegacyScanMembers(const ScanRequest& r);

// Sets p->filter from QueryFilter / ScanFilter and p->projection from AttributesToGet, when
// given. Members were checked by CheckLegacy*Members.
Status PlanLegacyFilterAndProjection(const std::optional<Conditions>& filter,
                                     const std::optional<std::string>& conditional_operator,
                                     const std::optional<std::vector<std::string>>& attributes,
                                     ReadPlan* p);

}  // namespace ddblab
