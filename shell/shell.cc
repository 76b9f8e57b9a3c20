// Shell: routes one complete input to its language (dot-command, aws-CLI, PartiQL, EXPLAIN),
// runs it against the client, renders it and tells lesson observers.
#include "shell/shell.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <set>

#include "shell/dot_commands.h"
#include "shell/render.h"
#include "shell/script.h"

namespace ddblab::shell {

using wire::Json;

namespace {

std::string_view TrimLeft(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return s;
}

std::string_view Trim(std::string_view s) {
  s = TrimLeft(s);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string FirstWord(std::string_view s) {
  s = TrimLeft(s);
  size_t end = 0;
  while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end])) && s[end] != '(' &&
         s[end] != ';') {
    ++end;
  }
  return Lower(s.substr(0, end));
}

bool IsPartiqlWord(const std::string& w) {
  return w == "select" || w == "insert" || w == "update" || w == "delete" || w == "exists";
}

// Removes a trailing `;` (optional in both languages) and joins backslash-continued lines.
std::string Normalize(std::string_view input) {
  std::string s(Trim(input));
  while (!s.empty() && s.back() == ';') {
    s.pop_back();
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  }
  return s;
}

std::string JoinPartiqlLines(std::string s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
      out += ' ';
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool PartiqlIncomplete(std::string_view s) {
  char quote = 0;
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (quote != 0) {
      if (c == quote) {
        if (i + 1 < s.size() && s[i + 1] == quote) {
          ++i;  // '' or "" inside a literal
        } else {
          quote = 0;
        }
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '{' || c == '[' || c == '(') {
      ++depth;
    } else if (c == '}' || c == ']' || c == ')') {
      --depth;
    } else if (c == '<' && i + 1 < s.size() && s[i + 1] == '<') {
      ++depth;
      ++i;
    } else if (c == '>' && i + 1 < s.size() && s[i + 1] == '>') {
      --depth;
      ++i;
    }
  }
  if (quote != 0 || depth > 0) return true;
  std::string_view t = Trim(s);
  return !t.empty() && t.back() == '\\';
}

// Number of `?` placeholders outside literals and quoted names.
int CountPlaceholders(std::string_view s) {
  char quote = 0;
  int n = 0;
  for (char c : s) {
    if (quote != 0) {
      if (c == quote) quote = 0;  // a doubled quote re-enters immediately; the count is unaffected
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '?') {
      ++n;
    }
  }
  return n;
}

bool IsControlPlane(const std::string& op) {
  return op == "CreateTable" || op == "DeleteTable" || op == "UpdateTable";
}

// A negative column marks an error of the aws-CLI layer itself; -252 is its usage error.
bool IsParseFailure(const Error& e) {
  return e.column > 0 || e.column == -252 || e.message.starts_with("Statement wasn't well formed");
}

double MillisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

InputKind ClassifyInput(std::string_view input) {
  std::string_view t = TrimLeft(input);
  if (t.empty()) return InputKind::kEmpty;
  if (t.front() == '.') return InputKind::kDot;
  std::string w = FirstWord(t);
  if (w == "explain") return InputKind::kExplain;
  if (IsPartiqlWord(w)) return InputKind::kPartiql;
  return InputKind::kCli;
}

bool InputIncomplete(std::string_view buffer) {
  switch (ClassifyInput(buffer)) {
    case InputKind::kEmpty:
    case InputKind::kDot:
      return false;
    case InputKind::kPartiql:
      return PartiqlIncomplete(buffer);
    case InputKind::kExplain: {
      std::string_view rest = TrimLeft(TrimLeft(buffer).substr(7));
      if (rest.empty()) return false;
      return IsPartiqlWord(FirstWord(rest)) ? PartiqlIncomplete(rest) : NeedsContinuation(rest);
    }
    case InputKind::kCli:
      return NeedsContinuation(buffer);
  }
  return false;
}

Shell::Shell(std::unique_ptr<wire::Client> client, OutputSink& sink)
    : client_(std::move(client)), sink_(sink) {}

void Shell::SetClient(std::unique_ptr<wire::Client> client) {
  client_ = std::move(client);
  key_cache_.clear();
  more_cli_.reset();
  more_partiql_.reset();
}

std::string Shell::Prompt() const {
  std::string tag = prompt_tag_;
  if (tag.empty() && client_ && client_->engine() == nullptr) tag = "endpoint";
  return tag.empty() ? "ddblab> " : "ddblab (" + tag + ")> ";
}

std::string Shell::ContinuationPrompt() const {
  size_t width = Prompt().size();
  return std::string(width > 5 ? width - 5 : 0, ' ') + "...> ";
}

std::string Shell::cwd() const {
  char buf[4096];
  return getcwd(buf, sizeof buf) != nullptr ? std::string(buf) : std::string(".");
}

void Shell::AddObserver(std::shared_ptr<StatementObserver> observer) {
  if (observer) observers_.push_back(std::move(observer));
}

void Shell::RemoveObserver(const StatementObserver* observer) {
  observers_.erase(std::remove_if(observers_.begin(), observers_.end(),
                                  [&](const auto& o) { return o.get() == observer; }),
                   observers_.end());
}

bool Shell::Run(std::string_view statement) {
  // Lesson setup runs without notifying observers, and without being echoed.
  auto saved = std::move(observers_);
  observers_.clear();
  Outcome o = Execute(statement);
  for (auto& s : saved) observers_.push_back(std::move(s));
  return o == Outcome::kOk;
}

Outcome Shell::Execute(std::string_view input) {
  InputKind kind = ClassifyInput(input);
  Outcome outcome = ExecuteInput(input);
  std::string_view t = Trim(input);
  bool is_check = kind == InputKind::kDot && (t == ".check" || t.starts_with(".check "));
  if (kind != InputKind::kEmpty && !is_check) {
    last_outcome_ = outcome;
    last_was_statement_ = kind != InputKind::kDot;
  }
  return outcome;
}

Outcome Shell::ExecuteInput(std::string_view input) {
  StatementResult r;
  r.input = std::string(Trim(input));
  r.kind = ClassifyInput(input);
  switch (r.kind) {
    case InputKind::kEmpty:
      return Outcome::kOk;
    case InputKind::kDot:
      return RunDotCommand(*this, r.input);
    case InputKind::kCli:
      return RunCli(Normalize(input), r);
    case InputKind::kPartiql:
      return RunPartiql(Normalize(input), r);
    case InputKind::kExplain:
      return RunExplain(Normalize(input), r);
  }
  return Outcome::kOk;
}

Outcome Shell::Finish(StatementResult r, bool notify) {
  RenderContext ctx;
  ctx.settings = settings_;
  ctx.keys = [this](const std::string& t, const std::string& i) { return Keys(t, i); };
  Render(r, ctx, sink_);
  Outcome outcome =
      r.ok ? Outcome::kOk : (r.parse_error ? Outcome::kParseError : Outcome::kEngineError);
  last_ = std::move(r);
  if (notify && !observers_.empty() && last_->kind != InputKind::kExplain) {
    wire::JsonResult merged = MergeCalls(*last_);
    // Observers may remove themselves while being notified.
    auto observers = observers_;
    for (auto& o : observers) o->OnStatement(last_->input, merged, *this);
  }
  return outcome;
}

Outcome Shell::RunCli(std::string_view input, StatementResult& r) {
  auto words = SplitWords(input);
  if (!words.ok()) {
    r.error = words.error();
    r.parse_error = true;
    return Finish(std::move(r), true);
  }
  if (words->empty()) return Outcome::kOk;
  auto command = ParseCliCommand(*words, cwd());
  if (!command.ok()) {
    r.error = command.error();
    r.parse_error = true;
    return Finish(std::move(r), true);
  }
  r.subcommand = command->subcommand;
  r.operation = command->operation;
  r.request = command->request;
  auto start = std::chrono::steady_clock::now();
  CliOutcome out = RunCliCommand(*client_, *command);
  r.elapsed_ms = MillisSince(start);
  r.ok = out.ok;
  r.error = out.error;
  r.parse_error = !out.ok && IsParseFailure(out.error);
  r.output = out.ok ? out.output : Json(nullptr);
  r.calls = std::move(out.calls);
  if (IsControlPlane(r.operation)) key_cache_.clear();
  more_cli_.reset();
  more_partiql_.reset();
  if (r.ok && r.output.is_object()) {
    CliCommand next = *command;
    bool more = false;
    if (r.output.contains("NextToken") && r.output["NextToken"].is_string()) {
      next.starting_token = r.output["NextToken"].get<std::string>();
      more = true;
    } else if (r.output.contains("LastEvaluatedKey")) {
      next.request["ExclusiveStartKey"] = r.output["LastEvaluatedKey"];
      more = true;
    } else if (r.output.contains("LastEvaluatedTableName")) {
      next.request["ExclusiveStartTableName"] = r.output["LastEvaluatedTableName"];
      more = true;
    }
    if (more) {
      more_cli_ = std::move(next);
      more_input_ = r.input;
    }
  }
  return Finish(std::move(r), true);
}

Outcome Shell::RunPartiql(std::string_view input, StatementResult& r) {
  std::string statement = JoinPartiqlLines(std::string(input));
  r.operation = "ExecuteStatement";
  Json request = {{"Statement", statement}};
  int placeholders = CountPlaceholders(statement);
  if (placeholders > 0) {
    Json params = Json::array();
    for (int i = 1; i <= placeholders; ++i) {
      auto it = params_.find(i);
      if (it == params_.end()) {
        r.error = ValidationError("the statement has " + std::to_string(placeholders) +
                                  " ? placeholders but no value for number " + std::to_string(i) +
                                  "; set one with .param set " + std::to_string(i) + " VALUE");
        r.parse_error = true;
        return Finish(std::move(r), true);
      }
      params.push_back(it->second);
    }
    request["Parameters"] = params;
  }
  r.request = request;
  auto start = std::chrono::steady_clock::now();
  wire::JsonResult res = client_->Call("ExecuteStatement", request);
  r.elapsed_ms = MillisSince(start);
  r.ok = res.ok;
  r.error = res.error;
  r.parse_error = !res.ok && IsParseFailure(res.error);
  r.output = res.ok ? res.body : Json(nullptr);
  r.calls.push_back(std::move(res));
  more_cli_.reset();
  more_partiql_.reset();
  if (r.ok && r.output.is_object() && r.output.contains("NextToken")) {
    Json next = request;
    next["NextToken"] = r.output["NextToken"];
    more_partiql_ = std::move(next);
    more_input_ = r.input;
  }
  return Finish(std::move(r), true);
}

Outcome Shell::RunExplain(std::string_view input, StatementResult& r) {
  std::string rest(TrimLeft(input.substr(std::min<size_t>(7, input.size()))));
  Engine* engine = client_->engine();
  auto fail = [&](std::string message, bool parse) {
    r.error = ValidationError(std::move(message));
    r.parse_error = parse;
    return Finish(std::move(r), false);
  };
  if (rest.empty()) return fail("EXPLAIN needs a PartiQL statement or an aws-CLI read", true);
  if (engine == nullptr) return fail("EXPLAIN needs the embedded engine, not an endpoint", false);
  wire::JsonResult res;
  if (IsPartiqlWord(FirstWord(rest))) {
    r.operation = "ExecuteStatement";
    r.request = {{"Statement", JoinPartiqlLines(rest)}};
    res = wire::ExplainJson(*engine, "ExecuteStatement", r.request);
  } else {
    auto words = SplitWords(rest);
    if (!words.ok()) {
      r.error = words.error();
      r.parse_error = true;
      return Finish(std::move(r), false);
    }
    auto command = ParseCliCommand(*words, cwd());
    if (!command.ok()) {
      r.error = command.error();
      r.parse_error = true;
      return Finish(std::move(r), false);
    }
    r.operation = command->operation;
    r.request = command->request;
    if (r.operation == "Query" || r.operation == "Scan") {
      res = wire::ExplainJson(*engine, r.operation, r.request);
    } else if (r.operation == "GetItem") {
      // A GetItem has only one possible plan: the full primary key names one item.
      res.ok = true;
      std::string key;
      const Json k = r.request.value("Key", Json::object());
      for (auto it = k.begin(); it != k.end(); ++it) {
        if (!key.empty()) key += " AND ";
        key += it.key() + " = " + PlainJson(it.value());
      }
      res.body = {{"operation", "GetItem"},
                  {"table", r.request.value("TableName", std::string())},
                  {"index", ""},
                  {"key_condition", key},
                  {"filter", ""},
                  {"reason", "the full primary key names exactly one item"},
                  {"full_scan", false}};
    } else {
      return fail("EXPLAIN works on PartiQL statements and on query, scan and get-item, not " +
                      command->subcommand,
                  true);
    }
  }
  r.ok = res.ok;
  r.error = res.error;
  r.parse_error = !res.ok && IsParseFailure(res.error);
  r.output = res.ok ? res.body : Json(nullptr);
  return Finish(std::move(r), false);
}

bool Shell::HasMorePages() const { return more_cli_.has_value() || more_partiql_.has_value(); }

Outcome Shell::More() {
  StatementResult r;
  r.input = more_input_;
  if (more_cli_) {
    CliCommand command = *more_cli_;
    r.kind = InputKind::kCli;
    return [&]() {
      r.subcommand = command.subcommand;
      r.operation = command.operation;
      r.request = command.request;
      auto start = std::chrono::steady_clock::now();
      CliOutcome out = RunCliCommand(*client_, command);
      r.elapsed_ms = MillisSince(start);
      r.ok = out.ok;
      r.error = out.error;
      r.output = out.ok ? out.output : Json(nullptr);
      r.calls = std::move(out.calls);
      more_cli_.reset();
      if (r.ok && r.output.is_object()) {
        if (r.output.contains("NextToken") && r.output["NextToken"].is_string()) {
          command.starting_token = r.output["NextToken"].get<std::string>();
          more_cli_ = command;
        } else if (r.output.contains("LastEvaluatedKey")) {
          command.request["ExclusiveStartKey"] = r.output["LastEvaluatedKey"];
          more_cli_ = command;
        }
      }
      return Finish(std::move(r), true);
    }();
  }
  if (more_partiql_) {
    Json request = *more_partiql_;
    r.kind = InputKind::kPartiql;
    r.operation = "ExecuteStatement";
    r.request = request;
    auto start = std::chrono::steady_clock::now();
    wire::JsonResult res = client_->Call("ExecuteStatement", request);
    r.elapsed_ms = MillisSince(start);
    r.ok = res.ok;
    r.error = res.error;
    r.output = res.ok ? res.body : Json(nullptr);
    r.calls.push_back(std::move(res));
    more_partiql_.reset();
    if (r.ok && r.output.is_object() && r.output.contains("NextToken")) {
      request["NextToken"] = r.output["NextToken"];
      more_partiql_ = request;
    }
    return Finish(std::move(r), true);
  }
  sink_.ErrLine(".more: the last read has no more pages");
  return Outcome::kOtherError;
}

KeyInfo Shell::Keys(const std::string& table, const std::string& index) {
  KeyInfo info;
  auto it = key_cache_.find(table);
  if (it == key_cache_.end()) {
    wire::JsonResult res = client_->Call("DescribeTable", Json{{"TableName", table}});
    if (!res.ok || !res.body.contains("Table")) return info;
    it = key_cache_.emplace(table, res.body["Table"]).first;
  }
  const Json& t = it->second;
  auto add_keys = [&](const Json& schema) {
    if (!schema.is_array()) return;
    for (const char* type : {"HASH", "RANGE"}) {
      for (const auto& k : schema) {
        std::string name = k.value("AttributeName", "");
        if (k.value("KeyType", "") == type &&
            std::find(info.key_names.begin(), info.key_names.end(), name) == info.key_names.end()) {
          info.key_names.push_back(name);
        }
      }
    }
  };
  if (!index.empty()) {
    for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!t.contains(kind) || !t[kind].is_array()) continue;
      for (const auto& ix : t[kind]) {
        if (ix.value("IndexName", "") != index) continue;
        add_keys(ix.value("KeySchema", Json::array()));
        info.global_index = kind[0] == 'G';
      }
    }
  }
  add_keys(t.value("KeySchema", Json::array()));
  return info;
}

