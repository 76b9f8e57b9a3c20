// CreateTable's and UpdateTable's request structs -> request bodies, for the remote client; the
// inverses of requests_tables_json.cc.
#include "wire/codec.h"
#include "wire/model_codec.h"
#include "wire/request_bodies.h"

namespace ddblab::wire::internal {
namespace {

Json RequestThroughputToJson(const ProvisionedThroughput& t) {
  return Json{{"ReadCapacityUnits", t.read_capacity_units},
              {"WriteCapacityUnits", t.write_capacity_units}};
}

// One GlobalSecondaryIndexes / LocalSecondaryIndexes entry, or UpdateTable's Create action.
// A local index has no ProvisionedThroughput member in DynamoDB's shape (the decoder does not
// read one), so `global` decides whether it is sent.
Json IndexSpecToJson(const SecondaryIndexSpec& s, bool global) {
  Json j = Json::object();
  j["IndexName"] = s.index_name;
  j["KeySchema"] = model_codec::WriteValue(s.key_schema);
  j["Projection"] = model_codec::WriteValue(s.projection);
  if (global && s.provisioned_throughput) {
    j["ProvisionedThroughput"] = RequestThroughputToJson(*s.provisioned_throughput);
  }
  return j;
}

Json IndexSpecsToJson(const std::vector<SecondaryIndexSpec>& specs, bool global) {
  Json j = Json::array();
  for (const SecondaryIndexSpec& s : specs) j.push_back(IndexSpecToJson(s, global));
  return j;
}

// One GlobalSecondaryIndexUpdates entry; the decoder reads every action present, so every one
// set is sent. An Update action carries only IndexName and ProvisionedThroughput.
Json IndexUpdateToJson(const GlobalSecondaryIndexUpdate& u) {
  Json j = Json::object();
  if (u.create) j["Create"] = IndexSpecToJson(*u.create, true);
  if (u.delete_index_name) j["Delete"] = Json{{"IndexName", *u.delete_index_name}};
  if (u.update) {
    Json update = Json::object();
    update["IndexName"] = u.update->index_name;
    if (u.update->provisioned_throughput) {
      update["ProvisionedThroughput"] = RequestThroughputToJson(*u.update->provisioned_throughput);
    }
    j["Update"] = std::move(update);
  }
  return j;
}

}  // namespace

Json ToJson(const CreateTableRequest& r) {
  Json j = Json::object();
  j["TableName"] = r.table_name;
  j["AttributeDefinitions"] = model_codec::WriteValue(r.attribute_definitions);
  j["KeySchema"] = model_codec::WriteValue(r.key_schema);
  if (r.global_secondary_indexes) {
    j["GlobalSecondaryIndexes"] = IndexSpecsToJson(*r.global_secondary_indexes, true);
  }
  if (r.local_secondary_indexes) {
    j["LocalSecondaryIndexes"] = IndexSpecsToJson(*r.local_secondary_indexes, false);
  }
  if (r.billing_mode) j["BillingMode"] = *r.billing_mode;
  if (r.provisioned_throughput) {
    j["ProvisionedThroughput"] = RequestThroughputToJson(*r.provisioned_throughput);
  }
  if (r.stream_specification) {
    j["StreamSpecification"] = model_codec::WriteValue(*r.stream_specification);
  }
  // A Key or Value left out stays out, so the service answers with its own message for it.
  if (r.tags) j["Tags"] = model_codec::WriteValue(*r.tags);
  return j;
}

Json ToJson(const UpdateTableRequest& r) {
  Json j = Json::object();
  j["TableName"] = r.table_name;
  if (r.attribute_definitions) {
    j["AttributeDefinitions"] = model_codec::WriteValue(*r.attribute_definitions);
  }
  if (r.billing_mode) j["BillingMode"] = *r.billing_mode;
  if (r.provisioned_throughput) {
    j["ProvisionedThroughput"] = RequestThroughputToJson(*r.provisioned_throughput);
  }
  if (r.stream_specification) {
    j["StreamSpecification"] = model_codec::WriteValue(*r.stream_specification);
  }
  if (r.global_secondary_index_updates) {
    Json updates = Json::array();
    for (const GlobalSecondaryIndexUpdate& u : *r.global_secondary_index_updates) {
      updates.push_back(IndexUpdateToJson(u));
    }
    j["GlobalSecondaryIndexUpdates"] = std::move(updates);
  }
  return j;
}

}  // namespace ddblab::wire::internal
