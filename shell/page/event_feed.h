// What the live page hears: a numbered stream of events (calls, "tables changed", "database
// switched", "new simulation") that any number of browsers follow, each from where it left off.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::shell::page {

struct PageEvent {
  uint64_t id = 0;   // 1, 2, 3, ... in publication order
  std::string type;  // "call", "tables", "database", "simulation"
  std::string data;  // compact JSON
};

class EventFeed {
 public:
  // Keeps the last `keep` events for browsers that reconnect, and the last `keep` calls for
  // browsers that open the page later.
  explicit EventFeed(size_t keep = 1000) : keep_(keep) {}

  // Publishes one event. A "call" event's data gets its "seq" (1, 2, ... over the calls).
  void Publish(const std::string& type, wire::Json data);

  // The kept events after `after` (every kept one when `after` is older than them), waiting up
  // to `wait` for one when there are none yet. Empty when none came.
  std::vector<PageEvent> After(uint64_t after, std::chrono::milliseconds wait);
  // The id of the newest event (0 before the first).
  uint64_t last_id() const;
  // {"calls": [...], "last_event": id}: the kept calls, oldest first, and the newest event's id.
  std::string CallsJson() const;

 private:
  const size_t keep_;
  mutable std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<PageEvent> events_;
  std::deque<std::string> calls_;  // each call's JSON text
  uint64_t next_id_ = 1;
  uint64_t next_call_ = 1;
};

}  // namespace ddblab::shell::page
