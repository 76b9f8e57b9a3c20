// Responses of the table-settings operations, in DynamoDB's shapes (API reference examples).
#include "wire/codec.h"

namespace ddblab::wire::internal {

// DynamoDB answers TagResource and UntagResource with an empty body; the JSON layer gives an
// empty object and the HTTP server sends no bytes (shell/serve/http_protocol.cc).
Json ToJson(const TagResourceResponse&, std::string_view) { return Json::object(); }
Json ToJson(const UntagResourceResponse&, std::string_view) { return Json::object(); }

Json ToJson(const UpdateTimeToLiveResponse& r, std::string_view) {
  return Json{{"TimeToLiveSpecification",
               // The API model's member order, which the aws CLI prints.
               Json{{"Enabled", r.time_to_live_specification.enabled},
                    {"AttributeName", r.time_to_live_specification.attribute_name}}}};
}

Json ToJson(const DescribeTimeToLiveResponse& r, std::string_view) {
  Json d = Json::object();
  d["TimeToLiveStatus"] = r.time_to_live_status;
  if (r.attribute_name) d["AttributeName"] = *r.attribute_name;
  return Json{{"TimeToLiveDescription", std::move(d)}};
}

}  // namespace ddblab::wire::internal
