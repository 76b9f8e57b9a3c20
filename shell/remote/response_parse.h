// Turning a remote endpoint's DynamoDB JSON back into the engine's values: error bodies into
// Error, a body's ConsumedCapacity into ConsumedCapacity (over wire::CapacityFromJson). Internal
// to the remote client.
#pragma once

#include <string_view>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::shell::remote {

// An error body ({"__type": "ns#Type", "message"|"Message": ..., CancellationReasons, Item}).
// Types ddblab does not model keep their name in the message.
Error ErrorFromBody(const wire::Json& body, int http_status);

// The ConsumedCapacity member of a response body (object or array), or empty; each entry as
// wire::CapacityFromJson reads it, `read` saying whether the operation reads.
std::vector<ConsumedCapacity> CapacitiesFromBody(const wire::Json& body, bool read);

}  // namespace ddblab::shell::remote
