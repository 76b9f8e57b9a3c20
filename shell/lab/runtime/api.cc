// The `ddb` table Lua code uses to run statements and read table state. Each C function here
// is a thin wrapper: the C++ work happens in a helper that catches everything and stages its
// result in the sandbox (Impl::stash), so the wrapper's frame holds no C++ object when it
// pushes the result or raises.
#include <lua.hpp>

#include "lab_runtime.h"
#include "sandbox_internal.h"
#include "shell/lab/prelude/ddb_lua.h"
#include "shell/lab/prelude/stream_filter_lua.h"
#include "shell/lab/prelude/stream_lua.h"
#include "shell/session/boundary.h"
#include "simulation/simulate.h"
#include "streams/commit_inbox.h"

namespace ddblab::lab {

namespace {

std::string ErrorText(const Error& e) {
  std::string s(ErrorTypeName(e.type));
  if (!e.message.empty()) s += ": " + e.message;
  for (size_t i = 0; i < e.cancellation_reasons.size(); ++i) {
    const auto& r = e.cancellation_reasons[i];
    s += (i == 0 ? " [" : ", ") + r.code;
    if (i + 1 == e.cancellation_reasons.size()) s += "]";
  }
  return s;
}

// Stages the record (or, when `raise` and it failed, the error text). False means "raise".
// `effects`: a statement's record carries what it did (the normalized fields lesson checks
// read); a raw call's (ddb.call: setups, seeds, reads) does not need them, and reading back
// every seeded item would double a setup's work.
bool StageRecord(Sandbox::Impl* impl, const StatementRecord& rec, bool raise, bool effects) {
  if (!rec.ok && raise) {
    impl->stash_error = ErrorText(rec.error);
    if (!rec.hint.empty()) impl->stash_error += " (" + rec.hint + ")";
    if (!rec.input.empty()) impl->stash_error += "\n  in: " + rec.input;
    return false;
  }
  impl->stash =
      effects && impl->client != nullptr ? RecordToJson(rec, *impl->client) : RecordToJson(rec);
  return true;
}

bool DoRun(Sandbox::Impl* impl, const char* s, size_t n, bool raise) {
  try {
    if (impl->client == nullptr) {
      impl->stash_error = "ddb: no database is connected here (lesson files declare, setup runs)";
      return false;
    }
    StatementRecord rec = RunStatement(*impl->client, std::string_view(s, n), impl->files);
    return StageRecord(impl, rec, raise, true);
  } catch (const std::exception& e) {
    impl->stash_error = std::string("ddb: ") + e.what();
    return false;
  }
}

bool DoCall(Sandbox::Impl* impl, lua_State* L, bool raise) {
  try {
    if (impl->client == nullptr) {
      impl->stash_error = "ddb: no database is connected here (lesson files declare, setup runs)";
      return false;
    }
    if (lua_type(L, 1) != LUA_TSTRING || lua_type(L, 2) != LUA_TTABLE) {
      impl->stash_error = "ddb.call(operation, request): expected a string and a table";
      return false;
    }
    std::string op = lua_tostring(L, 1);
    auto body = impl->owner->ToJson(2);
    if (!body.ok()) {
      impl->stash_error = "ddb.call: " + body.error().message;
      return false;
    }
    StatementRecord rec = RunCall(*impl->client, op, body.value());
    return StageRecord(impl, rec, raise, false);
  } catch (const std::exception& e) {
    impl->stash_error = std::string("ddb: ") + e.what();
    return false;
  }
}

// ddb.partitions and ddb.set_partitions: ddblab's partition operations through the client, so
// they work wherever the client answers them and fail clearly over an endpoint.
bool DoPartitionCall(Sandbox::Impl* impl, std::string_view operation, const wire::Json& body,
                     const char* what) {
  try {
    if (impl->client == nullptr) {
      impl->stash_error = std::string(what) + ": no database is connected here";
      return false;
    }
    wire::JsonResult res = impl->client->Call(operation, body);
    if (!res.ok) {
      impl->stash_error = ErrorText(res.error);
      return false;
    }
    if (operation == wire::kSetPartitionCountOperation) {
      impl->stash = true;
    } else {
      impl->stash = std::move(res.body);
    }
    return true;
  } catch (const std::exception& e) {
    impl->stash_error = std::string(what) + ": " + e.what();
    return false;
  }
}

bool DoPartitions(Sandbox::Impl* impl, const char* table, const char* index) {
  wire::Json body = {{"TableName", table}};
  if (index != nullptr) body["IndexName"] = index;
  return DoPartitionCall(impl, wire::kDescribePartitionsOperation, body, "ddb.partitions");
}

bool DoSetPartitions(Sandbox::Impl* impl, const char* table, lua_Integer n) {
  return DoPartitionCall(impl, wire::kSetPartitionCountOperation,
                         wire::Json{{"TableName", table}, {"PartitionCount", n}},
                         "ddb.set_partitions");
}

// ddb.simulate: the scenario table is at the top of the stack. The engine's time is kept out of
// the calling script's wall-clock limit (the simulation is bounded by its request cap instead),
// so that a lesson's simulation does not depend on the machine's speed; its statement
// functions still run under the script's budget.
bool DoSimulate(Sandbox::Impl* impl) {
  bool saved = impl->enforce_memory;
  try {
    // Reading the table must not raise: the prelude copied it into plain tables, and memory is
    // not refused while C++ objects are alive here (PCall enforces it again for the functions).
    impl->enforce_memory = false;
    auto result = simulate::SimulateTable(*impl->owner, impl->files, [impl](double seconds) {
      impl->started += std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(seconds));
    });
    impl->enforce_memory = saved;
    if (!result.ok()) {
      impl->stash_error = "ddb.simulate: " + result.error().message;
      return false;
    }
    if (impl->simulation_observer) impl->simulation_observer(*result);
    impl->stash = simulate::ResultJson(*result);
    return true;
  } catch (const std::exception& e) {
    impl->enforce_memory = saved;
    impl->stash_error = std::string("ddb.simulate: ") + e.what();
    return false;
  }
}

int RaiseStashed(lua_State* L, Sandbox::Impl* impl) {
  lua_pushlstring(L, impl->stash_error.data(), impl->stash_error.size());
  impl->stash_error.clear();
  return lua_error(L);
}

int PushStashed(lua_State* L, Sandbox::Impl* impl) {
  impl->owner->PushJson(impl->stash);
  impl->stash = nullptr;
  (void)L;
  return 1;
}

int RunImpl(lua_State* L, bool raise) {
  size_t n = 0;
  const char* s = luaL_checklstring(L, 1, &n);
  Sandbox::Impl* impl = ImplOf(L);
  if (!DoRun(impl, s, n, raise)) return RaiseStashed(L, impl);
  return PushStashed(L, impl);
}
int LRun(lua_State* L) { return RunImpl(L, true); }
int LTry(lua_State* L) { return RunImpl(L, false); }

int CallImpl(lua_State* L, bool raise) {
  Sandbox::Impl* impl = ImplOf(L);
  if (!DoCall(impl, L, raise)) return RaiseStashed(L, impl);
  return PushStashed(L, impl);
}
int LCall(lua_State* L) { return CallImpl(L, true); }
int LTryCall(lua_State* L) { return CallImpl(L, false); }

int LPartitions(lua_State* L) {
  const char* table = luaL_checkstring(L, 1);
  const char* index = luaL_optstring(L, 2, nullptr);
  Sandbox::Impl* impl = ImplOf(L);
  if (!DoPartitions(impl, table, index)) return RaiseStashed(L, impl);
  return PushStashed(L, impl);
}

int LSetPartitions(lua_State* L) {
  const char* table = luaL_checkstring(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  Sandbox::Impl* impl = ImplOf(L);
  if (!DoSetPartitions(impl, table, n)) return RaiseStashed(L, impl);
  return PushStashed(L, impl);
}

int LSimulate(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  Sandbox::Impl* impl = ImplOf(L);
  if (!DoSimulate(impl)) return RaiseStashed(L, impl);
  return PushStashed(L, impl);
}

// ddb._statements(text): the statements of a text by the shell's one boundary rule (a list of
// strings), so ddb.script splits lesson code as a script or an answers file would.
int LStatements(lua_State* L) {
  size_t n = 0;
  const char* s = luaL_checklstring(L, 1, &n);
  std::vector<shell::StatementText> statements = shell::SplitStatements(std::string_view(s, n));
  lua_createtable(L, static_cast<int>(statements.size()), 0);
  for (size_t i = 0; i < statements.size(); ++i) {
    lua_pushlstring(L, statements[i].text.data(), statements[i].text.size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

// ddb.json_decode(text): JSON text as Lua values (null -> ddb.null), or nil and a message (stream
// handlers' filter patterns, which Lambda takes as JSON text).
bool DoJsonDecode(Sandbox::Impl* impl, const char* s, size_t n) {
  try {
    wire::Json j = wire::ParseJson(std::string_view(s, n));
    if (j.is_discarded()) {
      impl->stash_error = "malformed JSON";
      return false;
    }
    impl->stash = std::move(j);
    return true;
  } catch (const std::exception& e) {
    impl->stash_error = e.what();
    return false;
  }
}

int LJsonDecode(lua_State* L) {
  size_t n = 0;
  const char* s = luaL_checklstring(L, 1, &n);
  Sandbox::Impl* impl = ImplOf(L);
  if (!DoJsonDecode(impl, s, n)) {
    lua_pushnil(L);
    lua_pushlstring(L, impl->stash_error.data(), impl->stash_error.size());
    impl->stash_error.clear();
    return 2;
  }
  return PushStashed(L, impl);
}

// Runs one embedded prelude chunk with `nargs` values below it on the stack; leaves its one
// result (nil when it failed, after saying why on the sandbox's output).
void RunPrelude(Sandbox& sb, std::ostream& out, std::string_view code, const char* name,
                int nargs) {
  lua_State* L = sb.state();
  if (luaL_loadbufferx(L, code.data(), code.size(), name, "t") != LUA_OK) {
    out << name + 1 << " prelude: " << lua_tostring(L, -1) << "\n";
    lua_pop(L, 1 + nargs);
    lua_pushnil(L);
    return;
  }
  lua_insert(L, -1 - nargs);
  LuaStatus st = sb.PCall(nargs, 1);
  if (!st.ok()) {
    out << name + 1 << " prelude: " << st.message << "\n";
    lua_pushnil(L);
  }
}

}  // namespace

void Sandbox::InstallDdbApi(wire::Client& client, shell::FileAccess files) {
  impl_->client = &client;
  impl_->files = std::move(files);
  lua_State* L = impl_->L;
  bool saved = impl_->enforce_memory;
  impl_->enforce_memory = false;
  lua_newtable(L);
  const luaL_Reg fns[] = {{"run", LRun},
                          {"try", LTry},
                          {"call", LCall},
                          {"try_call", LTryCall},
                          {"partitions", LPartitions},
                          {"set_partitions", LSetPartitions},
                          {"_simulate", LSimulate},      // wrapped by ddb.simulate (ddb.lua)
                          {"_statements", LStatements},  // used by ddb.script (ddb.lua)
                          {"json_decode", LJsonDecode},
                          {"_commit_inbox", streams::OpenCommitInbox},  // taken by stream.lua
                          {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pushlightuserdata(L, NullMarker());
  lua_setfield(L, -2, "null");
  lua_setglobal(L, "ddb");
  lua_getglobal(L, "print");
  lua_setglobal(L, "say");
  impl_->enforce_memory = saved;
  // Helpers written in Lua on top of the C functions (shell/lab/prelude/ddb.lua), then stream
  // handlers (stream.lua, with Lambda's event filtering from stream_filter.lua) as ddb.stream.
  lua_getglobal(L, "ddb");
  RunPrelude(*this, *impl_->out, embedded::kDdbLua, "=ddb", 1);
  lua_pop(L, 1);
  lua_getglobal(L, "ddb");
  RunPrelude(*this, *impl_->out, embedded::kStreamFilterLua, "=stream_filter", 1);
  lua_getglobal(L, "ddb");
  lua_insert(L, -2);
  RunPrelude(*this, *impl_->out, embedded::kStreamLua, "=stream", 2);
  lua_getglobal(L, "ddb");
  lua_insert(L, -2);
  lua_setfield(L, -2, "stream");
  lua_pop(L, 1);
}

wire::Client* Sandbox::BindDdbClient(wire::Client* client, std::optional<shell::FileAccess> files) {
  wire::Client* previous = impl_->client;
  lua_State* L = impl_->L;
  const bool installed = lua_getglobal(L, "ddb") == LUA_TTABLE;
  lua_pop(L, 1);
  if (!installed && client != nullptr) {
    InstallDdbApi(*client, files ? *files : impl_->files);
    return previous;
  }
  impl_->client = client;
  if (files) impl_->files = std::move(*files);
  return previous;
}

}  // namespace ddblab::lab
