// ConsumedCapacity and Trace rendering.
#include "ddblab/wire.h"

namespace ddblab::wire {
namespace {

double Units(int64_t half_units) { return static_cast<double>(half_units) / 2.0; }

// One Capacity: CapacityUnits, plus Read/WriteCapacityUnits for transactional calls.
// DynamoDB: transactional responses carry the read/write split; the side the call is about is
// always shown, the other side only when non-zero.
Json CapacityObject(const Capacity& c, bool transactional, bool read) {
  Json j = Json::object();
  j["CapacityUnits"] = Units(c.half_units);
  if (transactional) {
    if (c.read_half_units != 0 || read) j["ReadCapacityUnits"] = Units(c.read_half_units);
    if (c.write_half_units != 0 || !read) j["WriteCapacityUnits"] = Units(c.write_half_units);
  }
  return j;
}

Json IndexMap(const std::map<std::string, Capacity>& m, bool transactional, bool read) {
  Json j = Json::object();
  for (const auto& [name, c] : m) j[name] = CapacityObject(c, transactional, read);
  return j;
}

}  // namespace

Json CapacityToJson(const ConsumedCapacity& c, std::string_view return_consumed_capacity) {
  const bool indexes = return_consumed_capacity == "INDEXES";
  if (!indexes && return_consumed_capacity != "TOTAL") return nullptr;
  Json j = Json::object();
  j["TableName"] = c.table_name;
  Json total = CapacityObject(c.total, c.transactional, c.read);
  for (auto it = total.begin(); it != total.end(); ++it) j[it.key()] = it.value();
  if (indexes) {
    // DynamoDB: the Table part is always listed, {CapacityUnits: 0} on a Query or Scan of an
    // index, beside the index that was read.
    j["Table"] = CapacityObject(c.table, c.transactional, c.read);
    if (!c.local_secondary_indexes.empty()) {
      j["LocalSecondaryIndexes"] = IndexMap(c.local_secondary_indexes, c.transactional, c.read);
    }
    if (!c.global_secondary_indexes.empty()) {
      j["GlobalSecondaryIndexes"] = IndexMap(c.global_secondary_indexes, c.transactional, c.read);
    }
  }
  return j;
}

Json TraceToJson(const Trace& t) {
  Json j = Json::object();
  j["operation"] = t.operation;
  j["table"] = t.table;
  j["index"] = t.index;
  j["items_read"] = t.items_read;
  j["items_returned"] = t.items_returned;
  j["bytes_read"] = t.bytes_read;
  j["bytes_written"] = t.bytes_written;
  j["partitions_hit"] = t.partitions_hit;
  j["partitions_total"] = t.partitions_total;
  j["consistent_read"] = t.consistent_read;
  j["filtered"] = t.filtered;
  if (!t.key_condition.empty()) j["key_condition"] = t.key_condition;
  if (!t.scan_reason.empty()) j["scan_reason"] = t.scan_reason;
  if (!t.index_partitions.empty()) {
    Json parts = Json::object();
    for (const auto& [index, hit] : t.index_partitions) parts[index] = hit;
    j["index_partitions"] = std::move(parts);
  }
  if (!t.steps.empty()) {
    Json steps = Json::array();
    for (const Trace& s : t.steps) steps.push_back(TraceToJson(s));
    j["steps"] = std::move(steps);
  }
  return j;
}

}  // namespace ddblab::wire
