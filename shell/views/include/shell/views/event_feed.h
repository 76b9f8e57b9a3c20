// What the live page hears: a numbered stream of events (calls, "tables changed", "database
// switched", "new simulation") that any number of browsers follow, each from where it left off.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::shell::page {

// Each text an event carries (a statement, an error message, a footer, a hint...) is kept to
// about this many bytes: a request with a megabyte table name must not become a megabyte in
// every browser's call log.
inline constexpr size_t kMaxEventTextBytes = 4 * 1024;
// The kept calls, and the kept events, each stay under about this many bytes of JSON.
inline constexpr size_t kMaxFeedBytes = 4 * 1024 * 1024;

struct PageEvent {
  uint64_t id = 0;   // 1, 2, 3, ... in publication order
  std::string type;  // "call", "tables", "database", "simulation"
  std::string data;  // compact JSON
};

// What a session's calls cost, counted in half units as the engine counts capacity.
struct SessionSpend {
  int64_t read_half_units = 0;
  int64_t write_half_units = 0;
  int64_t calls = 0;
};

// `text` whole when it has at most `max_bytes` bytes; else its first bytes (cut at a UTF-8
// character boundary) followed by "… (12,345 bytes cut)".
std::string CutText(const std::string& text, size_t max_bytes = kMaxEventTextBytes);

class EventFeed {
 public:
  // Keeps the last `keep` events for browsers that reconnect, and the last `keep` calls for
  // browsers that open the page later, each list within `max_bytes` of JSON.
  explicit EventFeed(size_t keep = 1000, size_t max_bytes = kMaxFeedBytes)
      : keep_(keep), max_bytes_(max_bytes) {}

  // Publishes one event, each of its texts cut to kMaxEventTextBytes (CutText). A "call" event
  // adds its "rcu" and "wcu" to what the session spent, and its data gets its "seq" (1, 2, ...
  // over the calls) and "session": the spend so far, this call included.
  void Publish(const std::string& type, wire::Json data);
  // Adds a call that is not published to what the session spent (a shell counts the calls it
  // ran before its page started).
  void Count(int64_t read_half_units, int64_t write_half_units);

  // The kept events after `after` (every kept one when `after` is older than them), waiting up
  // to `wait` for one when there are none yet. Empty when none came.
  std::vector<PageEvent> After(uint64_t after, std::chrono::milliseconds wait);
  // The id of the newest event (0 before the first).
  uint64_t last_id() const;
  // {"calls": [...], "last_event": id, "session": spend}: the kept calls, oldest first, the
  // newest event's id, and what the session spent.
  std::string CallsJson() const;

 private:
  struct Kept {
    uint64_t id;
    std::string type;
    std::shared_ptr<const std::string> data;  // shared by events_ and calls_
  };
  wire::Json SpendJson() const;

  const size_t keep_;
  const size_t max_bytes_;
  mutable std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<Kept> events_;
  size_t event_bytes_ = 0;
  std::deque<std::shared_ptr<const std::string>> calls_;  // each call's JSON text
  size_t call_bytes_ = 0;
  uint64_t next_id_ = 1;
  uint64_t next_call_ = 1;
  SessionSpend spend_;
};

}  // namespace ddblab::shell::page
