// ConsumedCapacity read back from a response body: the inverse of CapacityToJson
// (capacity_json.cc), for clients of a remote endpoint, whose capacity arrives only as JSON. The
// remote client's footer totals and the response decoders (response_bodies.h) both use it.
#include <cmath>

#include "ddblab/wire.h"

namespace ddblab::wire {
namespace {

bool HasUnits(const Json& j, const char* member) {
  auto it = j.find(member);
  return it != j.end() && it->is_number();
}

// Capacity units arrive as JSON numbers with 0.5 granularity; back to half-units.
int64_t HalfUnits(const Json& j, const char* member) {
  if (!HasUnits(j, member)) return 0;
  return static_cast<int64_t>(std::llround(j.find(member)->get<double>() * 2.0));
}

Capacity CapacityOf(const Json& j) {
  Capacity c;
  if (!j.is_object()) return c;
  c.half_units = HalfUnits(j, "CapacityUnits");
  c.read_half_units = HalfUnits(j, "ReadCapacityUnits");
  c.write_half_units = HalfUnits(j, "WriteCapacityUnits");
  return c;
}

std::map<std::string, Capacity> IndexCapacities(const Json& j, const char* member) {
  std::map<std::string, Capacity> out;
  auto it = j.find(member);
  if (it == j.end() || !it->is_object()) return out;
  for (auto e = it->begin(); e != it->end(); ++e) out[e.key()] = CapacityOf(e.value());
  return out;
}

}  // namespace

ConsumedCapacity CapacityFromJson(const Json& j, bool read) {
  ConsumedCapacity c;
  c.read = read;
  if (!j.is_object()) return c;
  if (auto name = j.find("TableName"); name != j.end() && name->is_string()) {
    c.table_name = name->get<std::string>();
  }
  c.total = CapacityOf(j);
  const bool shows_read = HasUnits(j, "ReadCapacityUnits");
  const bool shows_write = HasUnits(j, "WriteCapacityUnits");
  c.transactional = shows_read || shows_write;
  // CapacityToJson shows a transactional call's own side even at zero and the other only when
  // non-zero: one side alone, or a zero side, is the call's (a repeated TransactWriteItems is
  // a read). Two non-zero sides render the same either way.
  if (shows_read != shows_write) {
    c.read = shows_read;
  } else if (shows_read && c.total.read_half_units == 0) {
    c.read = true;
  } else if (shows_write && c.total.write_half_units == 0) {
    c.read = false;
  }
  c.global_secondary_indexes = IndexCapacities(j, "GlobalSecondaryIndexes");
  c.local_secondary_indexes = IndexCapacities(j, "LocalSecondaryIndexes");
  if (auto table = j.find("Table"); table != j.end() && table->is_object()) {
    c.table = CapacityOf(*table);
  } else if (c.global_secondary_indexes.empty() && c.local_secondary_indexes.empty()) {
    // TOTAL shows no parts: the whole call is the table's.
    c.table = c.total;
  }
  return c;
}

}  // namespace ddblab::wire
