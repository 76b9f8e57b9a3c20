// Locating items in typed responses and ordering their columns.
#include "render_items.h"

#include <algorithm>
#include <map>
#include <set>

namespace ddblab::shell {

namespace {

void AddAll(const std::vector<ResultItem>& from, std::vector<const Item*>& to) {
  to.reserve(to.size() + from.size());
  for (const ResultItem& item : from) to.push_back(&item.item());
}

// Responses that answer one entry per request, some with an item (TransactGetItems,
// ExecuteTransaction), grouped by table where the entries name one.
void AddEntries(const std::vector<ItemResponse>& entries, const std::string& table,
                std::vector<ItemSet>& sets) {
  ItemSet s{table.empty() ? "Responses" : table, table, "", {}};
  for (const ItemResponse& entry : entries) {
    if (entry.item) s.items.push_back(&entry.item->item());
  }
  if (!s.items.empty()) sets.push_back(std::move(s));
}

}  // namespace

bool HasItemFields(const StatementResult& r) {
  if (!r.response) return false;
  if (const QueryResponse* page = QueryOrScanPage(*r.response)) return !page->count_only;
  switch (OperationOf(*r.response)) {
    case Operation::ExecuteStatement:
    case Operation::BatchGetItem:
    case Operation::BatchExecuteStatement:
      return true;
    case Operation::GetItem:
      return ResponseAs<Operation::GetItem>(*r.response)->item.has_value();
    case Operation::TransactGetItems:
      return !ResponseAs<Operation::TransactGetItems>(*r.response)->responses.empty();
    case Operation::ExecuteTransaction:
      return !ResponseAs<Operation::ExecuteTransaction>(*r.response)->responses.empty();
    case Operation::PutItem:
      return ResponseAs<Operation::PutItem>(*r.response)->attributes.has_value();
    case Operation::UpdateItem:
      return ResponseAs<Operation::UpdateItem>(*r.response)->attributes.has_value();
    case Operation::DeleteItem:
      return ResponseAs<Operation::DeleteItem>(*r.response)->attributes.has_value();
    default:
      return false;
  }
}

std::vector<ItemSet> FindItemSets(const StatementResult& r) {
  std::vector<ItemSet> sets;
  if (!HasItemFields(r)) return sets;
  const Response& resp = *r.response;
  const std::string& table = r.merged().trace.table;
  const std::string& index = r.merged().trace.index;
  if (const QueryResponse* page = QueryOrScanPage(resp)) {
    if (page->count_only) return sets;
    ItemSet s{"", table, index, {}};
    AddAll(page->items, s.items);
    sets.push_back(std::move(s));
  } else if (const auto* statement = ResponseAs<Operation::ExecuteStatement>(resp)) {
    ItemSet s{"", table, index, {}};
    AddAll(statement->items, s.items);
    sets.push_back(std::move(s));
  } else if (const auto* get = ResponseAs<Operation::GetItem>(resp)) {
    sets.push_back(ItemSet{"", table, "", {&get->item->item()}});
  } else if (const auto* put = ResponseAs<Operation::PutItem>(resp)) {
    sets.push_back(ItemSet{"Attributes", table, "", {&*put->attributes}});
  } else if (const auto* update = ResponseAs<Operation::UpdateItem>(resp)) {
    sets.push_back(ItemSet{"Attributes", table, "", {&*update->attributes}});
  } else if (const auto* del = ResponseAs<Operation::DeleteItem>(resp)) {
    sets.push_back(ItemSet{"Attributes", table, "", {&*del->attributes}});
  } else if (const auto* batch = ResponseAs<Operation::BatchGetItem>(resp)) {
    for (const auto& [name, items] : batch->responses) {
      ItemSet s{name, name, "", {}};
      AddAll(items, s.items);
      sets.push_back(std::move(s));
    }
  } else if (const auto* tx = ResponseAs<Operation::TransactGetItems>(resp)) {
    AddEntries(tx->responses, table, sets);
  } else if (const auto* ptx = ResponseAs<Operation::ExecuteTransaction>(resp)) {
    AddEntries(ptx->responses, table, sets);
  } else if (const auto* statements = ResponseAs<Operation::BatchExecuteStatement>(resp)) {
    std::map<std::string, size_t> by_table;
    for (const BatchStatementResponse& entry : statements->responses) {
      if (!entry.item) continue;
      const std::string& t = entry.table_name.empty() ? table : entry.table_name;
      auto [pos, added] = by_table.emplace(t, sets.size());
      if (added) sets.push_back(ItemSet{t.empty() ? "Responses" : t, t, "", {}});
      sets[pos->second].items.push_back(&entry.item->item());
    }
  }
  return sets;
}

std::vector<std::string> ColumnOrder(const std::vector<const Item*>& items,
                                     const std::vector<std::string>& key_names) {
  std::set<std::string> present;
  for (const Item* item : items) {
    for (const auto& [name, value] : *item) present.insert(name);
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

std::string CollectionOf(const Item& item, const std::vector<std::string>& hash_keys) {
  std::string out;
  for (const std::string& k : hash_keys) {
    auto it = item.find(k);
    if (it != item.end()) {
      // The type keeps the string "4" and the number 4 apart.
      out += AttrTypeName(it->second.type);
      out += ':';
      out += CellText(it->second);
    }
    out += '\x1f';
  }
  return out;
}

std::vector<const Item*> GroupByCollection(const std::vector<const Item*>& items,
                                           const std::vector<std::string>& hash_keys) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Item*>> groups;
  for (const Item* item : items) {
    std::string k = CollectionOf(*item, hash_keys);
    auto [it, added] = groups.try_emplace(k);
    if (added) order.push_back(k);
    it->second.push_back(item);
  }
  std::vector<const Item*> out;
  out.reserve(items.size());
  for (const auto& k : order) {
    for (const Item* item : groups[k]) out.push_back(item);
  }
  return out;
}

}  // namespace ddblab::shell
