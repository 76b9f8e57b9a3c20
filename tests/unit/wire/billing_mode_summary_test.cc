// BillingModeSummary follows the table's billing history (API reference, BillingModeSummary):
// absent until the table is first on demand, then present in either mode with the time
// PAY_PER_REQUEST was last set. Kept with the table across a reopen of its file.
#include <catch2/catch.hpp>
#include <filesystem>

#include "ddblab/wire.h"
#include "wire_fixture.h"

using ddblab::wire::Json;
using wiretest::Call;

namespace {

const char* kCreateProvisioned = R"({"TableName": "Tbl",
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
  "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}})";

Json Summary(ddblab::Engine& e) {
  auto d = Call(e, "DescribeTable", R"({"TableName": "Tbl"})");
  REQUIRE(d.ok);
  return d.body["Table"].value("BillingModeSummary", Json());
}

}  // namespace

TEST_CASE("BillingModeSummary appears once a table is on demand and keeps the time it switched") {
  double now = 1000;
  const std::string path =
      (std::filesystem::temp_directory_path() / "ddblab_billing_summary_test.db").string();
  std::filesystem::remove(path);
  ddblab::EngineOptions options;
  options.path = path;
  options.clock = [&now] { return now; };
  {
    auto e = ddblab::Engine::Open(options);
    REQUIRE(e.ok());
    REQUIRE(Call(**e, "CreateTable", kCreateProvisioned).ok);
    CHECK(Summary(**e).is_null());  // never on demand
    now = 2000;
    REQUIRE(
        Call(**e, "UpdateTable", R"({"TableName": "Tbl", "BillingMode": "PAY_PER_REQUEST"})").ok);
    CHECK(Summary(**e).dump() ==
          R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":2000.0})");
    now = 3000;
    REQUIRE(Call(**e, "UpdateTable",
                 R"({"TableName": "Tbl", "BillingMode": "PROVISIONED",
                     "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}})")
                .ok);
    CHECK(Summary(**e).dump() ==
          R"({"BillingMode":"PROVISIONED","LastUpdateToPayPerRequestDateTime":2000.0})");
  }
  auto reopened = ddblab::Engine::Open(options);
  REQUIRE(reopened.ok());
  CHECK(Summary(**reopened).dump() ==
        R"({"BillingMode":"PROVISIONED","LastUpdateToPayPerRequestDateTime":2000.0})");
  reopened->reset();
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-wal");
  std::filesystem::remove(path + "-shm");
}
