// The Lua sandbox: allow-listed libraries, a capped allocator, an instruction and wall-clock
// budget, and one protected-call helper. Lua is built as C (longjmp), so every C function
// registered here keeps C++ objects in inner scopes that close before any Lua call that can
// raise, and host-side pushes run with the allocator cap lifted so they cannot raise.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <lua.hpp>
#include <sstream>
#include <unordered_set>
#include <vector>

#include "lab_runtime.h"
#include "sandbox_internal.h"

namespace ddblab::lab {

namespace {

// The hook runs every kHookEvery instructions; once a budget is exhausted it runs on every
// instruction so that a script's own pcall cannot swallow the stop.
constexpr int kHookEvery = 1000;

void* Allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* impl = static_cast<Sandbox::Impl*>(ud);
  const size_t old_size = ptr ? osize : 0;
  if (nsize == 0) {
    std::free(ptr);
    impl->used -= old_size;
    return nullptr;
  }
  if (impl->enforce_memory && nsize > old_size &&
      impl->used + (nsize - old_size) > impl->limits.memory_bytes) {
    impl->memory_exceeded = true;
    return nullptr;
  }
  void* p = std::realloc(ptr, nsize);
  if (p) impl->used = impl->used - old_size + nsize;
  return p;
}

void Hook(lua_State* L, lua_Debug*) { ChargeWork(L, kHookEvery); }

int MessageHandler(lua_State* L) {
  const char* msg = lua_tostring(L, 1);
  if (msg == nullptr) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      msg = lua_tostring(L, -1);
    } else {
      msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

// print(...) -> the sandbox's output stream, tab-separated like the stock print.
int Print(lua_State* L) {
  int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 1; i <= n; ++i) {
    luaL_tolstring(L, i, nullptr);
    if (i > 1) luaL_addchar(&b, '\t');
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  size_t len = 0;
  const char* s = lua_tolstring(L, -1, &len);
  Sandbox::Impl* impl = ImplOf(L);
  bool ok = true;
  {
    try {
      impl->out->write(s, static_cast<std::streamsize>(len));
      impl->out->put('\n');
    } catch (...) {
      ok = false;
    }
  }
  if (!ok) return luaL_error(L, "print failed");
  return 0;
}

// load(chunk [, name [, mode [, env]]]) with mode forced to text: binary chunks can crash the
// VM (the manual says Lua does not verify bytecode).
int SafeLoad(lua_State* L) {
  int env = lua_isnone(L, 4) ? 0 : 4;
  size_t len = 0;
  const char* chunkname = luaL_optstring(L, 2, "=(load)");
  int status;
  if (lua_type(L, 1) == LUA_TSTRING) {
    const char* s = lua_tolstring(L, 1, &len);
    status = luaL_loadbufferx(L, s, len, chunkname, "t");
  } else {
    return luaL_error(L, "load: only string chunks are allowed in the lab sandbox");
  }
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  if (env != 0) {
    lua_pushvalue(L, env);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  }
  return 1;
}

// setmetatable refusing __gc: finalizers run inside the collector with debug hooks switched
// off, so a looping or allocating finalizer would escape every budget. Lua marks an object for
// finalization only when its metatable has __gc at the time it is set, so checking here is
// enough; later adding __gc to the metatable does nothing.
int SafeSetMetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    int t = lua_rawget(L, 2);
    lua_pop(L, 1);
    if (t != LUA_TNIL) {
      return luaL_error(L, "setmetatable: __gc metamethods are not allowed in the lab sandbox");
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

void Remove(lua_State* L, const char* table, const char* name) {
  if (table == nullptr) {
    lua_pushnil(L);
    lua_setglobal(L, name);
    return;
  }
  lua_getglobal(L, table);
  lua_pushnil(L);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

int OpenSafeLibs(lua_State* L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  // os: only time and clock, copied into a fresh table so nothing else is reachable.
  luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 0);
  lua_newtable(L);
  lua_getfield(L, -2, "time");
  lua_setfield(L, -2, "time");
  lua_getfield(L, -2, "clock");
  lua_setfield(L, -2, "clock");
  lua_setglobal(L, "os");
  lua_pop(L, 6);

  for (const char* name :
       {"dofile", "loadfile", "collectgarbage", "rawset", "rawget", "warn", "require"}) {
    Remove(L, nullptr, name);
  }
  Remove(L, LUA_STRLIBNAME, "dump");
  InstallBoundedPatterns(L);
  lua_getglobal(L, "setmetatable");
  lua_pushcclosure(L, SafeSetMetatable, 1);
  lua_setglobal(L, "setmetatable");
  lua_pushcfunction(L, Print);
  lua_setglobal(L, "print");
  lua_pushcfunction(L, SafeLoad);
  lua_setglobal(L, "load");

  // Lock the shared string metatable: getmetatable("") returns this marker instead of the
  // table, so one script cannot change string methods for the code that runs after it.
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return 0;
}

std::string OutcomeMessage(Sandbox::Impl* impl, LuaOutcome outcome, const std::string& detail) {
  std::ostringstream m;
  switch (outcome) {
    case LuaOutcome::kMemoryLimit:
      m << "Lua script stopped: memory limit of " << (impl->limits.memory_bytes >> 10)
        << " KiB exceeded";
      break;
    case LuaOutcome::kInstructionLimit:
      m << "Lua script stopped: instruction budget of " << impl->limits.instructions
        << " exceeded (an endless loop?)";
      break;
    case LuaOutcome::kTimeLimit:
      m << "Lua script stopped: time limit of " << impl->limits.wall_seconds << " s exceeded";
      break;
    default:
      return detail;
  }
  return m.str();
}

}  // namespace

void ChargeWork(lua_State* L, int64_t units) {
  Sandbox::Impl* impl = ImplOf(L);
  if (impl->stop == LuaOutcome::kOk) {
    impl->instructions += units;
    if (impl->instructions > impl->limits.instructions) {
      impl->stop = LuaOutcome::kInstructionLimit;
    } else {
      std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - impl->started;
      if (elapsed.count() > impl->limits.wall_seconds) impl->stop = LuaOutcome::kTimeLimit;
    }
    if (impl->stop == LuaOutcome::kOk) return;
    // From now on every instruction raises again, so a script's own pcall cannot swallow it.
    lua_sethook(L, Hook, LUA_MASKCOUNT, 1);
  }
  if (impl->stop == LuaOutcome::kInstructionLimit) {
    luaL_error(L, "instruction budget exceeded");
  }
  luaL_error(L, "time limit exceeded");
}

Sandbox::Impl* ImplOf(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return static_cast<Sandbox::Impl*>(ud);
}

Sandbox::Sandbox(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Sandbox::~Sandbox() {
  if (impl_ && impl_->L) {
    impl_->enforce_memory = false;
    lua_close(impl_->L);
  }
}

std::unique_ptr<Sandbox> Sandbox::Create(const SandboxLimits& limits, std::ostream& out) {
  auto impl = std::make_unique<Impl>();
  impl->limits = limits;
  impl->out = &out;
  lua_State* L = lua_newstate(Allocate, impl.get());
  if (L == nullptr) return nullptr;
  impl->L = L;
  lua_atpanic(L, [](lua_State*) -> int { std::abort(); });
  lua_pushcfunction(L, OpenSafeLibs);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    lua_close(L);
    return nullptr;
  }
  auto sandbox = std::unique_ptr<Sandbox>(new Sandbox(std::move(impl)));
  sandbox->impl_->owner = sandbox.get();
  return sandbox;
}

LuaStatus Sandbox::PCall(int nargs, int nresults) {
  Impl* impl = impl_.get();
  lua_State* L = impl->L;
  int base = lua_gettop(L) - nargs;  // the function's index
  lua_pushcfunction(L, MessageHandler);
  lua_insert(L, base);
  // Nested calls (a C function calling back into Lua) share the outer call's budget.
  bool outer = impl->depth == 0;
  if (outer) {
    impl->instructions = 0;
    impl->stop = LuaOutcome::kOk;
    impl->memory_exceeded = false;
    impl->started = std::chrono::steady_clock::now();
    lua_sethook(L, Hook, LUA_MASKCOUNT, kHookEvery);
  }
  bool saved_enforce = impl->enforce_memory;
  impl->enforce_memory = true;
  ++impl->depth;
  int rc = lua_pcall(L, nargs, nresults, base);
  --impl->depth;
  impl->enforce_memory = saved_enforce;
  LuaStatus st;
  if (rc != LUA_OK) {
    std::string detail;
    if (lua_type(L, -1) == LUA_TSTRING) detail = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (impl->stop != LuaOutcome::kOk) {
      st.outcome = impl->stop;
    } else if (rc == LUA_ERRMEM || impl->memory_exceeded) {
      st.outcome = LuaOutcome::kMemoryLimit;
    } else {
      st.outcome = LuaOutcome::kRuntimeError;
    }
    if (rc == LUA_ERRERR && detail.empty()) detail = "error while handling an error";
    st.message = OutcomeMessage(impl, st.outcome, detail);
  }
  lua_remove(L, base);
  if (outer) {
    lua_sethook(L, nullptr, 0, 0);
    // A stop must not leak into the next call; collect what a failed or stopped script left
    // behind. A call that succeeded leaves collection to Lua's own pace: a full collection
    // after every call cost a simulation (one call per virtual request) 6% of its time.
    impl->stop = LuaOutcome::kOk;
    if (rc != LUA_OK) {
      impl->enforce_memory = false;
      lua_gc(L, LUA_GCCOLLECT);
    }
    impl->enforce_memory = saved_enforce;
  }
  return st;
}

LuaStatus Sandbox::Run(std::string_view code, std::string_view name, int nresults) {
  lua_State* L = impl_->L;
  std::string chunkname = "@" + std::string(name);
  int rc = luaL_loadbufferx(L, code.data(), code.size(), chunkname.c_str(), "t");
  if (rc != LUA_OK) {
    LuaStatus st;
    st.outcome = LuaOutcome::kLoadError;
    st.message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "cannot load chunk";
    lua_pop(L, 1);
    return st;
  }
  return PCall(0, nresults);
}

LuaStatus Sandbox::RunFile(const std::string& path, int nresults) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    LuaStatus st;
    st.outcome = LuaOutcome::kLoadError;
    st.message = "cannot open " + path;
    return st;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return Run(ss.str(), path, nresults);
}

void Sandbox::Pop(int n) { lua_pop(impl_->L, n); }

void Sandbox::set_limits(const SandboxLimits& limits) { impl_->limits = limits; }

void Sandbox::set_simulation_observer(SimulationObserver observer) {
  impl_->simulation_observer = std::move(observer);
}
const SandboxLimits& Sandbox::limits() const { return impl_->limits; }
std::ostream& Sandbox::out() { return *impl_->out; }
size_t Sandbox::memory_in_use() const { return impl_->used; }
lua_State* Sandbox::state() { return impl_->L; }

// ---------------------------------------------------------------------------------------------
// JSON <-> Lua

namespace {

// ddb.null: a unique light userdata standing for JSON null / DynamoDB NULL.
char kNullMarker;

void PushJsonValue(lua_State* L, const wire::Json& j, int depth) {
  if (depth > 200 || !lua_checkstack(L, 4)) {
    lua_pushnil(L);
    return;
  }
  switch (j.type()) {
    case wire::Json::value_t::null:
    case wire::Json::value_t::discarded:
      lua_pushlightuserdata(L, &kNullMarker);
      break;
    case wire::Json::value_t::boolean:
      lua_pushboolean(L, j.get<bool>());
      break;
    case wire::Json::value_t::number_integer:
      lua_pushinteger(L, static_cast<lua_Integer>(j.get<int64_t>()));
      break;
    case wire::Json::value_t::number_unsigned:
      lua_pushinteger(L, static_cast<lua_Integer>(j.get<uint64_t>()));
      break;
    case wire::Json::value_t::number_float:
      lua_pushnumber(L, j.get<double>());
      break;
    case wire::Json::value_t::string: {
      const std::string& s = j.get_ref<const std::string&>();
      lua_pushlstring(L, s.data(), s.size());
      break;
    }
    case wire::Json::value_t::binary:
      lua_pushliteral(L, "");
      break;
    case wire::Json::value_t::array: {
      lua_createtable(L, static_cast<int>(j.size()), 0);
      lua_Integer i = 1;
      for (auto it = j.begin(); it != j.end(); ++it) {
        PushJsonValue(L, *it, depth + 1);
        lua_rawseti(L, -2, i++);
      }
      break;
    }
    case wire::Json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(j.size()));
      for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        lua_pushlstring(L, k.data(), k.size());
        PushJsonValue(L, it.value(), depth + 1);
        lua_rawset(L, -3);
      }
      break;
    }
  }
}

}  // namespace

