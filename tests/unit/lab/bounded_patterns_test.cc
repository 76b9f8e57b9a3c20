// The sandbox's own string.find/match/gmatch/gsub: the same answers and error messages as stock
// Lua 5.4 on thousands of cases, and a budget that stops catastrophic backtracking.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>

#include "lab/runtime/lab_runtime.h"

using ddblab::lab::LuaOutcome;
using ddblab::lab::Sandbox;
using ddblab::lab::SandboxLimits;

namespace {

std::string ReadData(const std::string& name) {
  std::ifstream in(std::string(DDBLAB_SOURCE_DIR) + "/tests/unit/lab/data/" + name,
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

SandboxLimits Limits(int64_t instructions, double seconds) {
  SandboxLimits l;
  l.instructions = instructions;
  l.wall_seconds = seconds;
  return l;
}

}  // namespace

TEST_CASE("pattern functions answer exactly as stock Lua 5.4 (differential cases from lua5.4)") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Limits(500'000'000, 60), out);
  REQUIRE(sb);
  std::string expected = ReadData("pattern_cases.expected");
  REQUIRE(expected.size() > 100000);
  auto st = sb->Run(ReadData("pattern_cases.lua"), "pattern_cases.lua", 1);
  REQUIRE(st.ok());
  auto got = sb->ToJson(-1);
  sb->Pop(1);
  REQUIRE(got.ok());
  std::string text = got->get<std::string>() + "\n";
  // Compare line by line so a failure names the first case that differs.
  std::istringstream a(text), b(expected);
  std::string la, lb;
  int line = 0;
  while (std::getline(b, lb)) {
    ++line;
    REQUIRE(std::getline(a, la));
    INFO("case line " << line);
    REQUIRE(la == lb);
  }
  CHECK_FALSE(std::getline(a, la));
}

TEST_CASE("catastrophic backtracking in string.find is stopped by the instruction budget") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Limits(20'000'000, 30), out);
  auto t0 = std::chrono::steady_clock::now();
  auto st = sb->Run("return string.find(string.rep('a', 40), string.rep('a*', 20) .. 'b')", "t");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(st.outcome == LuaOutcome::kInstructionLimit);
  CHECK(seconds < 20);  // far below the wall limit; the stock matcher needs hours
}

TEST_CASE("a lazy-quadratic gsub over a long string is stopped by the instruction budget") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Limits(20'000'000, 30), out);
  auto st = sb->Run("local s = string.rep('a', 200000) return s:gsub('.-b', 'x')", "t");
  CHECK(st.outcome == LuaOutcome::kInstructionLimit);
}

TEST_CASE("the wall-clock limit also stops matching (a huge instruction budget)") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Limits(int64_t{1} << 60, 1), out);
  auto st = sb->Run(
      "return string.match(string.rep('a', 60), string.rep('a?', 30) .. string.rep('a', 30) .. "
      "'b')",
      "t");
  CHECK(st.outcome == LuaOutcome::kTimeLimit);
}

TEST_CASE("pcall around a runaway match cannot swallow the budget") {
  std::ostringstream out;
  auto sb = Sandbox::Create(Limits(20'000'000, 30), out);
  auto st = sb->Run(
      "while true do pcall(string.find, string.rep('a', 40), string.rep('a*', 20) .. 'b') end",
      "t");
  CHECK(st.outcome == LuaOutcome::kInstructionLimit);
  // The state stays usable for the next call.
  auto next = sb->Run("return ('ok'):match('o(k)')", "t", 1);
  CHECK(next.ok());
  sb->Pop(1);
}
