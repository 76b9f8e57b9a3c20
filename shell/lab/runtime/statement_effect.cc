// What a statement did, in one shape whichever language it was written in: the lesson checks'
// normalized record (lessons/README.md, "What a check sees"). An aws-CLI request is read as it
// is; a PartiQL statement is read through the request the engine planned it into (the call's
// Effect), so `INSERT INTO t VALUE {...}` and `put-item --item {...}` give the same op, key,
// item and condition. Expressions are resolved: placeholders become attribute names and
// literals. Each item's image is the one the engine reported for it at commit: nothing is
// planned again and nothing is read back.
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lab_runtime.h"
#include "shell/session/shadow_plan.h"

namespace ddblab::lab {

namespace {

using wire::Json;

std::string Str(const Json& j, const char* member) {
  if (!j.is_object()) return "";
  auto it = j.find(member);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

// A DynamoDB JSON value as PartiQL writes it: 'text', 12, TRUE, NULL, [..], {'k': v}, <<..>>.
std::string Literal(const Json& v) {
  if (!v.is_object() || v.size() != 1) return v.dump();
  const std::string& type = v.begin().key();
  const Json& x = v.begin().value();
  auto join = [](const std::vector<std::string>& parts, const char* open, const char* close) {
    std::string out = open;
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out + close;
  };
  if ((type == "S" || type == "B") && x.is_string()) return Quote(x.get<std::string>());
  if (type == "N" && x.is_string()) return x.get<std::string>();
  if (type == "BOOL" && x.is_boolean()) return x.get<bool>() ? "TRUE" : "FALSE";
  if (type == "NULL") return "NULL";
  std::vector<std::string> parts;
  if (type == "L" && x.is_array()) {
    for (const auto& e : x) parts.push_back(Literal(e));
    return join(parts, "[", "]");
  }
  if (type == "M" && x.is_object()) {
    for (auto it = x.begin(); it != x.end(); ++it)
      parts.push_back(Quote(it.key()) + ": " + Literal(it.value()));
    return join(parts, "{", "}");
  }
  if ((type == "SS" || type == "NS" || type == "BS") && x.is_array()) {
    for (const auto& e : x) {
      if (!e.is_string()) continue;
      parts.push_back(type == "NS" ? e.get<std::string>() : Quote(e.get<std::string>()));
    }
    return join(parts, "<<", ">>");
  }
  return v.dump();
}

bool PlaceholderChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `text` with #name placeholders replaced by the names they stand for and :value placeholders
// by literals. A placeholder the request does not define is left as written.
std::string Resolve(const std::string& text, const Json& names, const Json& values) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if ((c == '#' || c == ':') && i + 1 < text.size() && PlaceholderChar(text[i + 1])) {
      size_t end = i + 1;
      while (end < text.size() && PlaceholderChar(text[end])) ++end;
      std::string token = text.substr(i, end - i);
      const Json& table = c == '#' ? names : values;
      auto it = table.is_object() ? table.find(token) : table.end();
      if (table.is_object() && it != table.end()) {
        out += c == '#' ? (it->is_string() ? it->get<std::string>() : token) : Literal(*it);
      } else {
        out += token;
      }
      i = end;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

// One request's members that say what it does, resolved; absent members stay null.
void AddExpressions(const Json& req, Json& out) {
  const Json names = req.is_object() && req.contains("ExpressionAttributeNames")
                         ? req["ExpressionAttributeNames"]
                         : Json::object();
  const Json values = req.is_object() && req.contains("ExpressionAttributeValues")
                          ? req["ExpressionAttributeValues"]
                          : Json::object();
  static constexpr std::pair<const char*, const char*> kMembers[] = {
      {"KeyConditionExpression", "key_condition"},
      {"FilterExpression", "filter"},
      {"ProjectionExpression", "projection"},
      {"ConditionExpression", "condition"},
      {"UpdateExpression", "update"}};
  for (const auto& [member, field] : kMembers) {
    std::string text = Str(req, member);
    if (!text.empty()) out[field] = Resolve(text, names, values);
  }
}

// The answer to statement `at` of a BatchExecuteStatement, or null.
const BatchStatementResponse* BatchStatement(const shell::StatementResult& r, int at) {
  if (at < 0 || !r.response) return nullptr;
  const auto* batch = ResponseAs<Operation::BatchExecuteStatement>(*r.response);
  if (batch == nullptr || static_cast<size_t>(at) >= batch->responses.size()) return nullptr;
  return &batch->responses[static_cast<size_t>(at)];
}

// The items the statement's calls wrote or checked, as the engine reported them.
std::vector<const ItemEffect*> EffectItems(const shell::StatementResult& r) {
  std::vector<const ItemEffect*> out;
  for (const CallResult& c : r.calls) {
    for (const ItemEffect& fx : c.effect.items) out.push_back(&fx);
  }
  return out;
}

// The plan the engine reported for PartiQL statement `n` of the statement's call, or null.
const Plan* StatementPlan(const shell::StatementResult& r, size_t n) {
  for (const CallResult& c : r.calls) {
    if (n < c.effect.statements.size() && c.effect.statements[n]) return &*c.effect.statements[n];
  }
  return nullptr;
}

// Key attribute names of a table (cached per record): what a put's key is made of. The keys of
// the items the engine reported say it; a table the calls wrote nothing on is described.
class KeyNames {
 public:
  KeyNames(wire::Client* client, const std::vector<const ItemEffect*>& effects)
      : client_(client), effects_(effects) {}
  const std::vector<std::string>& Of(const std::string& table) {
    auto it = cache_.find(table);
    if (it != cache_.end()) return it->second;
    std::vector<std::string>& names = cache_[table];
    for (const ItemEffect* fx : effects_) {
      if (fx->table != table || fx->key.empty()) continue;
      for (const auto& [name, value] : fx->key) names.push_back(name);
      return names;
    }
    if (client_ == nullptr || table.empty()) return names;
    DescribeTableRequest describe;
    describe.table_name = table;
    auto d = wire::Invoke<Operation::DescribeTable>(*client_, describe);
    if (!d.ok()) return names;
    for (const KeySchemaElement& k : d->table.key_schema) names.push_back(k.attribute_name);
    return names;
  }

 private:
  wire::Client* client_;
  const std::vector<const ItemEffect*>& effects_;
  std::map<std::string, std::vector<std::string>> cache_;
};

// A transaction's check of one item: an action, not an operation of its own. Its name is the one
// records show and a plan names an EXISTS statement by.
constexpr std::string_view kConditionCheck = "ConditionCheck";

// One item a write statement writes or checks, in DynamoDB JSON (key and item unconverted).
struct WriteAction {
  std::optional<Operation> op;  // PutItem, UpdateItem or DeleteItem; none for a ConditionCheck
  std::string table;
  Json request;        // the member shape of that action (Key/Item/expressions)
  int statement = -1;  // its statement in a BatchExecuteStatement, whose statements fail alone
};

// The name records give the action: its operation's, or ConditionCheck.
std::string ActionName(const WriteAction& a) {
  return std::string(a.op ? OperationName(*a.op) : kConditionCheck);
}

void AddAction(std::vector<WriteAction>& out, std::optional<Operation> op, const Json& request) {
  out.push_back({op, Str(request, "TableName"), request});
}

bool IsSingleItemWrite(std::optional<Operation> op) {
  return op == Operation::PutItem || op == Operation::UpdateItem || op == Operation::DeleteItem;
}

// The actions of an aws-CLI (or raw) write request.
void CliActions(std::optional<Operation> operation, const Json& req,
                std::vector<WriteAction>& out) {
  if (IsSingleItemWrite(operation)) {
    AddAction(out, operation, req);
  } else if (operation == Operation::TransactWriteItems && req.contains("TransactItems") &&
             req["TransactItems"].is_array()) {
    static constexpr std::pair<const char*, std::optional<Operation>> kKinds[] = {
        {"Put", Operation::PutItem},
        {"Update", Operation::UpdateItem},
        {"Delete", Operation::DeleteItem},
        {"ConditionCheck", std::nullopt}};
    for (const auto& action : req["TransactItems"]) {
      for (const auto& [member, op] : kKinds) {
        if (action.is_object() && action.contains(member)) AddAction(out, op, action[member]);
      }
    }
  } else if (operation == Operation::BatchWriteItem && req.contains("RequestItems") &&
             req["RequestItems"].is_object()) {
    for (auto t = req["RequestItems"].begin(); t != req["RequestItems"].end(); ++t) {
      if (!t.value().is_array()) continue;
      for (const auto& w : t.value()) {
        Json one = Json::object();
        one["TableName"] = t.key();
        if (w.contains("PutRequest") && w["PutRequest"].contains("Item")) {
          one["Item"] = w["PutRequest"]["Item"];
          AddAction(out, Operation::PutItem, one);
        } else if (w.contains("DeleteRequest") && w["DeleteRequest"].contains("Key")) {
          one["Key"] = w["DeleteRequest"]["Key"];
          AddAction(out, Operation::DeleteItem, one);
        }
      }
    }
  }
}

// A planned statement's request in its operation's shape (TableName added).
Json PlannedRequest(const Json& plan) {
  Json req = plan.contains("request") ? plan["request"] : Json::object();
  req["TableName"] = plan.value("table", std::string());
  if (!plan.value("index", std::string()).empty()) req["IndexName"] = plan["index"];
  return req;
}

Json KeyOf(const WriteAction& a, KeyNames& keys) {
  if (a.request.contains("Key")) return a.request["Key"];
  Json key = Json::object();
  if (!a.request.contains("Item") || !a.request["Item"].is_object()) return key;
  for (const std::string& name : keys.Of(a.table)) {
    if (a.request["Item"].contains(name)) key[name] = a.request["Item"][name];
  }
  return key;
}

// What the engine reported for the item `key` of `table`: its image before the statement (the
// first report's) and once the statement was over (the last report's: a later call of the
// statement saw the earlier one's write); null when it reported none.
struct ReportedImages {
  std::optional<Item> before, after;
};
std::optional<ReportedImages> Reported(const std::vector<const ItemEffect*>& effects,
                                       const std::string& table, const Item& key) {
  std::optional<ReportedImages> images;
  for (const ItemEffect* fx : effects) {
    if (fx->table != table || fx->key != key) continue;
    if (!images) images = ReportedImages{fx->before, fx->after};
    images->after = fx->after;
  }
  return images;
}

// A statement that cannot be planned (its table or index does not exist, it does not parse)
// still says what it was meant to do: its first word names the operation and its FROM, INTO
// or UPDATE names the table and index, so a check can name the wrong table.
Json Unplanned(const Json& statement) {
  std::string text = statement.value("Statement", std::string());
  size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return Json(nullptr);
  std::string word;
  for (size_t i = b; i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])); ++i)
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  static const std::map<std::string, std::string_view> kOps = {
      {"INSERT", OperationName(Operation::PutItem)},
      {"UPDATE", OperationName(Operation::UpdateItem)},
      {"DELETE", OperationName(Operation::DeleteItem)},
      {"SELECT", ""},
      {"EXISTS", kConditionCheck}};
  auto it = kOps.find(word);
  if (it == kOps.end()) return Json(nullptr);
  std::string index;
  std::string table = shell::PartiqlTableName(text, &index);
  return Json{{"operation", it->second}, {"table", table}, {"index", index}};
}

bool IsPartiqlOperation(std::optional<Operation> op) {
  return op == Operation::ExecuteStatement || op == Operation::ExecuteTransaction ||
         op == Operation::BatchExecuteStatement;
}

}  // namespace