void* NullMarker() { return &kNullMarker; }

void Sandbox::PushJson(const wire::Json& j) {
  bool saved = impl_->enforce_memory;
  impl_->enforce_memory = false;
  PushJsonValue(impl_->L, j, 0);
  impl_->enforce_memory = saved;
}

namespace {

// Lua values -> JSON with every expanded value counted: a table may hold itself (a cycle) or
// share subtables (a DAG whose expansion doubles per level), so both are checked before they
// can exhaust memory, and the error names the Lua path where conversion stopped.
constexpr int kMaxJsonDepth = 64;
constexpr int64_t kMaxJsonValues = 1'000'000;
constexpr size_t kMaxJsonStringBytes = size_t{64} << 20;

struct ToJsonWalk {
  lua_State* L;
  std::vector<const void*> open;  // tables on the current path (a cycle returns to one)
  std::vector<std::string> path;  // "value", ".name", "[3]"
  int64_t values = 0;
  size_t string_bytes = 0;

  std::string Where() const {
    std::string w;
    for (const auto& p : path) w += p;
    return w;
  }
  Error Fail(const std::string& what) const {
    return ValidationError("cannot convert " + Where() + " to JSON: " + what);
  }

  Result<wire::Json> Value(int index) {
    index = lua_absindex(L, index);
    if (++values > kMaxJsonValues) {
      return Fail("more than " + std::to_string(kMaxJsonValues) +
                  " values (shared subtables are counted each time they appear)");
    }
    switch (lua_type(L, index)) {
      case LUA_TNIL:
        return wire::Json(nullptr);
      case LUA_TBOOLEAN:
        return wire::Json(lua_toboolean(L, index) != 0);
      case LUA_TNUMBER:
        if (lua_isinteger(L, index))
          return wire::Json(static_cast<int64_t>(lua_tointeger(L, index)));
        return wire::Json(lua_tonumber(L, index));
      case LUA_TSTRING: {
        size_t len = 0;
        const char* s = lua_tolstring(L, index, &len);
        string_bytes += len;
        if (string_bytes > kMaxJsonStringBytes) {
          return Fail("more than " + std::to_string(kMaxJsonStringBytes >> 20) + " MiB of strings");
        }
        return wire::Json(std::string(s, len));
      }
      case LUA_TLIGHTUSERDATA:
        if (lua_touserdata(L, index) == &kNullMarker) return wire::Json(nullptr);
        return Fail("a userdata value has no JSON form");
      case LUA_TTABLE:
        return Table(index);
      default:
        return Fail(std::string("a ") + lua_typename(L, lua_type(L, index)) +
                    " value has no JSON form");
    }
  }

