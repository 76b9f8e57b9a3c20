#include "event_feed.h"

namespace ddblab::shell::page {

void EventFeed::Publish(const std::string& type, wire::Json data) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (type == "call") data["seq"] = next_call_++;
    PageEvent e{next_id_++, type, data.dump(-1, ' ', false, wire::Json::error_handler_t::replace)};
    if (type == "call") {
      calls_.push_back(e.data);
      if (calls_.size() > keep_) calls_.pop_front();
    }
    events_.push_back(std::move(e));
    if (events_.size() > keep_) events_.pop_front();
  }
  arrived_.notify_all();
}

std::vector<PageEvent> EventFeed::After(uint64_t after, std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  arrived_.wait_for(lock, wait, [&] { return next_id_ - 1 > after; });
  std::vector<PageEvent> out;
  for (const PageEvent& e : events_) {
    if (e.id > after) out.push_back(e);
  }
  return out;
}

uint64_t EventFeed::last_id() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return next_id_ - 1;
}

std::string EventFeed::CallsJson() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string out = "{\"calls\":[";
  for (size_t i = 0; i < calls_.size(); ++i) {
    if (i > 0) out += ',';
    out += calls_[i];
  }
  out += "],\"last_event\":" + std::to_string(next_id_ - 1) + "}";
  return out;
}

}  // namespace ddblab::shell::page
