#include "simulation/simulate.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <lua.hpp>
#include <memory>
#include <queue>
#include <set>
#include <utility>

#include "ddblab/engine.h"
#include "ddblab/wire.h"
#include "lab_runtime.h"

namespace ddblab::lab::simulate {
namespace {

// A scenario's longest run: a day of virtual time.
constexpr int64_t kMaxSeconds = 86400;

struct Client {
  double rate = 0;
  int function_ref = LUA_NOREF;  // statement = function(i, t)
  std::string text;              // statement = "..." (the same every time)
};

struct Scenario {
  std::vector<std::string> setup;
  int64_t seconds = 60;
  std::vector<Client> clients;
  int streams_ref = LUA_NOREF;  // the `streams` list: ddb.stream.attach specs
};

Error Fail(std::string message) { return ValidationError(std::move(message)); }

// Every key of the table at `index` must be one of `allowed`: a misspelt field is refused rather
// than ignored.
Status CheckKeys(lua_State* L, int index, const std::set<std::string>& allowed,
                 const std::string& what) {
  index = lua_absindex(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    lua_pop(L, 1);
    std::string key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    if (!allowed.count(key)) {
      lua_pop(L, 1);
      std::string names;
      for (const auto& a : allowed) names += (names.empty() ? "" : ", ") + a;
      return Fail(what + " has an unknown field " +
                  (key.empty() ? std::string("(not a name)") : "'" + key + "'") +
                  "; the fields are " + names);
    }
  }
  return OkStatus();
}

Result<Scenario> ReadScenario(lua_State* L) {
  Scenario s;
  if (!lua_istable(L, -1))
    return Fail("the scenario must return a table {setup, seconds, clients, streams}");
  DDB_TRY(CheckKeys(L, -1, {"setup", "seconds", "clients", "streams"}, "the scenario"));
  lua_getfield(L, -1, "setup");
  if (lua_istable(L, -1)) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 2);
        return Fail("setup[" + std::to_string(i) + "] must be a statement (a string)");
      }
      s.setup.emplace_back(lua_tostring(L, -1));
      lua_pop(L, 1);
    }
  } else if (!lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return Fail("setup must be a list of statements");
  }
  lua_pop(L, 1);
  lua_getfield(L, -1, "seconds");
  if (!lua_isnil(L, -1)) {
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum || v < 1 || v > kMaxSeconds) {
      lua_pop(L, 1);
      return Fail("seconds must be a whole number from 1 to " + std::to_string(kMaxSeconds));
    }
    s.seconds = v;
  }
  lua_pop(L, 1);
  lua_getfield(L, -1, "streams");
  if (lua_istable(L, -1)) {
    s.streams_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  } else if (!lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return Fail(
        "streams must be a list of handlers {table = ..., handler = function(event) ... end, ...}");
  } else {
    lua_pop(L, 1);
  }
  lua_getfield(L, -1, "clients");
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    return Fail("clients must be a list of {rate = N, statement = function(i, t) ... end}");
  }
  lua_Integer n = luaL_len(L, -1);
  for (lua_Integer i = 1; i <= n; ++i) {
    std::string name = "clients[" + std::to_string(i) + "]";
    lua_rawgeti(L, -1, i);
    if (!lua_istable(L, -1)) {
      lua_pop(L, 2);
      return Fail(name + " must be a table {rate = N, statement = ...}");
    }
    if (Status st = CheckKeys(L, -1, {"rate", "statement"}, name); !st.ok()) {
      lua_pop(L, 2);
      return st.error();
    }
    Client c;
    lua_getfield(L, -1, "rate");
    int isnum = 0;
    c.rate = lua_tonumberx(L, -1, &isnum);
    lua_pop(L, 1);
    // A million requests per virtual second is far beyond any table's partitions.
    if (!isnum || !(c.rate > 0) || c.rate > 1e6) {
      lua_pop(L, 2);
      return Fail(name +
                  ".rate must be a number of requests per second above 0 (at most "
                  "1000000)");
    }
    lua_getfield(L, -1, "statement");
    if (lua_isfunction(L, -1)) {
      c.function_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
      c.text = lua_tostring(L, -1);
      lua_pop(L, 1);
    } else {
      lua_pop(L, 3);
      return Fail(name +
                  ".statement must be a function(i, t) returning a statement, or a "
                  "statement");
    }
    lua_pop(L, 1);
    s.clients.push_back(std::move(c));
  }
  lua_pop(L, 1);
  if (s.clients.empty()) return Fail("clients must name at least one client");
  return s;
}

bool IsThrottle(const Error& e) {
  // A throttled transaction is a TransactionCanceledException that keeps its throttling reasons.
  return e.type == ErrorType::kProvisionedThroughputExceededException ||
         e.type == ErrorType::kThrottlingException || !e.throttling_reasons.empty();
}

