#include "simulation/scenario_streams.h"

#include <algorithm>
#include <lua.hpp>

namespace ddblab::lab::simulate {
namespace {

int64_t Count(const wire::Json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<int64_t>() : 0;
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

Result<std::unique_ptr<ScenarioStreams>> ScenarioStreams::Attach(Sandbox& sandbox, int specs_ref,
                                                                 wire::Client& client,
                                                                 const shell::FileAccess& files) {
  std::unique_ptr<ScenarioStreams> s(
      new ScenarioStreams(sandbox, sandbox.BindDdbClient(&client, files)));
  s->totals_.present = true;
  lua_State* L = sandbox.state();
  // runtime = ddb.stream.new()
  lua_getglobal(L, "ddb");
  lua_getfield(L, -1, "stream");
  lua_getfield(L, -1, "new");
  lua_remove(L, -2);
  lua_remove(L, -2);
  LuaStatus made = sandbox.PCall(0, 1);
  if (!made.ok()) return ValidationError("streams: " + FirstLine(made.message));
  s->runtime_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_rawgeti(L, LUA_REGISTRYINDEX, specs_ref);
  lua_Integer n = luaL_len(L, -1);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->runtime_ref_);
    lua_getfield(L, -1, "attach");
    lua_remove(L, -2);
    lua_rawgeti(L, -2, i);
    LuaStatus attached = sandbox.PCall(1, 1);
    if (!attached.ok()) {
      lua_pop(L, 1);
      return ValidationError("streams[" + std::to_string(i) + "]: " + FirstLine(attached.message));
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return s;
}

ScenarioStreams::~ScenarioStreams() {
  lua_State* L = sandbox_.state();
  if (runtime_ref_ >= 0) luaL_unref(L, LUA_REGISTRYINDEX, runtime_ref_);
  sandbox_.BindDdbClient(previous_, std::nullopt);
}

Status ScenarioStreams::Tick(double now) {
  lua_State* L = sandbox_.state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, runtime_ref_);
  lua_getfield(L, -1, "run");
  lua_remove(L, -2);
  sandbox_.PushJson(wire::Json{{"now", now}});
  LuaStatus ran = sandbox_.PCall(1, 1);
  if (!ran.ok()) return ValidationError("stream handlers: " + FirstLine(ran.message));
  Result<wire::Json> summary = sandbox_.ToJson(-1);
  sandbox_.Pop(1);
  if (!summary.ok()) return summary.error();
  const wire::Json& j = *summary;
  StreamTotals& t = totals_;
  t.invocations += Count(j, "invocations");
  t.records += Count(j, "records");
  t.filtered += Count(j, "filtered");
  t.failed += Count(j, "failed");
  t.discarded += Count(j, "discarded");
  t.calls += Count(j, "calls");
  t.writes += Count(j, "writes");
  t.capacity += j.value("capacity", 0.0);
  t.pending = Count(j, "pending");
  double age = j.value("iterator_age", 0.0);
  t.iterator_age.push_back(age);
  t.max_iterator_age = std::max(t.max_iterator_age, age);
  if (t.first_error.empty()) {
    const auto errors = j.find("errors");
    if (errors != j.end() && errors->is_array() && !errors->empty() && (*errors)[0].is_string()) {
      t.first_error = (*errors)[0].get<std::string>();
    }
  }
  return OkStatus();
}

}  // namespace ddblab::lab::simulate
