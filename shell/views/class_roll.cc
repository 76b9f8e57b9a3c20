#include "shell/views/class_roll.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "shell/views/event_feed.h"

namespace ddblab::shell::page {

using wire::Json;

void ClassRoll::Count(const std::string& key_id, const Json& call) {
  std::lock_guard<std::mutex> lock(mutex_);
  Student& s = students_[key_id];
  ++s.calls;
  // The call's units are halves of a unit written as decimals (0.5, 1, 12.5): counted in halves
  // so a long class adds up exactly.
  s.read_half_units += std::llround(call.value("rcu", 0.0) * 2);
  s.write_half_units += std::llround(call.value("wcu", 0.0) * 2);
  s.last_call = std::max(s.last_call, call.value("time", 0.0));
  if (call.value("throttled", false)) ++s.throttled;
  if (!call.value("ok", true)) {
    ++s.errors;
    const Json& e = call.contains("error") ? call["error"] : Json();
    if (e.is_object()) s.last_error = CutText(e.value("type", "") + ": " + e.value("message", ""));
  }
}

Json ClassRoll::Rows(const std::vector<std::string>& keys, double now) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Json rows = Json::array();
  int64_t active = 0, throttled = 0, with_errors = 0;
  for (const std::string& key : keys) {
    auto it = students_.find(key);
    const Student s = it == students_.end() ? Student() : it->second;
    const bool is_active = s.calls > 0 && now - s.last_call <= kActiveSeconds;
    active += is_active;
    throttled += s.throttled > 0;
    with_errors += s.errors > 0;
    rows.push_back({{"key", key},
                    {"calls", s.calls},
                    {"rcu", static_cast<double>(s.read_half_units) / 2.0},
                    {"wcu", static_cast<double>(s.write_half_units) / 2.0},
                    {"errors", s.errors},
                    {"throttled", s.throttled},
                    {"last_call", s.calls > 0 ? Json(s.last_call) : Json(nullptr)},
                    {"active", is_active},
                    {"last_error", s.last_error}});
  }
  return {{"students", std::move(rows)},
          {"active", active},
          {"throttled", throttled},
          {"with_errors", with_errors}};
}

}  // namespace ddblab::shell::page
