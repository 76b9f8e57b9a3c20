// `ddblab simulate SCENARIO.lua`: open-loop traffic on a virtual clock against an engine with
// the throughput model on, and what every partition served and refused (README, "Throughput
// and throttling"). The scenario is Lua run in the lessons' sandbox; each request is one
// statement run through the session's statement runner.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/throughput.h"
#include "ddblab/wire.h"
#include "lab_runtime.h"
#include "simulation/scenario_streams.h"

namespace ddblab::shell {
class Shell;
}

namespace ddblab::lab::simulate {

// Virtual time 0 of every simulation, in seconds since the epoch (fixed, so runs repeat).
inline constexpr double kStartClock = 1700000000.0;

struct SimulationResult {
  int64_t seconds = 0;
  int64_t requests = 0;
  int64_t throttled = 0;  // requests refused with a throttling error
  int64_t errors = 0;     // requests refused for any other reason
  std::string first_error;
  double wall_seconds = 0;
  // Per table and index; series seconds are virtual seconds 0..seconds-1 (setup left out), and
  // partition totals count those seconds only.
  std::vector<ThroughputResource> resources;
  // The scenario's stream handlers (present only when it declared some).
  StreamTotals streams;
};

// Loads the scenario at `path` and runs it; `seconds` overrides the scenario's. Lua's print
// writes to `lua_out`. Errors are one clear message.
Result<SimulationResult> Simulate(const std::string& path, std::optional<int64_t> seconds,
                                  std::ostream& lua_out);

// ddb.simulate{...}: runs the scenario table on top of `sandbox`'s stack (left there) with
// statement functions called in that sandbox, under its running call's limits. `files` is
// what file values may read; `engine_time` is told the seconds each statement spent in the
// engine. Refuses a scenario of more than kMaxTableRequests requests.
// The cap keeps the time a script can spend in one call to a few seconds: the engine's time is
// not counted against the script's wall-clock limit.
inline constexpr int64_t kMaxTableRequests = 300'000;
Result<SimulationResult> SimulateTable(Sandbox& sandbox, const shell::FileAccess& files,
                                       const std::function<void(double)>& engine_time);

// The last simulation that finished in one shell (`.simulate`, or ddb.simulate in one of its
// lessons), for `.heatmap`. Each shell has its own; RegisterLabExtensions shares it between the
// dot-commands that fill and read it.
struct SimulationShelf {
  std::optional<SimulationResult> last;
  // Told of each simulation put on the shelf (the live page shows it).
  std::function<void(const SimulationResult&)> on_change;
  void Put(const SimulationResult& r) {
    last = r;
    if (on_change) on_change(r);
  }
};

std::string RenderJson(const SimulationResult& r);
wire::Json ResultJson(const SimulationResult& r);  // what RenderJson prints
std::string RenderText(const SimulationResult& r);
// The heat map of `table` and its indexes only (all tables when empty); an unknown table gives
// an empty string.
std::string RenderHeatmap(const SimulationResult& r, const std::string& table);
std::string RenderSvg(const SimulationResult& r);

// Adds `.simulate` and `.heatmap` to a shell, keeping the last result on `shelf`.
void RegisterSimulateDotCommands(shell::Shell& shell, std::shared_ptr<SimulationShelf> shelf);

// `ddblab simulate ARGS...` (argv[0] is "simulate"); returns the exit status.
int RunSimulateCommand(int argc, char** argv);

}  // namespace ddblab::lab::simulate
