// ddb.simulate{...}: a scenario table run from Lua, as `ddblab simulate` runs a scenario file
// (README, "Throughput and throttling"), returning that command's JSON as a Lua table.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "lab/runtime/lab_runtime.h"

namespace {

// ddb.simulate runs on its own fresh engine: the lesson's database is never called.
class NoBackend : public ddblab::wire::Client {
 public:
  ddblab::wire::JsonResult Call(std::string_view, const ddblab::wire::Json&) override {
    ddblab::wire::JsonResult r;
    r.error = ddblab::ValidationError("no backend in this test");
    return r;
  }
  std::string Describe() const override { return "none"; }
};

struct Lab {
  std::ostringstream out;
  NoBackend backend;
  std::unique_ptr<ddblab::lab::Sandbox> sandbox =
      ddblab::lab::Sandbox::Create(ddblab::lab::SandboxLimits{}, out);
  Lab() {
    sandbox->InstallDdbApi(backend, ddblab::shell::FileAccess::ConfinedTo(
                                        std::filesystem::temp_directory_path().string()));
  }
  // Runs `code`: what it printed, or "error: " and the message.
  std::string Eval(const std::string& code) {
    out.str("");
    ddblab::lab::LuaStatus st = sandbox->Run(code, "test", 0);
    if (!st.ok()) return "error: " + st.message;
    return out.str();
  }
};

const char* kDayKey = R"(
  local function scenario(seconds, rate)
    return {
      setup = { [[aws dynamodb create-table --table-name orders
        --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S
        --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE
        --provisioned-throughput ReadCapacityUnits=100,WriteCapacityUnits=4000]] },
      seconds = seconds,
      clients = { { rate = rate, statement = function(i, t)
        return string.format([[INSERT INTO "orders" VALUE {'PK': 'DAY', 'SK': 'O#%09d'}]], i)
      end } },
    }
  end
)";

// DynamoDB: a partition serves at most 1,000 WCU a second
// (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html)
TEST_CASE("ddb.simulate returns the simulate command's JSON as a table", "[lab][simulate]") {
  Lab lab;
  std::string got = lab.Eval(std::string(kDayKey) + R"(
    local r = ddb.simulate(scenario(2, 1500))
    local busy = 0
    for _, p in ipairs(r.tables[1].partitions) do
      if p.requests > 0 then busy = busy + 1 end
    end
    print(string.format("%d %d %d %s %d %d %d", r.seconds, r.requests, r.throttled,
      r.tables[1].table, busy, #r.tables[1].partitions[1].series, r.tables[1].write_capacity_units))
  )");
  CHECK(got == "2 3000 1000 orders 1 2 4000\n");
}

TEST_CASE("ddb.simulate refuses a scenario of more than 300,000 requests", "[lab][simulate]") {
  Lab lab;
  std::string got = lab.Eval(std::string(kDayKey) + "return ddb.simulate(scenario(3, 1000000))");
  CHECK_THAT(got,
             Catch::Contains("ddb.simulate: a simulation from Lua runs at most 300000 requests "
                             "(rate times seconds, over all clients); use `ddblab "
                             "simulate` for longer runs"));
}

TEST_CASE("ddb.simulate refuses a misspelt field rather than ignoring it", "[lab][simulate]") {
  Lab lab;
  std::string got = lab.Eval("return ddb.simulate{ second = 5, clients = {} }");
  CHECK_THAT(got, Catch::Contains("ddb.simulate: the scenario has an unknown field 'second'; "
                                  "the fields are clients, seconds, setup"));
  got = lab.Eval("return ddb.simulate('orders')");
  CHECK_THAT(got,
             Catch::Contains(
                 "ddb.simulate{setup = {...}, seconds = N, clients = {...}}: expected a table"));
}

TEST_CASE("ddb.simulate reports a statement function's error with the request it was for",
          "[lab][simulate]") {
  Lab lab;
  std::string got = lab.Eval(std::string(kDayKey) + R"(
    local s = scenario(1, 10)
    s.clients[1].statement = function(i) if i == 3 then error("boom") end return "list-tables" end
    return ddb.simulate(s)
  )");
  CHECK_THAT(got, Catch::Contains("ddb.simulate: clients[1] request 3: "));
  CHECK_THAT(got, Catch::Contains("boom"));
}

}  // namespace