void AddStatementEffect(wire::Client* client, const StatementRecord& r, bool read_images, Json& j) {
  const std::optional<Operation> operation = OperationFromName(r.operation);
  const Json& req = r.request().is_object() ? r.request() : Json::object();
  if (IsPartiqlOperation(operation)) j["language"] = "partiql";

  std::vector<WriteAction> actions;
  Json single;  // the one request whose members describe a one-request statement
  std::string planned_op;
  if (!IsPartiqlOperation(operation)) {
    single = req;
    CliActions(operation, req, actions);
  } else {
    std::vector<Json> statements;
    if (operation == Operation::ExecuteStatement) statements.push_back(req);
    for (const char* member : {"TransactStatements", "Statements"}) {
      if (req.contains(member) && req[member].is_array()) {
        for (const auto& s : req[member]) statements.push_back(s);
      }
    }
    bool all_writes = !statements.empty();
    for (size_t n = 0; n < statements.size(); ++n) {
      const Json& s = statements[n];
      const Plan* planned_by_engine = StatementPlan(r, n);
      Json plan = planned_by_engine != nullptr ? wire::PlanToJson(*planned_by_engine) : Json();
      if (plan.is_null()) plan = Unplanned(s);
      if (plan.is_null()) {
        all_writes = false;
        continue;
      }
      const std::string op_name = plan.value("operation", std::string());
      const std::optional<Operation> op = OperationFromName(op_name);
      Json planned = PlannedRequest(plan);
      if (operation == Operation::ExecuteStatement) {
        planned_op = op_name;
        single = planned;
        if (!plan.value("index", std::string()).empty()) j["index"] = plan["index"];
        if (!plan.value("table", std::string()).empty() && Str(j, "table").empty())
          j["table"] = plan["table"];
      }
      if (IsSingleItemWrite(op)) {
        AddAction(actions, op, planned);
      } else if (op_name == kConditionCheck ||
                 (op_name.empty() && planned.contains("ConditionExpression"))) {
        AddAction(actions, std::nullopt, planned);
      } else {
        all_writes = false;
        continue;
      }
      if (operation == Operation::BatchExecuteStatement) {
        actions.back().statement = static_cast<int>(n);
      }
    }
    if (operation == Operation::ExecuteTransaction) {
      planned_op = OperationName(Operation::TransactWriteItems);
    }
    if (operation == Operation::BatchExecuteStatement) {
      planned_op = OperationName(all_writes ? Operation::BatchWriteItem : Operation::BatchGetItem);
    }
  }
  // The operation that ran, or that a refused PartiQL statement planned into.
  if (!planned_op.empty() && (!r.ok || Str(j, "op") == r.operation || Str(j, "op").empty())) {
    j["op"] = planned_op;
  }
  if (Str(j, "table").empty() && !actions.empty()) j["table"] = actions.front().table;
  // A refused read still names the index it asked for.
  if (Str(j, "index").empty() && !Str(req, "IndexName").empty()) j["index"] = req["IndexName"];

  const std::vector<const ItemEffect*> effects = EffectItems(r);
  KeyNames keys(client, effects);
  if (single.is_object()) {
    AddExpressions(single, j);
    const std::optional<Operation> op = OperationFromName(Str(j, "op"));
    if (op == Operation::GetItem || IsSingleItemWrite(op)) {
      if (single.contains("Key")) j["key"] = UnmarshalItem(single["Key"]);
      if (op == Operation::PutItem && single.contains("Item")) {
        j["item"] = UnmarshalItem(single["Item"]);
        WriteAction a{op, Str(j, "table"), single};
        if (a.table.empty()) a.table = Str(single, "TableName");
        j["key"] = UnmarshalItem(KeyOf(a, keys));
      }
    }
  }

  Json writes = Json::array();
  int64_t written = 0;
  for (const WriteAction& a : actions) {
    Json w = Json::object();
    w["op"] = ActionName(a);
    w["table"] = a.table;
    Json key = KeyOf(a, keys);
    w["key"] = UnmarshalItem(key);
    if (a.request.contains("Item")) w["item"] = UnmarshalItem(a.request["Item"]);
    AddExpressions(a.request, w);
    w.erase("key_condition");
    w.erase("filter");
    w.erase("projection");
    if (read_images && !key.empty() && !a.table.empty()) {
      if (Result<Item> k = wire::ItemFromJson(key); k.ok()) {
        if (auto images = Reported(effects, a.table, *k)) {
          if (images->after) w["image"] = UnmarshalItem(wire::ItemToJson(*images->after));
          if (images->before) w["before"] = UnmarshalItem(wire::ItemToJson(*images->before));
        }
      }
    }
    // A batch statement fails on its own: its error is in the response, not the record's.
    bool failed = false;
    if (const BatchStatementResponse* response = BatchStatement(r, a.statement);
        response != nullptr && response->error) {
      failed = true;
      w["error"] = Json{{"code", wire::BatchStatementErrorCode(response->error->type)},
                        {"message", response->error->message}};
    }
    // A ConditionCheck writes nothing.
    if (r.ok && !failed && a.op) ++written;
    writes.push_back(std::move(w));
  }
  // A batch write's unprocessed requests were not written.
  if (const auto* batch =
          r.response ? ResponseAs<Operation::BatchWriteItem>(*r.response) : nullptr) {
    for (const auto& [table, requests] : batch->unprocessed_items) {
      written -= static_cast<int64_t>(requests.size());
    }
  }
  j["writes"] = std::move(writes);
  j["written"] = written < 0 ? 0 : written;
}

}  // namespace ddblab::lab
