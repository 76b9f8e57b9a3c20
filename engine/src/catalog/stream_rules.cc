#include "catalog/stream_rules.h"

#include <cmath>
#include <cstdio>
#include <ctime>

namespace ddblab {
namespace {

constexpr const char* kInvalid = "One or more parameter values were invalid: ";

std::optional<Error> CheckShape(const StreamSpecification& s) {
  if (!s.stream_enabled) {
    return ValidationError(
        "1 validation error detected: Value null at 'streamSpecification.streamEnabled' failed "
        "to satisfy constraint: Member must not be null");
  }
  if (s.stream_view_type) {
    const std::string& v = *s.stream_view_type;
    if (v != "KEYS_ONLY" && v != "NEW_IMAGE" && v != "OLD_IMAGE" && v != "NEW_AND_OLD_IMAGES") {
      return ValidationError("1 validation error detected: Value '" + v +
                             "' at 'streamSpecification.streamViewType' failed to satisfy "
                             "constraint: Member must satisfy enum value set: [OLD_IMAGE, "
                             "KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]");
    }
  }
  return std::nullopt;
}

// "2026-11-26T09:40:00.123": UTC, milliseconds, no zone, as DynamoDB labels streams.
std::string Label(double seconds) {
  const auto ms = static_cast<int64_t>(std::floor(seconds * 1000));
  const std::time_t whole = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&whole, &tm);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  return buf;
}

}  // namespace

std::optional<Error> CheckCreateStream(const StreamSpecification& s) {
  if (auto e = CheckShape(s)) return e;
  if (*s.stream_enabled && !s.stream_view_type) {
    return ValidationError(std::string(kInvalid) +
                           "Table is being created with a stream enabled, UpdateViewType is "
                           "required");
  }
  if (!*s.stream_enabled && s.stream_view_type) {
    return ValidationError(std::string(kInvalid) +
                           "Table is being created with a stream disabled, UpdateViewType should "
                           "not be specified");
  }
  return std::nullopt;
}

std::optional<Error> CheckUpdateStream(const TableSchema& current, const UpdateTableRequest& r) {
  const StreamSpecification& s = *r.stream_specification;
  if (auto e = CheckShape(s)) return e;
  if (*s.stream_enabled && !s.stream_view_type) {
    return ValidationError(std::string(kInvalid) +
                           "If stream is being enabled then UpdateViewType is required");
  }
  if (!*s.stream_enabled && s.stream_view_type) {
    return ValidationError(
        std::string(kInvalid) +
        "If stream is being disabled, then UpdateViewType must not be specified");
  }
  if (r.global_secondary_index_updates && !r.global_secondary_index_updates->empty()) {
    return ValidationError(std::string(kInvalid) +
                           "You cannot create or delete index while changing stream status");
  }
  if (r.provisioned_throughput) {
    return ValidationError(std::string(kInvalid) +
                           "You cannot modify stream status while updating table IOPS");
  }
  // A stream's view type never changes: a new one takes a disable, then an enable.
  if (*s.stream_enabled && current.EnabledStream()) {
    return ValidationError("Table already has an enabled stream: TableName: " + current.name);
  }
  if (!*s.stream_enabled && !current.EnabledStream()) {
    return ValidationError("Table has no stream to disable: TableName: " + current.name);
  }
  return std::nullopt;
}

void ApplyStreamSpecification(const StreamSpecification& s, double now, TableSchema* table) {
  if (!*s.stream_enabled) {
    if (!table->streams.empty()) table->streams.back().disabled = now;
    return;
  }
  StreamState st;
  st.created = now;
  st.view_type = *s.stream_view_type;
  st.label = Label(now);
  // Labels name streams: two enables within one millisecond still get two labels.
  while (!table->streams.empty() && st.label <= table->streams.back().label) {
    st.created += 0.001;
    st.label = Label(st.created);
  }
  table->streams.push_back(st);
}

}  // namespace ddblab