  Result<wire::Json> Table(int index) {
    const void* id = lua_topointer(L, index);
    for (const void* o : open) {
      if (o == id) return Fail("the table contains itself (a cycle)");
    }
    if (static_cast<int>(open.size()) >= kMaxJsonDepth || !lua_checkstack(L, 4)) {
      return Fail("tables nested more than " + std::to_string(kMaxJsonDepth) + " deep");
    }
    open.push_back(id);
    Result<wire::Json> r = Members(index);
    open.pop_back();
    return r;
  }

  Result<wire::Json> Members(int index) {
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
    // A sequence 1..n with nothing else is an array; anything else is an object.
    lua_Integer count = 0;
    bool all_int = true;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
      ++count;
      if (!lua_isinteger(L, -2)) all_int = false;
      lua_pop(L, 1);
    }
    if (n > 0 && all_int && count == n) {
      wire::Json arr = wire::Json::array();
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, index, i);
        path.push_back("[" + std::to_string(i) + "]");
        auto v = Value(-1);
        path.pop_back();
        lua_pop(L, 1);
        if (!v.ok()) return v.error();
        arr.push_back(std::move(v.value()));
      }
      return arr;
    }
    wire::Json obj = wire::Json::object();
    std::unordered_set<std::string> keys;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
      std::string key;
      if (lua_type(L, -2) == LUA_TSTRING) {
        size_t len = 0;
        const char* s = lua_tolstring(L, -2, &len);
        key.assign(s, len);
      } else if (lua_isinteger(L, -2)) {
        key = std::to_string(lua_tointeger(L, -2));
      } else {
        lua_pop(L, 2);
        return Fail("table keys must be strings or integers");
      }
      if (!keys.insert(key).second) {
        lua_pop(L, 2);
        return Fail("the key \"" + key + "\" appears both as a number and as a string");
      }
      path.push_back("." + key.substr(0, 40));
      auto v = Value(-1);
      path.pop_back();
      lua_pop(L, 1);
      if (!v.ok()) {
        lua_pop(L, 1);
        return v.error();
      }
      wire::AppendMember(obj, std::move(key), std::move(v.value()));
    }
    return obj;
  }
};

}  // namespace

Result<wire::Json> Sandbox::ToJson(int index) {
  bool saved = impl_->enforce_memory;
  impl_->enforce_memory = false;
  Result<wire::Json> r = ValidationError("conversion failed");
  try {
    ToJsonWalk walk{impl_->L, {}, {"value"}};
    r = walk.Value(index);
  } catch (const std::exception& e) {
    r = ValidationError(e.what());
  }
  impl_->enforce_memory = saved;
  return r;
}

}  // namespace ddblab::lab
