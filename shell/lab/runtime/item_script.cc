// .generate --script: a generator script in the lessons' sandbox, asked for items in batches.
// One protected call per batch rather than per item, so the cost of entering the sandbox (its
// hooks and budgets) is shared by many items.
// The sandbox's limits (memory, instructions, wall time) apply to each batch.
#include "item_script.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <lua.hpp>
#include <streambuf>

#include "ddblab/wire.h"
#include "lab_runtime.h"
#include "sandbox_internal.h"
#include "shell/lab/prelude/rng_lua.h"
#include "shell/render/output.h"
#include "shell/session/file_access.h"
#include "sink_streambuf.h"

namespace ddblab::lab {

namespace {

// Items per protected call: small enough that a batch of large items stays far below the
// sandbox's 64 MiB heap, large enough that the per-call cost is amortised.
constexpr int64_t kBatch = 64;

// Run after the script: returns the batch function, kept in the registry so the host never
// reads a global (a script may give _G a metatable, which would run outside any protected call).
constexpr const char* kDriver = R"lua(
local make, r = item, rng(1)
if type(make) ~= "function" then
  error("the script must define function item(i, r) returning item number i as a table", 0)
end
return function(first, last)
  local out = {}
  for i = first, last do
    local ok, v = pcall(make, i, r)
    if not ok then error(string.format("item %d: %s", i, tostring(v)), 0) end
    if type(v) ~= "table" then
      error(string.format("item %d: item(%d) returned %s, not a table of attributes", i, i,
        type(v)), 0)
    end
    out[i - first + 1] = v
  end
  return out
end
)lua";

// read_file(NAME): the text of a file in the script's own folder (the lessons' confined policy:
// no escape by .., absolute path or symlink; regular files of at most 16 MiB).
int LReadFile(lua_State* L) {
  size_t len = 0;
  const char* name = luaL_checklstring(L, 1, &len);
  Sandbox::Impl* impl = ImplOf(L);
  bool ok = false;
  {
    try {
      Result<std::string> r = shell::ReadParamFile(impl->files, "file://" + std::string(name, len));
      if (r.ok()) {
        impl->stash = wire::Json(std::move(r.value()));
        ok = true;
      } else {
        impl->stash_error = r.error().message;
      }
    } catch (const std::exception& e) {
      impl->stash_error = e.what();
    }
  }
  if (!ok) return luaL_error(L, "read_file: %s", impl->stash_error.c_str());
  const std::string& text = impl->stash.get_ref<const std::string&>();
  bool saved = impl->enforce_memory;
  impl->enforce_memory = false;
  lua_pushlstring(L, text.data(), text.size());
  impl->enforce_memory = saved;
  impl->stash = nullptr;
  return 1;
}

// The first line of a sandbox message: the traceback names the host's driver, not the script.
std::string FirstParagraph(const std::string& message) {
  size_t cut = message.find("\nstack traceback:");
  return cut == std::string::npos ? message : message.substr(0, cut);
}

class ItemScript : public shell::ItemGenerator {
 public:
  ItemScript(shell::OutputSink& sink, int64_t count) : buf_(sink), out_(&buf_), count_(count) {}
  ~ItemScript() override {
    if (sb_ && ref_ != LUA_NOREF) luaL_unref(sb_->state(), LUA_REGISTRYINDEX, ref_);
  }

  Status Open(const std::string& path) {
    sb_ = Sandbox::Create(SandboxLimits{}, out_);
    if (!sb_) return ValidationError("cannot create the Lua sandbox");
    lua_State* L = sb_->state();
    std::string dir = std::filesystem::path(path).parent_path().string();
    ImplOf(L)->files = shell::FileAccess::ConfinedTo(dir.empty() ? "." : dir);
    lua_pushcfunction(L, LReadFile);
    lua_setglobal(L, "read_file");
    // The script itself is read as a parameter file is: a regular file of at most 16 MiB.
    DDB_ASSIGN_OR_RETURN(std::string code,
                         shell::ReadParamFile(shell::FileAccess::Local(""), "file://" + path));
    const std::string name = std::filesystem::path(path).filename().string();
    for (auto [chunk, chunk_name, results] :
         {std::tuple<std::string_view, std::string_view, int>{embedded::kRngLua, "rng", 0},
          {code, name, 0},
          {kDriver, "generate-driver", 1}}) {
      LuaStatus st = sb_->Run(chunk, chunk_name, results);
      if (!st.ok()) {
        // Lua's own messages start with "NAME:LINE:"; the driver's need the script's name.
        std::string msg = FirstParagraph(st.message);
        return ValidationError(msg.starts_with(name + ":") ? msg : name + ": " + msg);
      }
    }
    ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    return OkStatus();
  }

