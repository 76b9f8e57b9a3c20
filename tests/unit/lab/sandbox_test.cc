// The Lua sandbox: every way out (loops, memory, io/os/require, bytecode) ends the script with
// a clear message and leaves the state usable.
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <string>

#include "lab/runtime/lab_runtime.h"

using ddblab::lab::LuaOutcome;
using ddblab::lab::LuaStatus;
using ddblab::lab::Sandbox;
using ddblab::lab::SandboxLimits;

namespace {

SandboxLimits Small() {
  SandboxLimits l;
  l.memory_bytes = size_t{8} << 20;
  l.instructions = 2'000'000;
  l.wall_seconds = 5;
  return l;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Runs `code` and returns its single result converted to text ("" when it failed).
std::string Eval(Sandbox& sb, const std::string& code) {
  LuaStatus st = sb.Run(code, "test", 1);
  if (!st.ok()) return "";
  auto j = sb.ToJson(-1);
  sb.Pop(1);
  return j.ok() ? (j->is_string() ? j->get<std::string>() : j->dump()) : "";
}

// Runs `code`, converts its one result to JSON and returns the conversion's error message ("" when
// it converted).
std::string ConversionError(Sandbox& sb, const std::string& code) {
  LuaStatus st = sb.Run(code, "marshal.lua", 1);
  REQUIRE(st.ok());
  auto j = sb.ToJson(-1);
  sb.Pop(1);
  return j.ok() ? "" : j.error().message;
}
}  // namespace

TEST_CASE("an endless loop is stopped by the instruction budget and the state stays usable") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  REQUIRE(sb);
  LuaStatus st = sb->Run("while true do end", "loop.lua");
  CHECK(st.outcome == LuaOutcome::kInstructionLimit);
  CHECK(Contains(st.message, "instruction budget"));
  CHECK(sb->Run("local x = 1 + 1", "after.lua").ok());
}

TEST_CASE("pcall inside the script cannot swallow the instruction budget") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st =
      sb->Run("while true do pcall(function() while true do end end) end", "swallow.lua");
  CHECK(st.outcome == LuaOutcome::kInstructionLimit);
}

TEST_CASE("the wall-clock limit stops a loop with a huge instruction budget") {
  std::ostringstream out;
  SandboxLimits l = Small();
  l.instructions = int64_t{1} << 60;
  l.wall_seconds = 0.2;
  auto sb = Sandbox::Create(l, out);
  LuaStatus st = sb->Run("local i = 0 while true do i = i + 1 end", "slow.lua");
  CHECK(st.outcome == LuaOutcome::kTimeLimit);
  CHECK(Contains(st.message, "time limit"));
}

TEST_CASE("a memory bomb is stopped by the allocator cap with a clear message") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run(
      "local t = {} local s = string.rep('x', 4096) "
      "for i = 1, 1e9 do t[i] = s .. i end",
      "bomb.lua");
  CHECK(st.outcome == LuaOutcome::kMemoryLimit);
  CHECK(Contains(st.message, "memory limit"));
  CHECK(sb->Run("local ok = 1", "after.lua").ok());
}

TEST_CASE("string.rep past the memory cap fails instead of allocating") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("local s = string.rep('x', 1 << 30)", "rep.lua");
  CHECK(st.outcome == LuaOutcome::kMemoryLimit);
}

TEST_CASE("io, debug, package and require are not reachable") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("io.open('/etc/passwd')", "io.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "io"));
  CHECK(Contains(st.message, "io.lua:1"));
  st = sb->Run("require('os')", "require.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "require"));
  CHECK(Eval(*sb,
             "return tostring(debug) .. tostring(package) .. tostring(dofile) .. "
             "tostring(loadfile) .. tostring(string.dump) .. tostring(collectgarbage)") ==
        "nilnilnilnilnilnil");
}

TEST_CASE("os offers only time and clock") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("os.execute('echo hi')", "os.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "execute"));
  st = sb->Run("os.exit(1)", "exit.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Eval(*sb, "return type(os.time()) .. type(os.clock()) .. tostring(os.getenv)") ==
        "numbernumbernil");
}

TEST_CASE("load accepts text chunks only") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  CHECK(Eval(*sb, "return load('return 40 + 2')()") == "42");
  CHECK(Eval(*sb, "local f, err = load('\\27Lua\\84\\0') return tostring(f) .. ' ' .. err")
            .find("binary") != std::string::npos);
}

TEST_CASE("the shared string metatable is locked") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  CHECK(Eval(*sb, "return getmetatable('')") == "locked");
}

TEST_CASE("print writes to the sandbox's stream, not stdout") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  REQUIRE(sb->Run("print('hello', 42)", "print.lua").ok());
  CHECK(out.str() == "hello\t42\n");
}

TEST_CASE("syntax errors are load errors that name the chunk") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("local = 1", "broken.lua");
  CHECK(st.outcome == LuaOutcome::kLoadError);
  CHECK(Contains(st.message, "broken.lua:1"));
}