// Keeps the virtual seconds [0, seconds) and recomputes each partition's totals from them.
std::vector<ThroughputResource> Window(const ThroughputReport& report, int64_t seconds) {
  std::vector<ThroughputResource> out = report.resources;
  int64_t shift = static_cast<int64_t>(report.first_second - kStartClock);
  for (ThroughputResource& r : out) {
    for (ThroughputPartition& p : r.partitions) {
      std::vector<ThroughputSecond> kept;
      static_cast<ThroughputCounts&>(p) = ThroughputCounts{};
      for (ThroughputSecond s : p.seconds) {
        s.second += shift;
        if (s.second < 0 || s.second >= seconds) continue;
        p.requests += s.requests;
        p.throttled += s.throttled;
        p.consumed_rcu += s.consumed_rcu;
        p.consumed_wcu += s.consumed_wcu;
        kept.push_back(s);
      }
      p.seconds = std::move(kept);
    }
  }
  return out;
}

}  // namespace

namespace {

// Releases the registry references the scenario's statement functions hold.
void ReleaseScenario(lua_State* L, Scenario& scenario) {
  if (scenario.streams_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, scenario.streams_ref);
  scenario.streams_ref = LUA_NOREF;
  for (Client& c : scenario.clients) {
    if (c.function_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, c.function_ref);
    c.function_ref = LUA_NOREF;
  }
}

// Runs a scenario read from `sandbox`'s state. `engine_time` is told how long each statement
// spent in the engine (ddb.simulate keeps that out of the calling script's time limit).
// `progress` (may be empty) hears the virtual second reached and the requests sent so far.
using Progress = std::function<void(double, int64_t)>;

Result<SimulationResult> RunScenario(Sandbox& sandbox, const Scenario& scenario,
                                     const shell::FileAccess& files,
                                     const std::function<void(double)>& engine_time,
                                     const Progress& progress = {}) {
  lua_State* L = sandbox.state();
  auto clock = std::make_shared<double>(kStartClock);
  EngineOptions options;
  options.clock = [clock] { return *clock; };
  options.model_throughput = true;
  auto opened = Engine::Open(options);
  if (!opened.ok()) return opened.error();
  std::shared_ptr<Engine> engine(std::move(*opened));
  std::unique_ptr<wire::Client> client = wire::MakeEmbeddedClient(engine, "simulation");
  // Timed only for ddb.simulate: `ddblab simulate` keeps its hot loop free of clock reads.
  auto run = [&](const std::string& text) {
    if (!engine_time) return lab::RunStatement(*client, text, files);
    auto before = std::chrono::steady_clock::now();
    StatementRecord rec = lab::RunStatement(*client, text, files);
    engine_time(std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count());
    return rec;
  };

  // Setup runs in the virtual hour before time 0, one statement per second.
  for (size_t k = 0; k < scenario.setup.size(); ++k) {
    *clock = kStartClock - 3600 + static_cast<double>(k);
    StatementRecord rec = run(scenario.setup[k]);
    if (!rec.ok) {
      return Fail("setup[" + std::to_string(k + 1) + "] failed: " + ErrorText(rec));
    }
  }

  // Stream handlers attach once the setup has made their tables, and run after each virtual
  // second's requests.
  std::unique_ptr<ScenarioStreams> streams;
  if (scenario.streams_ref != LUA_NOREF) {
    *clock = kStartClock;
    DDB_ASSIGN_OR_RETURN(streams,
                         ScenarioStreams::Attach(sandbox, scenario.streams_ref, *client, files));
  }
  int64_t next_tick = 0;
  auto tick_until = [&](double t) -> Status {
    for (; streams && static_cast<double>(next_tick) < t && next_tick < scenario.seconds;
         ++next_tick) {
      *clock = kStartClock + static_cast<double>(next_tick) + 1;
      DDB_TRY(streams->Tick(*clock));
    }
    return OkStatus();
  };

  SimulationResult result;
  result.seconds = scenario.seconds;
  auto wall_start = std::chrono::steady_clock::now();
  // Open-loop clients: client c's request i arrives at i / rate; all are merged in time order
  // (ties by client order).
  using Arrival = std::pair<double, std::pair<size_t, int64_t>>;
  std::priority_queue<Arrival, std::vector<Arrival>, std::greater<>> queue;
  for (size_t c = 0; c < scenario.clients.size(); ++c) queue.push({0.0, {c, 0}});
  double end = static_cast<double>(scenario.seconds);
  while (!queue.empty()) {
    auto [t, who] = queue.top();
    queue.pop();
    if (t >= end) continue;
    // The handlers' poll at the end of every second before this arrival.
    DDB_TRY(tick_until(std::floor(t)));
    auto [c, i] = who;
    const Client& cl = scenario.clients[c];
    queue.push({static_cast<double>(i + 1) / cl.rate, {c, i + 1}});
    *clock = kStartClock + t;
    std::string text = cl.text;
    auto where = [c = c, i = i] {
      return "clients[" + std::to_string(c + 1) + "] request " + std::to_string(i);
    };
    if (cl.function_ref != LUA_NOREF) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, cl.function_ref);
      lua_pushinteger(L, i);
      lua_pushnumber(L, t);
      LuaStatus called = sandbox.PCall(2, 1);
      if (!called.ok()) return Fail(where() + ": " + called.message);
      if (lua_type(L, -1) != LUA_TSTRING) {
        sandbox.Pop(1);
        return Fail(where() + ": the statement function must return a statement (a string)");
      }
      size_t len = 0;
      const char* s = lua_tolstring(L, -1, &len);
      text.assign(s, len);
      sandbox.Pop(1);
    }
    StatementRecord rec = run(text);
    ++result.requests;
    if (progress && (result.requests & 1023) == 0) progress(t, result.requests);
    if (rec.ok) continue;
    // A statement that does not parse would fail the same way every time: stop at once.
    if (rec.parse_error || rec.kind == shell::InputKind::kEmpty ||
        rec.kind == shell::InputKind::kDot) {
      return Fail(where() + ": " + ErrorText(rec));
    }
    if (IsThrottle(rec.error)) {
      ++result.throttled;
    } else {
      if (result.errors == 0) result.first_error = where() + ": " + ErrorText(rec);
      ++result.errors;
    }
  }
  DDB_TRY(tick_until(end));
  if (streams) result.streams = streams->totals();
  result.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  result.resources = Window(engine->DescribeThroughput(), scenario.seconds);
  return result;
}

}  // namespace

