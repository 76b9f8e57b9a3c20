// What the instructor's page shows of each student under `serve --db-per-key` (docs/page.md,
// "A class"): a row per access key id with its calls, capacity, errors and throttled calls, and
// when it last called, counted from the calls the page hears.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::shell::page {

// A student counts as active for this long after a call.
inline constexpr double kActiveSeconds = 60;

class ClassRoll {
 public:
  // Counts one call (the JSON CallFromRequest made) of `key_id`'s.
  void Count(const std::string& key_id, const wire::Json& call);
  // {"students": [{"key", "calls", "rcu", "wcu", "errors", "throttled", "last_call", "active",
  // "last_error"}, ...], "active", "throttled", "with_errors"}: a row for each of `keys` (the
  // open databases, in order; a key with no call yet has zeros), `now` deciding who is active;
  // the last three count the students who are active, were ever throttled, had an error.
  wire::Json Rows(const std::vector<std::string>& keys, double now) const;

 private:
  struct Student {
    int64_t calls = 0;
    int64_t read_half_units = 0;
    int64_t write_half_units = 0;
    int64_t errors = 0;
    int64_t throttled = 0;
    double last_call = 0;
    std::string last_error;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Student, std::less<>> students_;
};

}  // namespace ddblab::shell::page
