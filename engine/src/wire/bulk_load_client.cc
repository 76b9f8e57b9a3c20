// Client::BulkLoad's default, for any endpoint that speaks DynamoDB JSON: BatchWriteItem calls
// of up to 25 puts (DynamoDB's limit per call), with unprocessed items sent again.
#include <chrono>
#include <set>
#include <thread>

#include "ddblab/wire.h"

namespace ddblab::wire {
namespace {

constexpr size_t kBatchSize = 25;
// DynamoDB asks for unprocessed items to be retried with exponential backoff; after this many
// rounds without progress the load stops with the service's throttling as its error.
constexpr int kMaxRetries = 8;

// The key attribute names of `table` (base table only: index keys are ordinary attributes).
Result<std::vector<std::string>> KeyNames(Client& client, const std::string& table) {
  JsonResult d = client.Call("DescribeTable", Json{{"TableName", table}});
  if (!d.ok) return d.error;
  std::vector<std::string> names;
  for (const Json& k : d.body["Table"].value("KeySchema", Json::array())) {
    if (k.contains("AttributeName") && k["AttributeName"].is_string()) {
      names.push_back(k["AttributeName"].get<std::string>());
    }
  }
  return names;
}

// An item's key as text, to spot a key repeated within one batch.
std::string KeyText(const Item& item, const std::vector<std::string>& names) {
  std::string key;
  for (const std::string& name : names) {
    auto it = item.find(name);
    key += (it == item.end() ? std::string("-") : ValueToJson(it->second).dump()) + "\n";
  }
  return key;
}

// Sends one batch of puts, again and again while the service leaves some unprocessed.
Status SendBatch(Client& client, const std::string& table, Json puts) {
  for (int attempt = 0;; ++attempt) {
    Json request = {{"RequestItems", Json{{table, std::move(puts)}}}};
    JsonResult r = client.Call("BatchWriteItem", request);
    if (!r.ok) return r.error;
    const Json& unprocessed = r.body.value("UnprocessedItems", Json::object());
    if (!unprocessed.contains(table) || unprocessed[table].empty()) return OkStatus();
    if (attempt == kMaxRetries) {
      return MakeError(ErrorType::kProvisionedThroughputExceededException,
                       "the endpoint left " + std::to_string(unprocessed[table].size()) +
                           " items unprocessed after " + std::to_string(kMaxRetries) + " retries");
    }
    puts = unprocessed[table];
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(1000, 25 << attempt)));
  }
}

}  // namespace

BulkLoadResult Client::BulkLoad(const std::string& table, const ItemSource& next) {
  BulkLoadResult out;
  auto keys = KeyNames(*this, table);
  if (!keys.ok()) {
    out.error = keys.error();
    return out;
  }
  Json puts = Json::array();
  // One BatchWriteItem may not name a key twice; a repeated key starts the next batch, so the
  // later item replaces the earlier one as it would on its own.
  std::set<std::string> batch_keys;
  auto flush = [&]() -> Status {
    if (puts.empty()) return OkStatus();
    size_t n = puts.size();
    DDB_TRY(SendBatch(*this, table, std::move(puts)));
    out.written += static_cast<int64_t>(n);
    puts = Json::array();
    batch_keys.clear();
    return OkStatus();
  };
  while (true) {
    Result<std::optional<Item>> item = next();
    if (!item.ok()) {
      out.error = item.error();
      return out;
    }
    if (!item->has_value()) break;
    std::string key = KeyText(**item, *keys);
    if (batch_keys.count(key) > 0 || puts.size() == kBatchSize) {
      if (Status st = flush(); !st.ok()) {
        out.error = st.error();
        return out;
      }
    }
    batch_keys.insert(std::move(key));
    puts.push_back(Json{{"PutRequest", Json{{"Item", ItemToJson(**item)}}}});
  }
  if (Status st = flush(); !st.ok()) out.error = st.error();
  return out;
}

}  // namespace ddblab::wire