  Result<Item> Make(int64_t i) override {
    lua_State* L = sb_->state();
    if (i > last_) {
      if (last_ > 0) sb_->Pop(1);
      first_ = i;
      last_ = std::min(count_, i + kBatch - 1);
      lua_rawgeti(L, LUA_REGISTRYINDEX, ref_);
      lua_pushinteger(L, first_);
      lua_pushinteger(L, last_);
      LuaStatus st = sb_->PCall(2, 1);
      if (!st.ok()) {
        std::string msg = FirstParagraph(st.message);
        if (st.outcome != LuaOutcome::kRuntimeError) {
          msg = "items " + std::to_string(first_) + " to " + std::to_string(last_) + ": " + msg;
        }
        last_ = 0;
        return ValidationError(msg);
      }
    }
    lua_rawgeti(L, -1, i - first_ + 1);
    Result<wire::Json> plain = sb_->ToJson(-1);
    sb_->Pop(1);
    const std::string where = "item " + std::to_string(i) + ": ";
    if (!plain.ok()) return ValidationError(where + plain.error().message);
    if (!plain->is_object()) {
      return ValidationError(where + "item(" + std::to_string(i) +
                             ") returned a list; an item is a table of attribute names");
    }
    wire::Json ddb = wire::Json::object();
    for (auto it = plain->begin(); it != plain->end(); ++it) {
      ddb[it.key()] = MarshalPlain(it.value());
    }
    Result<Item> item = wire::ItemFromJson(ddb);
    if (!item.ok()) {
      Error e = item.error();
      e.message = where + e.message;
      return e;
    }
    return item;
  }

 private:
  SinkStreambuf buf_;
  std::ostream out_;
  int64_t count_;
  std::unique_ptr<Sandbox> sb_;
  int ref_ = LUA_NOREF;
  int64_t first_ = 0, last_ = 0;  // the batch on top of the Lua stack
};

}  // namespace

wire::Json MarshalPlain(const wire::Json& v) {
  switch (v.type()) {
    case wire::Json::value_t::boolean:
      return {{"BOOL", v.get<bool>()}};
    case wire::Json::value_t::number_integer:
      return {{"N", std::to_string(v.get<int64_t>())}};
    case wire::Json::value_t::number_unsigned:
      return {{"N", std::to_string(v.get<uint64_t>())}};
    case wire::Json::value_t::number_float: {
      // As ddb.marshal formats it; inf and nan then get DynamoDB's number error.
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
      return {{"N", buf}};
    }
    case wire::Json::value_t::string:
      return {{"S", v}};
    case wire::Json::value_t::array: {
      wire::Json l = wire::Json::array();
      for (const auto& x : v) l.push_back(MarshalPlain(x));
      return {{"L", std::move(l)}};
    }
    case wire::Json::value_t::object: {
      wire::Json m = wire::Json::object();
      for (auto it = v.begin(); it != v.end(); ++it) m[it.key()] = MarshalPlain(it.value());
      return {{"M", std::move(m)}};
    }
    default:
      return {{"NULL", true}};
  }
}

Result<std::unique_ptr<shell::ItemGenerator>> OpenItemScript(const std::string& path, int64_t count,
                                                             shell::OutputSink& sink) {
  auto script = std::make_unique<ItemScript>(sink, count);
  DDB_TRY(script->Open(path));
  return std::unique_ptr<shell::ItemGenerator>(std::move(script));
}

}  // namespace ddblab::lab
