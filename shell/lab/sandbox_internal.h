// Internals shared by the files of shell/lab/: the sandbox's state, reachable from Lua through
// the allocator's user data (so no global variable holds host context).
#pragma once

#include <chrono>
#include <lua.hpp>
#include <ostream>
#include <string>

#include "shell/lab/lab_runtime.h"

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

// The light userdata that stands for JSON null (exposed to Lua as ddb.null).
void* NullMarker();

}  // namespace ddblab::lab
