// Decoding DynamoDB's legacy request members (Expected, AttributeUpdates, KeyConditions,
// QueryFilter, ScanFilter) into the request structs. Internal to the wire module.
#pragma once

#include <optional>
#include <string_view>

#include "ddblab/requests.h"
#include "wire/json_read.h"

namespace ddblab::wire::internal {

// A map of Condition (KeyConditions, QueryFilter, ScanFilter); nullopt when absent.
std::optional<Conditions> ConditionsMember(Decoder& d, const Json& obj, std::string_view name);
std::optional<ExpectedAttributes> ExpectedMember(Decoder& d, const Json& obj);
std::optional<AttributeUpdates> AttributeUpdatesMember(Decoder& d, const Json& obj);

}  // namespace ddblab::wire::internal
