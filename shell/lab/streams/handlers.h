// The host side of stream handlers (shell/lab/prelude/stream.lua): attaching handler files,
// running what is attached, and saying what the handlers did in one or two lines. Every sandbox
// with the ddb API has its own handlers (ddb.stream); these functions drive a sandbox's.
#pragma once

#include <string>
#include <string_view>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "lab_runtime.h"

namespace ddblab::lab::streams {

// Attaches the handler defined by Lua `code` (a chunk returning a function, or a table of
// ddb.stream.attach fields without `table`) to `table`. `options` holds attach fields that win
// over the chunk's (the shell's command-line options); `default_name` names the handler when
// neither does. Returns the handler's name.
Result<std::string> AttachHandlerCode(Sandbox& sandbox, const std::string& table,
                                      std::string_view code, const std::string& chunk_name,
                                      const wire::Json& options, const std::string& default_name);

// Detaches `table`'s handlers (only `name` when not empty); returns how many.
Result<int> DetachHandlers(Sandbox& sandbox, const std::string& table, const std::string& name);

// How many handlers are attached (0 when the sandbox has no ddb API).
int AttachedHandlers(Sandbox& sandbox);

// Runs the attached handlers until caught up: `now` is the engine's clock (batching windows,
// iterator age; 0: the machine's clock); `force` delivers batches their window still holds.
// Returns ddb.stream.run's summary (lessons/README.md, `r.stream`).
Result<wire::Json> RunHandlers(Sandbox& sandbox, double now, bool force);

// Two runs' summaries as one (a lesson's own handlers and the shell's, after one statement):
// counts summed, the iterator age the larger, the handlers and errors of both.
wire::Json MergeSummaries(const wire::Json& a, const wire::Json& b);

// Runs told as one, for a log that reports a while of handling at once: each handler's counts
// summed, its state (records waiting, blocked shards, iterator age, last error) as the later run
// left it, the errors of both.
wire::Json CombineRuns(const wire::Json& earlier, const wire::Json& later);

// Whether a run needs telling now rather than with the next report: a failed or discarded
// batch, a broken handler, an error. (A shard blocked by a failing batch was told when it
// failed; it is told again with each retry that fails.)
bool RunNeedsTelling(const wire::Json& summary);

// The attached handlers with their settings and totals (ddb.stream.list()).
Result<wire::Json> ListHandlers(Sandbox& sandbox);

// What a run did, as lines for the shell (empty when nothing happened):
//   stream app-main -> counter: 2 invocations, 3 records (4 filtered out), 1 write, 1 WCU
//   stream app-main -> counter: batch failed (attempt 2): <error>; 3 records wait, iterator age 5 s
std::string DescribeRun(const wire::Json& summary);

}  // namespace ddblab::lab::streams
