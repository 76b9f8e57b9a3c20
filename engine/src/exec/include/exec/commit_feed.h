// Commit notifications (Engine::Subscribe): the changes a write notes under the engine's lock,
// and their delivery to subscribers once the lock is released.
#pragma once

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/effect.h"
#include "storage/storage.h"

namespace ddblab {

// One change as a write notes it (exec/write_path.cc), before the engine turns it into an
// ItemChange (with its stream record in GetRecords' form) at the end of the lock.
struct PendingChange {
  std::string table;
  std::optional<Item> before, after;
  bool by_time_to_live = false;
  std::optional<StreamRecordRow> row;  // what the write appended to the table's stream
};

// The subscribers and the commits waiting for them. Delivery runs on one thread at a time:
// a commit made while subscribers are being told (a subscriber's own write, another thread's)
// is queued, and the thread already delivering tells them of it when they return, so a
// subscriber that writes never recurses into itself and no lock is held around a subscriber.
class CommitFeed {
 public:
  // Whether anyone listens: writes note their changes only then. Read without a lock.
  bool wanted() const { return subscribers_count_.load(std::memory_order_relaxed) > 0; }

  int Subscribe(CommitSubscriber subscriber);
  void Unsubscribe(int id);

  // Queues `commit` and, unless another call is delivering already, delivers until the queue is
  // empty. Called with the engine's lock released.
  void Deliver(Commit commit);

 private:
  std::mutex subscribers_mutex_;
  std::map<int, CommitSubscriber> subscribers_;
  int next_id_ = 1;
  std::atomic<int> subscribers_count_{0};

  std::mutex queue_mutex_;
  std::deque<Commit> queue_;
  bool delivering_ = false;
};

}  // namespace ddblab
