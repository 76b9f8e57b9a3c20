// The sandbox against hostile lessons and scenarios (issue: grading and lessons as a security
// boundary). Each case is named after its attack and asserts a clean stop within its limits.
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <string>

#include "shell/lab/lab_runtime.h"

using ddblab::lab::LuaOutcome;
using ddblab::lab::LuaStatus;
using ddblab::lab::Sandbox;
using ddblab::lab::SandboxLimits;

namespace {

SandboxLimits Small() {
  SandboxLimits l;
  l.memory_bytes = size_t{16} << 20;
  l.instructions = 5'000'000;
  l.wall_seconds = 5;
  return l;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
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
  CHECK(sb->memory_in_use() < (size_t{16} << 20));
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
