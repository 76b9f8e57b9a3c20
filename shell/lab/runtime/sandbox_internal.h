// Internals shared by the files of shell/lab/: the sandbox's state, reachable from Lua through
// the allocator's user data (so no global variable holds host context).
#pragma once

#include <chrono>
#include <lua.hpp>
#include <ostream>
#include <string>

#include "lab_runtime.h"

namespace ddblab::lab {

struct Sandbox::Impl {
  lua_State* L = nullptr;
  SandboxLimits limits;
  std::ostream* out = nullptr;
  size_t used = 0;
  bool enforce_memory = false;
  bool memory_exceeded = false;
  int depth = 0;
  int64_t instructions = 0;
  LuaOutcome stop = LuaOutcome::kOk;
  std::chrono::steady_clock::time_point started;
  Sandbox::SimulationObserver simulation_observer;
  // The ddb API's context (set by InstallDdbApi).
  wire::Client* client = nullptr;
  shell::FileAccess files;
  Sandbox* owner = nullptr;
  // Results and errors of C functions are staged here so that nothing C++ is alive in a C
  // function's frame when it pushes into Lua or raises.
  wire::Json stash;
  std::string stash_error;
};

Sandbox::Impl* ImplOf(lua_State* L);

// Counts `units` of work against the running call's budget (the instruction hook charges 1000
// per call; C functions that loop, such as pattern matching, charge their own steps). When the
// instruction budget or the wall-clock limit is spent, raises a Lua error and makes every later
// instruction raise too. Call only where a Lua error may be raised (no live C++ objects).
void ChargeWork(lua_State* L, int64_t units);

// Replaces string.find, match, gmatch and gsub with versions whose matching charges its work
// (shell/lab/runtime/bounded_patterns.cc): the stock matcher can backtrack for hours inside one C
// call, where no instruction hook runs.
void InstallBoundedPatterns(lua_State* L);

// The light userdata that stands for JSON null (exposed to Lua as ddb.null).
void* NullMarker();

}  // namespace ddblab::lab
