// The server's way into the JSON layer: responses as text, without a JSON document in between.
// Kept out of wire.h so the rest of the shell does not depend on it.
#pragma once

#include <string>
#include <string_view>

#include "ddblab/wire.h"

namespace ddblab::wire {

// As ExecuteJsonText, but a successful call of a modelled data-plane operation (kData or kBatch in
// ddblab/operations.h: answers that name no resource) writes its body as JSON text to *text (the
// text body.dump(-1, ' ', false, replace) would give) and leaves body null. Other bodies, errors
// included, come back in body as usual, with *text empty.
JsonResult ExecuteJsonToText(Engine& engine, std::string_view operation, std::string_view body,
                             std::string* text);

}  // namespace ddblab::wire
