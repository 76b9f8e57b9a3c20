// Responses of TagResource and UntagResource, in DynamoDB's shapes (API reference examples).
#include "wire/codec.h"

namespace ddblab::wire::internal {

// DynamoDB answers TagResource and UntagResource with an empty body; the JSON layer gives an
// empty object and the HTTP server sends no bytes (shell/serve/http_protocol.cc).
Json ToJson(const TagResourceResponse&, std::string_view) { return Json::object(); }
Json ToJson(const UntagResourceResponse&, std::string_view) { return Json::object(); }

}  // namespace ddblab::wire::internal