Result<SimulationResult> Simulate(const std::string& path, std::optional<int64_t> seconds,
                                  std::ostream& lua_out) {
  std::unique_ptr<Sandbox> sandbox = Sandbox::Create(SandboxLimits{}, lua_out);
  if (!sandbox) return Fail("cannot start the Lua sandbox");
  LuaStatus loaded = sandbox->RunFile(path, 1);
  if (!loaded.ok()) return Fail(loaded.message);
  lua_State* L = sandbox->state();
  DDB_ASSIGN_OR_RETURN(Scenario scenario, ReadScenario(L));
  lua_pop(L, 1);
  if (seconds) {
    if (*seconds < 1 || *seconds > kMaxSeconds) {
      return Fail("--seconds must be a whole number from 1 to " + std::to_string(kMaxSeconds));
    }
    scenario.seconds = *seconds;
  }
  // File values in statements may read only the scenario's own folder, as a lesson's do.
  std::string folder = std::filesystem::absolute(path).parent_path().string();
  // A long run shows how far it got on the terminal (stderr), whatever stdout goes to.
  Progress progress;
  bool drew = false;
  if (isatty(STDERR_FILENO) == 1) {
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    progress = [&drew, last, total = scenario.seconds](double t, int64_t requests) {
      auto now = std::chrono::steady_clock::now();
      if (now - *last < std::chrono::milliseconds(250)) return;
      *last = now;
      std::fprintf(stderr, "\rsimulating: %.0f of %lld virtual seconds, %lld requests\x1b[K", t,
                   static_cast<long long>(total), static_cast<long long>(requests));
      drew = true;
    };
  }
  auto result =
      RunScenario(*sandbox, scenario, shell::FileAccess::ConfinedTo(folder), nullptr, progress);
  if (drew) std::fprintf(stderr, "\r\x1b[K");
  return result;
}

Result<SimulationResult> SimulateTable(Sandbox& sandbox, const shell::FileAccess& files,
                                       const std::function<void(double)>& engine_time) {
  lua_State* L = sandbox.state();
  auto scenario = ReadScenario(L);
  if (!scenario.ok()) return scenario.error();
  double expected = 0;
  for (const Client& c : scenario->clients) {
    expected += c.rate * static_cast<double>(scenario->seconds);
  }
  Result<SimulationResult> result = Fail("");
  if (expected > static_cast<double>(kMaxTableRequests)) {
    result = Fail("a simulation from Lua runs at most " + std::to_string(kMaxTableRequests) +
                  " requests (rate times seconds, over all clients); use `ddblab simulate` "
                  "for longer runs");
  } else {
    result = RunScenario(sandbox, *scenario, files, engine_time);
  }
  ReleaseScenario(L, *scenario);
  return result;
}

}  // namespace ddblab::lab::simulate
