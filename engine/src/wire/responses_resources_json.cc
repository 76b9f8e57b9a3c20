// Responses of the table-settings operations, in DynamoDB's shapes (API reference examples).
#include "wire/codec.h"

namespace ddblab::wire::internal {

// DynamoDB answers TagResource and UntagResource with an empty body; the JSON layer gives an
// empty object and the HTTP server sends no bytes (shell/serve/http_protocol.cc).
Json ToJson(const TagResourceResponse&, std::string_view) { return Json::object(); }
Json ToJson(const UntagResourceResponse&, std::string_view) { return Json::object(); }

Json ToJson(const ListTagsOfResourceResponse& r, std::string_view) {
  Json tags = Json::array();
  for (const Tag& t : r.tags) tags.push_back(Json{{"Key", t.key}, {"Value", t.value}});
  Json j = Json::object();
  j["Tags"] = std::move(tags);
  if (r.next_token) j["NextToken"] = *r.next_token;
  return j;
}

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

Json ToJson(const DescribeEndpointsResponse& r, std::string_view) {
  Json list = Json::array();
  for (const EndpointDescription& e : r.endpoints) {
    list.push_back(
        Json{{"Address", e.address}, {"CachePeriodInMinutes", e.cache_period_in_minutes}});
  }
  return Json{{"Endpoints", std::move(list)}};
}

Json ToJson(const DescribeLimitsResponse& r, std::string_view) {
  Json j = Json::object();
  j["AccountMaxReadCapacityUnits"] = r.account_max_read_capacity_units;
  j["AccountMaxWriteCapacityUnits"] = r.account_max_write_capacity_units;
  j["TableMaxReadCapacityUnits"] = r.table_max_read_capacity_units;
  j["TableMaxWriteCapacityUnits"] = r.table_max_write_capacity_units;
  return j;
}

}  // namespace ddblab::wire::internal