TEST_CASE("runtime errors carry a traceback") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("local function f() error('boom') end\nf()", "trace.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "boom"));
  CHECK(Contains(st.message, "stack traceback"));
}

TEST_CASE("JSON round-trips through Lua values") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  ddblab::wire::Json j =
      ddblab::wire::Json::parse(R"({"a":[1,2.5,"x",true],"b":{"c":null},"d":{}})");
  sb->PushJson(j);
  auto back = sb->ToJson(-1);
  REQUIRE(back.ok());
  CHECK(back->at("a") == j.at("a"));
  CHECK(back->at("b").at("c").is_null());
  CHECK(back->at("d").is_object());
}

// Hostile lessons and scenarios (the security boundary): each case is named after its attack.

TEST_CASE("attack: a looping __gc finalizer is refused at setmetatable") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("setmetatable({}, {__gc = function() while true do end end})", "gc.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "__gc metamethods are not allowed"));
  // Adding __gc after setmetatable does not mark the table for finalization (Lua 5.4 manual,
  // 2.5.3), so nothing runs at collection or at close.
  auto t0 = std::chrono::steady_clock::now();
  st = sb->Run(
      "local mt = {} local t = setmetatable({}, mt) "
      "mt.__gc = function() while true do end end t = nil",
      "late_gc.lua");
  CHECK(st.ok());
  sb.reset();  // lua_close would run a finalizer here
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3));
}

TEST_CASE("attack: an allocating __gc finalizer cannot be installed either") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run(
      "local keep = {} setmetatable({}, {__gc = function() "
      "for i = 1, 1e9 do keep[i] = string.rep('x', 1e6) end end})",
      "gc_alloc.lua");
  CHECK(Contains(st.message, "__gc metamethods are not allowed"));
  CHECK(sb->memory_in_use() < (size_t{8} << 20));
}

TEST_CASE("attack: a table that contains itself is refused when marshaled, naming the path") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  CHECK(ConversionError(*sb, "local t = {a = {}} t.a.b = t return t") ==
        "cannot convert value.a.b to JSON: the table contains itself (a cycle)");
}

TEST_CASE("attack: a DAG of shared subtables cannot expand exponentially when marshaled") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  std::string err = ConversionError(*sb, "local t = {1} for i = 1, 40 do t = {t, t} end return t");
  CHECK(Contains(err, "more than 1000000 values"));
  // A shared subtable that is not a cycle still converts (it is a tree when expanded).
  CHECK(ConversionError(*sb, "local s = {x = 1} return {a = s, b = s}").empty());
}

TEST_CASE("attack: keys 1 and \"1\" in one table do not produce a JSON object with a duplicate") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  CHECK(Contains(ConversionError(*sb, "return {[1] = 'a', ['1'] = 'b', x = 2}"),
                 "appears both as a number and as a string"));
}

TEST_CASE("attack: an error object whose __tostring loops still ends within the budget") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  auto t0 = std::chrono::steady_clock::now();
  LuaStatus st = sb->Run("error(setmetatable({}, {__tostring = function() while true do end end}))",
                         "tostr.lua");
  CHECK_FALSE(st.ok());
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(4));
  CHECK(sb->Run("local ok = 1", "after.lua").ok());
}

TEST_CASE("attack: deep recursion ends with a stack overflow error, not a crash") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("local function f() return 1 + f() end f()", "deep.lua");
  CHECK_FALSE(st.ok());
  CHECK((Contains(st.message, "stack overflow") || st.outcome == LuaOutcome::kMemoryLimit));
  // Through C: string.gsub calling back into itself.
  st = sb->Run("local function g(s) return (s:gsub('.', g)) end g('abc')", "cdeep.lua");
  CHECK_FALSE(st.ok());
}

TEST_CASE("attack: coroutines are not available to loop outside the hook") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("return coroutine.wrap(function() while true do end end)()", "co.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "coroutine"));
}

TEST_CASE("attack: string.rep and table.concat memory bombs stop at the memory cap") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run(
      "local s = ('x'):rep(1e6) local t = {} for i = 1, 100 do t[i] = s end "
      "return table.concat(t)",
      "concat.lua");
  CHECK(st.outcome == LuaOutcome::kMemoryLimit);
  st = sb->Run("return ('ab'):rep(1e8, ',')", "rep_sep.lua");
  CHECK(st.outcome == LuaOutcome::kMemoryLimit);
}

TEST_CASE("attack: load of a binary chunk and string.dump stay out of reach") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Small(), out);
  LuaStatus st = sb->Run("return load(string.dump(function() end))", "dump.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  st = sb->Run("local f, e = load('\\27Lua', 'x', 'b') assert(f, e)", "binary.lua");
  CHECK(st.outcome == LuaOutcome::kRuntimeError);
  CHECK(Contains(st.message, "binary"));
}
