// What a statement did, the same whichever language it was written in (statement_effect.cc).
#pragma once

#include "lab_runtime.h"

namespace ddblab::lab {

// Adds to `j` (RecordToJson of `r`) the normalized fields lesson checks read: language, op
// (PartiQL unwrapped to the request it planned, also when refused), table, index, key, item,
// key_condition, filter, projection, condition and update (resolved), writes (each item written
// or checked; with its whole image afterwards, as the engine reported it, when `read_images`)
// and written. PartiQL statements are read through the plans the engine reported (CallResult's
// Effect). `client` only describes a table whose key the effects do not show; it may be null.
void AddStatementEffect(wire::Client* client, const StatementRecord& r, bool read_images,
                        wire::Json& j);

}  // namespace ddblab::lab
