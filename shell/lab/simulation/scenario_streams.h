// A scenario's stream handlers (`streams = {{table = ..., handler = function(event) ... end,
// ...}}`), run on the simulation's virtual clock: once per virtual second, after that second's
// requests, like a Lambda poller. Their reads and writes go to the simulated engine, so they
// consume capacity on its partitions and can be throttled; a throttled write fails its batch,
// which is retried and holds its shard while the iterator age grows.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "lab_runtime.h"

namespace ddblab::lab::simulate {

// What the handlers did over a whole simulation.
struct StreamTotals {
  bool present = false;  // the scenario declared handlers
  int64_t invocations = 0, records = 0, filtered = 0, failed = 0, discarded = 0;
  int64_t calls = 0, writes = 0;
  double capacity = 0;
  int64_t pending = 0;  // records still waiting when the simulation ended
  double max_iterator_age = 0;
  std::vector<double> iterator_age;  // at the end of each virtual second
  std::string first_error;
};

class ScenarioStreams {
 public:
  // Binds the sandbox's ddb API to `client` (installing it when the sandbox has none) and
  // attaches every spec of the list at registry reference `specs_ref` to a runtime of its own.
  static Result<std::unique_ptr<ScenarioStreams>> Attach(Sandbox& sandbox, int specs_ref,
                                                         wire::Client& client,
                                                         const shell::FileAccess& files);
  // Gives the sandbox its ddb binding back.
  ~ScenarioStreams();
  ScenarioStreams(const ScenarioStreams&) = delete;
  ScenarioStreams& operator=(const ScenarioStreams&) = delete;

  // Runs the handlers at virtual time `now` (the engine's clock already set to it).
  Status Tick(double now);
  const StreamTotals& totals() const { return totals_; }

 private:
  ScenarioStreams(Sandbox& sandbox, wire::Client* previous)
      : sandbox_(sandbox), previous_(previous) {}
  Sandbox& sandbox_;
  wire::Client* previous_;
  int runtime_ref_ = -1;
  StreamTotals totals_;
};

}  // namespace ddblab::lab::simulate