std::vector<std::string> Shell::TableNames() {
  std::vector<std::string> names;
  Json request = Json::object();
  for (int page = 0; page < 100; ++page) {
    wire::JsonResult res = client_->Call("ListTables", request);
    if (!res.ok || !res.body.contains("TableNames")) break;
    for (const auto& n : res.body["TableNames"]) {
      if (n.is_string()) names.push_back(n.get<std::string>());
    }
    if (!res.body.contains("LastEvaluatedTableName")) break;
    request["ExclusiveStartTableName"] = res.body["LastEvaluatedTableName"];
  }
  return names;
}

std::vector<std::string> Shell::IndexNames(const std::string& table) {
  std::vector<std::string> names;
  Keys(table, "");
  auto it = key_cache_.find(table);
  if (it == key_cache_.end()) return names;
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!it->second.contains(kind)) continue;
    for (const auto& ix : it->second[kind]) names.push_back(ix.value("IndexName", ""));
  }
  return names;
}

std::vector<std::string> Shell::AttributeNames(const std::string& table) {
  std::set<std::string> names;
  Keys(table, "");
  auto it = key_cache_.find(table);
  if (it == key_cache_.end()) return {};
  for (const auto& d : it->second.value("AttributeDefinitions", Json::array())) {
    names.insert(d.value("AttributeName", ""));
  }
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!it->second.contains(kind)) continue;
    for (const auto& ix : it->second[kind]) {
      const Json p = ix.value("Projection", Json::object());
      for (const auto& a : p.value("NonKeyAttributes", Json::array())) {
        if (a.is_string()) names.insert(a.get<std::string>());
      }
    }
  }
  return {names.begin(), names.end()};
}

int Shell::RunScriptFile(const std::string& path, bool keep_going) {
  std::ifstream in(path);
  if (!in) {
    sink_.ErrLine("cannot open " + path);
    return 1;
  }
  if (script_depth >= 16) {
    sink_.ErrLine(".read: scripts nested more than 16 deep (does " + path + " read itself?)");
    return 1;
  }
  ++script_depth;
  ScriptOptions options;
  options.name = path;
  options.keep_going = keep_going;
  int status = RunScript(*this, in, options);
  --script_depth;
  return status;
}

}  // namespace ddblab::shell
