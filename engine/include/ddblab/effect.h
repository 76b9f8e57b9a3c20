// What a call did and what a commit changed, as the engine knew it. Two views of the same writes:
//   * Effect: one call's, on its CallResult (call.h) — the plans of the PartiQL statements it
//     ran and every item it wrote or checked, with the images before and after;
//   * Commit: one commit's, handed to Engine::Subscribe's subscribers after the engine's lock is
//     released — every item changed, with the record it appended to the table's stream.
// Neither is on the wire: DynamoDB's responses are unchanged.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/model/streams.h"
#include "ddblab/plan.h"
#include "ddblab/value.h"

namespace ddblab {

// One item a call wrote or checked. `after` is what the engine holds once the call is over: the
// same as `before` when nothing was written (a failed condition, a ConditionCheck, a cancelled
// transaction, a write refused by the throughput model).
struct ItemEffect {
  std::string action;  // "PutItem", "UpdateItem", "DeleteItem" or "ConditionCheck"
  std::string table;
  Key key;                     // the item's primary key attributes
  std::optional<Item> before;  // nullopt: no item at the key
  std::optional<Item> after;
  bool written = false;  // the call stored `after` (a put of an identical item counts)
};

// One call's effect.
struct Effect {
  // A PartiQL call's statements, in the request's order, each as the request it planned into
  // (nullopt for one that was not planned: it did not parse, or named an unknown table). Empty
  // for the other operations, whose request is the planned one.
  std::vector<std::optional<Plan>> statements;
  // In the order the engine evaluated them.
  std::vector<ItemEffect> items;
};

// While a CaptureEffect lives, the calls this thread makes on an embedded engine note their
// effect into `into` (ExecuteRequest captures each call's). Captures nest: the innermost one
// receives.
class CaptureEffect {
 public:
  explicit CaptureEffect(Effect* into) : outer_(current_) { current_ = into; }
  ~CaptureEffect() { current_ = outer_; }
  CaptureEffect(const CaptureEffect&) = delete;
  CaptureEffect& operator=(const CaptureEffect&) = delete;
  // Where this thread's calls note their effect now; null when nothing captures.
  static Effect* Current() { return current_; }

 private:
  Effect* outer_;
  static thread_local Effect* current_;
};

// One item a commit changed.
struct ItemChange {
  std::string table;
  std::optional<Item> before;  // nullopt: the write created the item
  std::optional<Item> after;   // nullopt: the write deleted it
  bool by_time_to_live = false;
  // The record the change appended to the table's enabled stream, as GetRecords returns it, and
  // where it lives; unset when the table has no stream or the write changed nothing (DynamoDB
  // writes no record for it).
  std::optional<StreamRecord> record;
  std::string stream_arn;
  std::string shard_id;
  std::string parent_shard_id;  // empty for a shard of the stream's first generation
};

// What one commit changed: a write call's items, a transaction's, a Time to Live sweep's.
struct Commit {
  std::vector<ItemChange> changes;
  // The streams that ended with their table (DeleteTable), by ARN: no record will follow.
  std::vector<std::string> ended_streams;
  double time = 0;  // the engine's clock when it committed
};

// Told of every commit, in commit order, on the thread of a call that committed, after the
// engine's lock is released. It may call the engine, writes included: the commits those make are
// queued and delivered once it returns, never inside it.
using CommitSubscriber = std::function<void(const Commit&)>;

}  // namespace ddblab
