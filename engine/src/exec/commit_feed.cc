#include "exec/commit_feed.h"

#include <utility>

namespace ddblab {

int CommitFeed::Subscribe(CommitSubscriber subscriber) {
  std::lock_guard lock(subscribers_mutex_);
  const int id = next_id_++;
  subscribers_.emplace(id, std::move(subscriber));
  subscribers_count_.store(static_cast<int>(subscribers_.size()), std::memory_order_relaxed);
  return id;
}

void CommitFeed::Unsubscribe(int id) {
  std::lock_guard lock(subscribers_mutex_);
  subscribers_.erase(id);
  subscribers_count_.store(static_cast<int>(subscribers_.size()), std::memory_order_relaxed);
}

void CommitFeed::Deliver(Commit commit) {
  {
    std::lock_guard lock(queue_mutex_);
    queue_.push_back(std::move(commit));
    if (delivering_) return;
    delivering_ = true;
  }
  for (;;) {
    Commit next;
    {
      std::lock_guard lock(queue_mutex_);
      if (queue_.empty()) {
        delivering_ = false;
        return;
      }
      next = std::move(queue_.front());
      queue_.pop_front();
    }
    // A copy, so a subscriber may subscribe or unsubscribe while it is told.
    std::vector<CommitSubscriber> told;
    {
      std::lock_guard lock(subscribers_mutex_);
      for (const auto& [id, s] : subscribers_) told.push_back(s);
    }
    // What a subscriber writes is its own, not part of the call whose commit it is told of.
    CaptureEffect not_the_call(nullptr);
    for (const CommitSubscriber& s : told) s(next);
  }
}

}  // namespace ddblab
