#include "streams/handlers.h"

#include <algorithm>
#include <cmath>
#include <lua.hpp>
#include <sstream>

namespace ddblab::lab::streams {
namespace {

// Pushes ddb.stream[fn]; false (nothing pushed) when the sandbox has no ddb API.
bool PushStreamFunction(lua_State* L, const char* fn) {
  if (lua_getglobal(L, "ddb") != LUA_TTABLE) {
    lua_pop(L, 1);
    return false;
  }
  if (lua_getfield(L, -1, "stream") != LUA_TTABLE) {
    lua_pop(L, 2);
    return false;
  }
  if (lua_getfield(L, -1, fn) != LUA_TFUNCTION) {
    lua_pop(L, 3);
    return false;
  }
  lua_remove(L, -2);
  lua_remove(L, -2);
  return true;
}

Error NoRuntime() { return ValidationError("stream handlers need the ddb API in this sandbox"); }

// A handler's error as one clean line: Lua's "chunk:line:" prefix kept (it says where), the
// traceback the sandbox adds dropped.
std::string FirstLine(const std::string& message) { return message.substr(0, message.find('\n')); }

Result<wire::Json> CallForJson(Sandbox& sandbox, int nargs) {
  LuaStatus st = sandbox.PCall(nargs, 1);
  if (!st.ok()) return ValidationError(FirstLine(st.message));
  Result<wire::Json> j = sandbox.ToJson(-1);
  sandbox.Pop(1);
  return j;
}

std::string Plural(int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

int64_t Count(const wire::Json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<int64_t>() : 0;
}

std::string Units(double v) {
  std::ostringstream o;
  o << (std::round(v * 10) / 10);
  return o.str();
}

}  // namespace

Result<std::string> AttachHandlerCode(Sandbox& sandbox, const std::string& table,
                                      std::string_view code, const std::string& chunk_name,
                                      const wire::Json& options, const std::string& default_name) {
  lua_State* L = sandbox.state();
  if (!PushStreamFunction(L, "attach_loaded")) return NoRuntime();
  LuaStatus loaded = sandbox.Run(code, chunk_name, 1);
  if (!loaded.ok()) {
    sandbox.Pop(1);
    return ValidationError(FirstLine(loaded.message));
  }
  // Stack: attach_loaded, loaded value.
  lua_pushlstring(L, table.data(), table.size());
  lua_insert(L, -2);
  sandbox.PushJson(options.is_null() ? wire::Json::object() : options);
  lua_pushlstring(L, default_name.data(), default_name.size());
  DDB_ASSIGN_OR_RETURN(wire::Json name, CallForJson(sandbox, 4));
  return name.is_string() ? name.get<std::string>() : default_name;
}

Result<int> DetachHandlers(Sandbox& sandbox, const std::string& table, const std::string& name) {
  lua_State* L = sandbox.state();
  if (!PushStreamFunction(L, "detach")) return NoRuntime();
  lua_pushlstring(L, table.data(), table.size());
  if (name.empty()) {
    lua_pushnil(L);
  } else {
    lua_pushlstring(L, name.data(), name.size());
  }
  DDB_ASSIGN_OR_RETURN(wire::Json n, CallForJson(sandbox, 2));
  return n.is_number() ? n.get<int>() : 0;
}

int AttachedHandlers(Sandbox& sandbox) {
  lua_State* L = sandbox.state();
  if (!PushStreamFunction(L, "attached")) return 0;
  auto n = CallForJson(sandbox, 0);
  return n.ok() && n->is_number() ? n->get<int>() : 0;
}

Result<wire::Json> RunHandlers(Sandbox& sandbox, double now, bool force) {
  lua_State* L = sandbox.state();
  if (!PushStreamFunction(L, "run")) return NoRuntime();
  wire::Json opts{{"force", force}};
  if (now > 0) opts["now"] = now;
  sandbox.PushJson(opts);
  return CallForJson(sandbox, 1);
}

wire::Json MergeSummaries(const wire::Json& a, const wire::Json& b) {
  if (!a.is_object()) return b;
  if (!b.is_object()) return a;
  wire::Json out = a;
  for (const auto& [key, v] : b.items()) {
    if (key == "iterator_age") {
      out[key] = std::max(a.value(key, 0.0), v.is_number() ? v.get<double>() : 0.0);
    } else if (v.is_number()) {
      out[key] = a.value(key, 0.0) + v.get<double>();
    } else if (v.is_array()) {
      wire::Json list = a.contains(key) && a[key].is_array() ? a[key] : wire::Json::array();
      for (const auto& e : v) list.push_back(e);
      out[key] = std::move(list);
    } else if (v.is_boolean()) {
      out[key] = a.value(key, false) || v.get<bool>();
    }
  }
  return out;
}

namespace {

// The members of a run's summary (and of each handler's row in it) that say how things stand
// after the run, not how much it did.
bool IsState(const std::string& key) {
  return key == "pending" || key == "blocked" || key == "iterator_age" || key == "handlers" ||
         key == "more" || key == "last_error" || key == "patterns" || key == "table" ||
         key == "name";
}

// One object of two runs' (a summary or a handler's row); `mappings` is left to the caller.
wire::Json CombineObjects(const wire::Json& earlier, const wire::Json& later) {
  wire::Json out = earlier;
  for (const auto& [key, v] : later.items()) {
    if (key == "mappings") continue;
    const auto before = earlier.find(key);
    if (v.is_number() && !IsState(key) && before != earlier.end() && before->is_number()) {
      out[key] = before->get<double>() + v.get<double>();
    } else if (v.is_array() && !IsState(key) && before != earlier.end() && before->is_array()) {
      for (const auto& e : v) out[key].push_back(e);
    } else if (v.is_boolean() && !IsState(key) && before != earlier.end() && before->is_boolean()) {
      out[key] = before->get<bool>() || v.get<bool>();
    } else if (!v.is_null()) {
      out[key] = v;
    }
  }
  return out;
}

}  // namespace

wire::Json CombineRuns(const wire::Json& earlier, const wire::Json& later) {
  if (!earlier.is_object()) return later;
  if (!later.is_object()) return earlier;
  wire::Json out = CombineObjects(earlier, later);
  wire::Json rows = earlier.contains("mappings") && earlier["mappings"].is_array()
                        ? earlier["mappings"]
                        : wire::Json::array();
  const auto added = later.find("mappings");
  if (added != later.end() && added->is_array()) {
    for (const wire::Json& m : *added) {
      auto same = std::find_if(rows.begin(), rows.end(), [&m](const wire::Json& r) {
        return r.value("table", std::string()) == m.value("table", std::string()) &&
               r.value("name", std::string()) == m.value("name", std::string());
      });
      if (same == rows.end()) {
        rows.push_back(m);
      } else {
        *same = CombineObjects(*same, m);
      }
    }
  }
  out["mappings"] = std::move(rows);
  return out;
}

bool RunNeedsTelling(const wire::Json& s) {
  if (!s.is_object()) return false;
  for (const char* key : {"failed", "discarded"}) {
    if (Count(s, key) > 0) return true;
  }
  if (s.contains("errors") && s["errors"].is_array() && !s["errors"].empty()) return true;
  const auto mappings = s.find("mappings");
  if (mappings == s.end() || !mappings->is_array()) return false;
  return std::any_of(mappings->begin(), mappings->end(),
                     [](const wire::Json& m) { return m.value("broken", false); });
}

Result<wire::Json> ListHandlers(Sandbox& sandbox) {
  lua_State* L = sandbox.state();
  if (!PushStreamFunction(L, "list")) return NoRuntime();
  return CallForJson(sandbox, 0);
}

std::string DescribeRun(const wire::Json& summary) {
  std::string out;
  const auto mappings = summary.find("mappings");
  if (mappings == summary.end() || !mappings->is_array()) return out;
  for (const wire::Json& m : *mappings) {
    if (m.value("broken", false)) {
      out += "stream " + m.value("table", std::string()) + " -> " + m.value("name", std::string()) +
             ": " + m.value("last_error", std::string()) + "\n";
      continue;
    }
    int64_t invocations = Count(m, "invocations");
    int64_t filtered = Count(m, "filtered");
    int64_t pending = Count(m, "pending");
    if (invocations == 0 && filtered == 0 && pending == 0) continue;
    std::string who = "stream " + m.value("table", std::string()) + " -> " +
                      m.value("name", std::string()) + ": ";
    if (invocations == 0 && filtered == 0) {
      out += who + Plural(pending, "record waits", "records wait") +
             " for its batching window (.stream run delivers now)\n";
      continue;
    }
    std::string line = who + Plural(invocations, "invocation", "invocations");
    if (invocations > 0) line += ", " + Plural(Count(m, "records"), "record", "records");
    if (filtered > 0) line += " (" + std::to_string(filtered) + " filtered out, no invocation)";
    int64_t failed = Count(m, "failed");
    if (failed > 0) {
      line += ", " + std::to_string(failed) + " failed";
      std::string error = m.value("last_error", std::string());
      if (Count(m, "blocked") == 0 && !error.empty()) line += " (" + error + ")";
    }
    int64_t calls = Count(m, "calls");
    if (calls > 0) {
      double capacity = m.value("capacity", 0.0);
      line += "; the handler made " + Plural(calls, "call", "calls") + " (" +
              Plural(Count(m, "writes"), "write", "writes") + ", " + Units(capacity) +
              " capacity units)";
    }
    out += line + "\n";
    int64_t discarded = Count(m, "discarded");
    if (discarded > 0) {
      out += who + Plural(discarded, "record", "records") + " discarded after the last retry\n";
    }
    if (Count(m, "blocked") > 0) {
      std::string error = m.value("last_error", std::string());
      out += who + "shard blocked by a failing batch: " +
             Plural(pending, "record waits", "records wait") + ", iterator age " +
             Units(m.value("iterator_age", 0.0)) + " s" +
             (error.empty() ? "" : "; last error: " + error) + "\n";
    } else if (pending > 0) {
      out += who + Plural(pending, "record waits", "records wait") +
             " for its batching window (.stream run delivers now)\n";
    }
  }
  if (summary.value("more", false)) {
    out +=
        "stream: handlers are still producing records (their writes feed their own stream); "
        ".stream run goes on\n";
  }
  return out;
}

}  // namespace ddblab::lab::streams
