// The request and response structs of the operations around tables rather than items, all of
// them written as data in the model files (ListTagsOfResource, TagResource, UntagResource, Time to
// Live, continuous backups, resource policies, DescribeEndpoints, DescribeLimits).
#pragma once

#include "ddblab/model/continuous_backups.h"
#include "ddblab/model/resource_policies.h"
#include "ddblab/model/resources.h"
#include "ddblab/model/tables.h"
#include "ddblab/model/time_to_live.h"
