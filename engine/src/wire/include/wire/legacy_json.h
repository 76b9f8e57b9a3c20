// Decoding DynamoDB's legacy request members KeyConditions, QueryFilter and ScanFilter into the
// request structs (the model reads Expected and AttributeUpdates). Internal to the wire module.
#pragma once

#include <optional>
#include <string_view>

#include "ddblab/requests.h"
#include "wire/json_read.h"

namespace ddblab::wire::internal {

// A map of Condition (KeyConditions, QueryFilter, ScanFilter); nullopt when absent.
std::optional<Conditions> ConditionsMember(Decoder& d, const Json& obj, std::string_view name);

}  // namespace ddblab::wire::internal
