#include "shell/views/table_view.h"

#include <utility>

#include "shell/render/render.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;

Result<Json> Call(wire::Client& client, std::string_view op, const Json& request) {
  wire::JsonResult r = client.Call(op, request);
  if (!r.ok) return r.error;
  return std::move(r.body);
}

Json KeysOf(const Json& schema) {
  Json keys = Json::object();
  if (!schema.is_array()) return keys;
  for (const Json& k : schema) {
    const std::string name = k.value("AttributeName", "");
    keys[k.value("KeyType", "") == "HASH" ? "partition" : "sort"] = name;
  }
  return keys;
}

// Scans the table (or one of its indexes) up to kMaxPageItems items or kMaxPageBytes, the
// items as DynamoDB JSON for the browser.
Result<Json> ScanItems(wire::Client& client, const std::string& table, const std::string& index) {
  ScanRequest request;
  request.table_name = table;
  if (!index.empty()) request.index_name = index;
  Json items = Json::array();
  bool truncated = false;
  int64_t bytes = 0;
  for (;;) {
    request.limit = static_cast<int64_t>(kMaxPageItems + 1 - items.size());
    auto page = wire::Invoke<Operation::Scan>(client, request);
    if (!page.ok()) return page.error();
    for (const ResultItem& item : page->items) {
      bytes += static_cast<int64_t>(ItemSizeBytes(item.item()));
      if (items.size() == kMaxPageItems || (bytes > kMaxPageBytes && !items.empty())) {
        truncated = true;
        break;
      }
      items.push_back(wire::ItemToJson(item));
    }
    if (truncated || !page->last_evaluated_key) break;
    request.exclusive_start_key = std::move(page->last_evaluated_key);
  }
  return Json{{"items", std::move(items)}, {"truncated", truncated}};
}

Result<Json> Describe(wire::Client& client, const std::string& table) {
  Result<Json> d = Call(client, "DescribeTable", Json{{"TableName", table}});
  if (!d.ok()) return d.error();
  return std::move((*d)["Table"]);
}

}  // namespace

Result<Json> TableNames(wire::Client& client) {
  Json names = Json::array();
  Json request = Json::object();
  for (;;) {
    Result<Json> page = Call(client, "ListTables", request);
    if (!page.ok()) return page.error();
    for (const Json& n : (*page)["TableNames"]) names.push_back(n);
    if (!page->contains("LastEvaluatedTableName")) break;
    request["ExclusiveStartTableName"] = (*page)["LastEvaluatedTableName"];
  }
  return names;
}

Result<Json> TableView(wire::Client& client, const std::string& table) {
  Result<Json> description = Describe(client, table);
  if (!description.ok()) return description.error();
  Result<Json> base = ScanItems(client, table, "");
  if (!base.ok()) return base.error();
  Json view = {{"name", table},
               {"keys", KeysOf(description->value("KeySchema", Json()))},
               {"items", std::move((*base)["items"])},
               {"truncated", (*base)["truncated"]}};
  Json indexes = Json::array();
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!description->contains(kind)) continue;
    for (const Json& index : (*description)[kind]) {
      const std::string name = index.value("IndexName", "");
      Result<Json> scanned = ScanItems(client, table, name);
      if (!scanned.ok()) return scanned.error();
      indexes.push_back({{"name", name},
                         {"kind", std::string(kind).starts_with("Global") ? "GSI" : "LSI"},
                         {"keys", KeysOf(index.value("KeySchema", Json()))},
                         {"projection", index.value("Projection", Json::object())},
                         {"items", std::move((*scanned)["items"])},
                         {"truncated", (*scanned)["truncated"]}});
    }
  }
  view["indexes"] = std::move(indexes);
  view["description"] = std::move(*description);
  return view;
}

Result<Json> PartitionMaps(wire::Client& client, const std::string& table) {
  Result<Json> description = Describe(client, table);
  if (!description.ok()) return description.error();
  Json maps = Json::array();
  if (!client.IsRemote()) {
    std::vector<std::string> names = {""};
    for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!description->contains(kind)) continue;
      for (const Json& index : (*description)[kind]) names.push_back(index.value("IndexName", ""));
    }
    for (const std::string& name : names) {
      Json request = {{"TableName", table}};
      if (!name.empty()) request["IndexName"] = name;
      Result<Json> map = Call(client, wire::kDescribePartitionsOperation, request);
      if (!map.ok()) return map.error();
      maps.push_back(std::move(*map));
    }
  }
  return Json{{"table", table}, {"maps", std::move(maps)}};
}

}  // namespace ddblab::shell::page
