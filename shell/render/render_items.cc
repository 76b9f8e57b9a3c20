// Locating items in responses and ordering their columns.
#include "render_items.h"

#include <algorithm>
#include <map>
#include <set>

namespace ddblab::shell {

using wire::Json;

namespace {
std::string RequestTable(const StatementResult& r) {
  if (r.request.is_object() && r.request.contains("TableName") &&
      r.request["TableName"].is_string()) {
    return r.request["TableName"].get<std::string>();
  }
  for (const auto& c : r.calls) {
    if (!c.trace.table.empty()) return c.trace.table;
  }
  return "";
}
std::string RequestIndex(const StatementResult& r) {
  if (r.request.is_object() && r.request.contains("IndexName") &&
      r.request["IndexName"].is_string()) {
    return r.request["IndexName"].get<std::string>();
  }
  for (const auto& c : r.calls) {
    if (!c.trace.table.empty()) return c.trace.index;
  }
  return "";
}
}  // namespace

bool HasItemFields(const wire::Json& o) {
  return o.is_object() && (o.contains("Items") || o.contains("Item") || o.contains("Attributes") ||
                           o.contains("Responses"));
}

std::vector<ItemSet> FindItemSets(const StatementResult& r) {
  std::vector<ItemSet> sets;
  const Json& o = r.output();
  if (!o.is_object()) return sets;
  const std::string table = RequestTable(r);
  const std::string index = RequestIndex(r);
  if (o.contains("Items") && o["Items"].is_array()) {
    ItemSet s{"", table, index, {}};
    for (const auto& it : o["Items"]) s.items.push_back(it);
    sets.push_back(std::move(s));
  }
  if (o.contains("Item") && o["Item"].is_object()) {
    sets.push_back(ItemSet{"", table, "", {o["Item"]}});
  }
  if (o.contains("Attributes") && o["Attributes"].is_object()) {
    sets.push_back(ItemSet{"Attributes", table, "", {o["Attributes"]}});
  }
  if (o.contains("Responses")) {
    const Json& resp = o["Responses"];
    if (resp.is_object()) {  // BatchGetItem: {table: [items]}
      for (auto it = resp.begin(); it != resp.end(); ++it) {
        ItemSet s{it.key(), it.key(), "", {}};
        if (it.value().is_array()) {
          for (const auto& item : it.value()) s.items.push_back(item);
        }
        sets.push_back(std::move(s));
      }
    } else if (resp.is_array()) {  // TransactGetItems, BatchExecuteStatement, ExecuteTransaction
      std::map<std::string, size_t> by_table;
      for (const auto& entry : resp) {
        if (!entry.is_object() || !entry.contains("Item")) continue;
        std::string t = entry.value("TableName", table);
        auto [pos, added] = by_table.emplace(t, sets.size());
        if (added) sets.push_back(ItemSet{t.empty() ? "Responses" : t, t, "", {}});
        sets[pos->second].items.push_back(entry["Item"]);
      }
    }
  }
  return sets;
}

std::vector<std::string> ColumnOrder(const std::vector<wire::Json>& items,
                                     const std::vector<std::string>& key_names) {
  std::set<std::string> present;
  for (const auto& item : items) {
    if (!item.is_object()) continue;
    for (auto it = item.begin(); it != item.end(); ++it) present.insert(it.key());
  }
  std::vector<std::string> cols;
  for (const auto& k : key_names) {
    if (present.count(k) != 0 && std::find(cols.begin(), cols.end(), k) == cols.end()) {
      cols.push_back(k);
    }
  }
  for (const auto& name : present) {
    if (std::find(cols.begin(), cols.end(), name) == cols.end()) cols.push_back(name);
  }
  return cols;
}

std::string CollectionOf(const wire::Json& item, const std::vector<std::string>& hash_keys) {
  std::string out;
  for (const std::string& k : hash_keys) {
    if (item.is_object() && item.contains(k)) out += item[k].dump();
    out += '\x1f';
  }
  return out;
}

std::vector<wire::Json> GroupByCollection(const std::vector<wire::Json>& items,
                                          const std::string& first_key) {
  return GroupByCollection(items, std::vector<std::string>{first_key});
}

std::vector<wire::Json> GroupByCollection(const std::vector<wire::Json>& items,
                                          const std::vector<std::string>& hash_keys) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Json*>> groups;
  for (const auto& item : items) {
    std::string k = CollectionOf(item, hash_keys);
    auto [it, added] = groups.try_emplace(k);
    if (added) order.push_back(k);
    it->second.push_back(&item);
  }
  std::vector<wire::Json> out;
  out.reserve(items.size());
  for (const auto& k : order) {
    for (const Json* j : groups[k]) out.push_back(*j);
  }
  return out;
}

}  // namespace ddblab::shell
