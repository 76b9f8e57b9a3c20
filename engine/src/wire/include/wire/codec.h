// Per-operation request readers and response writers used by ExecuteJson: generated from the
// model for the modelled operations (model_codec.h), written by hand for the others. Internal to
// the wire module.
#pragma once

#include <string_view>

#include "ddblab/operations.h"
#include "ddblab/wire.h"
#include "wire/model_codec.h"

namespace ddblab::wire::internal {

// Request bodies -> request structs, one per operation (ddblab/operations.h). Errors as
// Decoder::Finish describes.
#define DDBLAB_DECLARE_FROM_JSON(Name, How) Status FromJson(const Json& j, Name##Request* r);
DDBLAB_HAND_OPERATIONS(DDBLAB_DECLARE_FROM_JSON)
#undef DDBLAB_DECLARE_FROM_JSON

// Response structs -> response bodies; `rcc` is the request's ReturnConsumedCapacity.
#define DDBLAB_DECLARE_TO_JSON(Name, How) \
  Json ToJson(const Name##Response& r, std::string_view rcc);
DDBLAB_HAND_OPERATIONS(DDBLAB_DECLARE_TO_JSON)
#undef DDBLAB_DECLARE_TO_JSON

// The reverse codecs, for a client of a remote endpoint (ddblab/call.h): request structs ->
// request bodies (FromJson of the result gives the request back), and response bodies -> response
// structs (ToJson of the result with the request's ReturnConsumedCapacity gives the body back,
// less members ddblab does not model). A body of the wrong shape is a SerializationException
// naming the member.
#define DDBLAB_DECLARE_REQUEST_TO_JSON(Name, How) Json ToJson(const Name##Request& r);
DDBLAB_HAND_OPERATIONS(DDBLAB_DECLARE_REQUEST_TO_JSON)
#undef DDBLAB_DECLARE_REQUEST_TO_JSON
#define DDBLAB_DECLARE_RESPONSE_FROM_JSON(Name, How) \
  Status FromJson(const Json& j, Name##Response* r);
DDBLAB_HAND_OPERATIONS(DDBLAB_DECLARE_RESPONSE_FROM_JSON)
#undef DDBLAB_DECLARE_RESPONSE_FROM_JSON

// The request's item shapes back to JSON (UnprocessedKeys / UnprocessedItems).
Json KeysAndAttributesToJson(const KeysAndAttributes& k);
Json WriteRequestToJson(const WriteRequest& w);

}  // namespace ddblab::wire::internal
