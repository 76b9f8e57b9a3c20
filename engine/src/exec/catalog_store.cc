#include "exec/catalog_store.h"

#include <nlohmann/json.hpp>

namespace ddblab {
namespace {

using nlohmann::json;

json KeyToJson(const KeyDef& k) { return {{"name", k.name}, {"type", AttrTypeName(k.type)}}; }

bool KeyFromJson(const json& j, KeyDef* k) {
  k->name = j.at("name").get<std::string>();
  return ParseAttrType(j.at("type").get<std::string>(), &k->type);
}

json IndexToJson(const IndexSchema& ix) {
  json j = {{"name", ix.name},
            {"global", ix.global},
            {"hash", KeyToJson(ix.hash_keys.at(0))},
            {"projection_type", ix.projection_type},
            {"non_key_attributes", ix.non_key_attributes},
            {"storage_id", ix.storage_id}};
  if (!ix.range_keys.empty()) j["range"] = KeyToJson(ix.range_keys[0]);
  // Multi-attribute keys are stored as lists; "hash" and "range" keep their first elements so
  // the entry reads the same as a single-attribute one's.
  if (ix.MultiAttribute()) {
    json hash = json::array(), range = json::array();
    for (const KeyDef& k : ix.hash_keys) hash.push_back(KeyToJson(k));
    for (const KeyDef& k : ix.range_keys) range.push_back(KeyToJson(k));
    j["hash_keys"] = hash;
    j["range_keys"] = range;
  }
  if (ix.provisioned_throughput) {
    j["rcu"] = ix.provisioned_throughput->read_capacity_units;
    j["wcu"] = ix.provisioned_throughput->write_capacity_units;
  }
  return j;
}

IndexSchema IndexFromJson(const json& j) {
  IndexSchema ix;
  ix.name = j.at("name").get<std::string>();
  ix.global = j.at("global").get<bool>();
  if (j.contains("hash_keys")) {
    for (const json& k : j.at("hash_keys")) {
      KeyFromJson(k, &ix.hash_keys.emplace_back());
    }
    for (const json& k : j.at("range_keys")) {
      KeyFromJson(k, &ix.range_keys.emplace_back());
    }
  } else {
    KeyFromJson(j.at("hash"), &ix.hash_keys.emplace_back());
    if (j.contains("range")) KeyFromJson(j.at("range"), &ix.range_keys.emplace_back());
  }
  ix.projection_type = j.at("projection_type").get<std::string>();
  ix.non_key_attributes = j.at("non_key_attributes").get<std::vector<std::string>>();
  ix.storage_id = j.at("storage_id").get<int64_t>();
  if (j.contains("rcu")) {
    ix.provisioned_throughput =
        ProvisionedThroughput{j.at("rcu").get<int64_t>(), j.at("wcu").get<int64_t>()};
  }
  return ix;
}

}  // namespace

std::string SchemaToText(const TableSchema& s) {
  json defs = json::array();
  for (const auto& d : s.attribute_definitions)
    defs.push_back({{"name", d.attribute_name}, {"type", d.attribute_type}});
  json gsis = json::array(), lsis = json::array();
  for (const auto& ix : s.global_secondary_indexes) gsis.push_back(IndexToJson(ix));
  for (const auto& ix : s.local_secondary_indexes) lsis.push_back(IndexToJson(ix));
  json j = {{"name", s.name},
            {"storage_id", s.storage_id},
            {"hash", KeyToJson(s.hash)},
            {"attribute_definitions", defs},
            {"gsis", gsis},
            {"lsis", lsis},
            {"billing_mode", s.billing_mode},
            {"rcu", s.provisioned_throughput.read_capacity_units},
            {"wcu", s.provisioned_throughput.write_capacity_units},
            {"creation_date_time", s.creation_date_time},
            {"last_update_to_pay_per_request", s.last_update_to_pay_per_request},
            {"partition_override", s.partition_override}};
  if (s.range) j["range"] = KeyToJson(*s.range);
  if (s.ttl_attribute) j["ttl_attribute"] = *s.ttl_attribute;
  if (!s.tags.empty()) j["tags"] = s.tags;
  if (s.point_in_time_recovery) {
    j["pitr"] = {{"enabled_at", s.point_in_time_recovery->enabled_at},
                 {"days", s.point_in_time_recovery->recovery_period_in_days}};
  }
  if (!s.resource_policies.empty()) {
    json policies = json::object();
    for (const auto& [resource, p] : s.resource_policies) {
      policies[resource] = {{"document", p.document}, {"revision_id", p.revision_id}};
    }
    j["resource_policies"] = policies;
  }
  if (!s.streams.empty()) {
    json streams = json::array();
    for (const StreamState& st : s.streams) {
      json one = {{"label", st.label}, {"view_type", st.view_type}, {"created", st.created}};
      if (st.disabled) one["disabled"] = *st.disabled;
      streams.push_back(one);
    }
    j["streams"] = streams;
  }
  return j.dump();
}

Result<TableSchema> SchemaFromText(const std::string& text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    return MakeError(ErrorType::kInternalServerError, "Internal server error: corrupt catalog");
  }
  try {
    TableSchema s;
    s.name = j.at("name").get<std::string>();
    s.storage_id = j.at("storage_id").get<int64_t>();
    KeyFromJson(j.at("hash"), &s.hash);
    if (j.contains("range")) {
      KeyDef r;
      KeyFromJson(j.at("range"), &r);
      s.range = r;
    }
    for (const auto& d : j.at("attribute_definitions"))
      s.attribute_definitions.push_back(
          {d.at("name").get<std::string>(), d.at("type").get<std::string>()});
    for (const auto& g : j.at("gsis")) s.global_secondary_indexes.push_back(IndexFromJson(g));
    for (const auto& l : j.at("lsis")) s.local_secondary_indexes.push_back(IndexFromJson(l));
    s.billing_mode = j.at("billing_mode").get<std::string>();
    s.provisioned_throughput = {j.at("rcu").get<int64_t>(), j.at("wcu").get<int64_t>()};
    s.creation_date_time = j.at("creation_date_time").get<double>();
    // Catalogs written before the field existed: on demand since creation, or never.
    s.last_update_to_pay_per_request =
        j.contains("last_update_to_pay_per_request")
            ? j.at("last_update_to_pay_per_request").get<double>()
            : (s.billing_mode == "PAY_PER_REQUEST" ? s.creation_date_time : 0);
    s.partition_override = j.at("partition_override").get<int>();
    if (j.contains("ttl_attribute")) s.ttl_attribute = j.at("ttl_attribute").get<std::string>();
    if (j.contains("tags")) s.tags = j.at("tags").get<std::map<std::string, std::string>>();
    if (j.contains("pitr")) {
      s.point_in_time_recovery = TableSchema::PointInTimeRecovery{
          j.at("pitr").at("enabled_at").get<double>(), j.at("pitr").at("days").get<int>()};
    }
    if (j.contains("resource_policies")) {
      for (const auto& [resource, p] : j.at("resource_policies").items()) {
        s.resource_policies[resource] = TableSchema::ResourcePolicy{
            p.at("document").get<std::string>(), p.at("revision_id").get<std::string>()};
      }
    }
    if (j.contains("streams")) {
      for (const auto& st : j.at("streams")) {
        StreamState one;
        one.label = st.at("label").get<std::string>();
        one.view_type = st.at("view_type").get<std::string>();
        one.created = st.at("created").get<double>();
        if (st.contains("disabled")) one.disabled = st.at("disabled").get<double>();
        s.streams.push_back(one);
      }
    }
    return s;
  } catch (const json::exception& e) {
    return MakeError(ErrorType::kInternalServerError,
                     std::string("Internal server error: corrupt catalog: ") + e.what());
  }
}

}  // namespace ddblab
