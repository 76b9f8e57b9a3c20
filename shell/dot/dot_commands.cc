// The dot-command table and its handlers.
#include "shell/dot/dot_commands.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "generate_command.h"
#include "model_commands.h"
#include "shell/render/hints.h"
#include "shell/render/render.h"
#include "shell/repl/script.h"
#include "shell/session/data_file.h"
#include "transfer_commands.h"

namespace ddblab::shell {

using wire::Json;

namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<bool> OnOff(const std::vector<std::string>& args) {
  if (args.size() != 1) return std::nullopt;
  std::string v = Lower(args[0]);
  if (v == "on" || v == "1" || v == "yes" || v == "true") return true;
  if (v == "off" || v == "0" || v == "no" || v == "false") return false;
  return std::nullopt;
}

// Single-quotes a word for a POSIX shell (and for the aws-CLI language, which splits the same way).
std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string FormatBytes(int64_t n) {
  char buf[32];
  if (n < 1024) {
    std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(n));
  } else if (n < 1024 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f KB", static_cast<double>(n) / 1024);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(n) / (1024 * 1024));
  }
  return buf;
}

void PrintError(Shell& shell, const Error& e) {
  shell.sink().ErrLine(std::string(ErrorTypeName(e.type)) + ": " + e.message);
}

// The gate .read, .open and .save pass before they touch `path`, the one .import and .export
// pass (Shell::DataFileAccess): false, with the refusal printed, while lesson code or text the
// user did not type (the live page, a course's answers) runs.
bool MayOpen(Shell& shell, const std::string& path, bool for_write) {
  auto allowed = ResolveDataFile(shell.DataFileAccess(), path, for_write);
  if (allowed.ok()) return true;
  PrintError(shell, allowed.error());
  return false;
}

// The partition map of a table or index (ddblab:DescribePartitions), as JSON.
wire::JsonResult DescribePartitions(Shell& shell, const std::string& table,
                                    const std::string& index) {
  Json request = {{"TableName", table}};
  if (!index.empty()) request["IndexName"] = index;
  return shell.client().Call(wire::kDescribePartitionsOperation, request);
}

void PrintAligned(OutputSink& sink, const std::vector<std::pair<std::string, std::string>>& rows) {
  size_t width = 0;
  for (const auto& [a, b] : rows) width = std::max(width, a.size());
  for (const auto& [a, b] : rows) {
    sink.Line(a + std::string(width - a.size() + 2, ' ') + b);
  }
}

// ---- handlers -------------------------------------------------------------------------------

DotResult Help(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  OutputSink& out = shell.sink();
  if (args.empty()) {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const auto& c : DotCommands(shell)) rows.emplace_back(c.usage, c.summary);
    PrintAligned(out, rows);
    out.Line("");
    out.Line("Statements: aws-CLI commands ([aws dynamodb] query ...), PartiQL (SELECT, INSERT,");
    out.Line(
        "UPDATE, DELETE, EXISTS) and EXPLAIN <statement>. More: .help TOPIC, where TOPIC is a");
    std::string topics;
    for (const auto& t : HelpTopics()) topics += (topics.empty() ? "" : ", ") + std::string(t.name);
    out.Line("dot-command or one of: " + topics + ".");
    return DotResult::kOk;
  }
  std::string topic = Lower(args[0]);
  for (const auto& t : HelpTopics()) {
    if (t.name == topic) {
      out.Line(std::string(t.text));
      return DotResult::kOk;
    }
  }
  std::string name = topic.starts_with(".") ? topic : "." + topic;
  std::vector<std::string> ambiguous;
  if (auto c = FindDotCommand(shell, name, &ambiguous)) {
    out.Line(c->usage + "  " + c->summary);
    if (!c->details.empty()) out.Line(c->details);
    return DotResult::kOk;
  }
  // Fall back to a substring search over names and summaries, as sqlite3's .help does.
  bool found = false;
  for (const auto& c : DotCommands(shell)) {
    if (c.name.find(topic) != std::string::npos ||
        Lower(c.summary).find(topic) != std::string::npos) {
      out.Line(c.usage + "  " + c.summary);
      found = true;
    }
  }
  if (!found) {
    out.ErrLine("no help for \"" + args[0] + "\"; .help lists the commands and topics");
    return DotResult::kError;
  }
  return DotResult::kOk;
}

DotResult Tables(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() > 1) return DotResult::kUsage;
  size_t shown = 0;
  for (const auto& name : shell.TableNames()) {
    if (args.empty() || name.find(args[0]) != std::string::npos) {
      shell.sink().Line(name);
      ++shown;
    }
  }
  if (shown == 0) {
    shell.sink().Line(args.empty() ? "(no tables yet: aws dynamodb create-table ... makes one)"
                                   : "(no table name contains " + args[0] + ")",
                      Style::kDim);
  }
  return DotResult::kOk;
}

DotResult Describe(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 1) return DotResult::kUsage;
  DescribeTableRequest request;
  request.table_name = args[0];
  auto described = wire::Invoke<Operation::DescribeTable>(shell.client(), std::move(request));
  if (!described.ok()) {
    const Error& e = described.error();
    shell.sink().ErrLine(std::string(ErrorTypeName(e.type)) + ": " + e.message);
    return DotResult::kEngineError;
  }
  for (const auto& line : TableSummary(described->table)) shell.sink().Line(line);
  return DotResult::kOk;
}

DotResult Mode(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.empty()) {
    shell.sink().Line("current mode: " + std::string(ModeFor(shell.settings().mode).name));
    std::vector<std::pair<std::string, std::string>> rows;
    for (const auto& m : Modes())
      rows.emplace_back("  " + std::string(m.name), std::string(m.summary));
    PrintAligned(shell.sink(), rows);
    return DotResult::kOk;
  }
  if (args.size() != 1) return DotResult::kUsage;
  const ModeSpec* m = FindMode(Lower(args[0]));
  if (m == nullptr) {
    shell.sink().ErrLine(".mode: unknown mode \"" + args[0] + "\"");
    return DotResult::kUsage;
  }
  shell.settings().mode = m->mode;
  return DotResult::kOk;
}

DotResult CapacityCmd(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.empty()) {
    const char* names[] = {"total", "indexes", "off"};
    shell.sink().Line(std::string("capacity: ") +
                      names[static_cast<int>(shell.settings().capacity)]);
    return DotResult::kOk;
  }
  if (args.size() != 1) return DotResult::kUsage;
  std::string v = Lower(args[0]);
  if (v == "total" || v == "on") {
    shell.settings().capacity = CapacityDisplay::kTotal;
  } else if (v == "indexes") {
    shell.settings().capacity = CapacityDisplay::kIndexes;
  } else if (v == "off") {
    shell.settings().capacity = CapacityDisplay::kOff;
  } else {
    return DotResult::kUsage;
  }
  return DotResult::kOk;
}

// Prints one partition map (wire::PartitionMapToJson's shape).
void PrintPartitionMap(OutputSink& out, const Json& map) {
  std::string index = map.value("index", "");
  std::string name = map.value("table", "") + (index.empty() ? "" : "." + index);
  int count = map.value("partition_count", 0);
  std::string model = map.value("model", "");
  out.Line(name + ": " + std::to_string(count) + " partition" + (count == 1 ? "" : "s") +
               (map.value("overridden", false) ? " (set with .partitions)" : "") +
               (model.empty() ? "" : "; " + model),
           Style::kHeader);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"partition", "items", "size", "collections", "partition keys"});
  for (const auto& p : map.value("partitions", Json::array())) {
    std::string keys;
    const Json samples = p.value("sample_partition_keys", Json::array());
    for (const auto& k : samples) {
      if (k.is_string()) keys += (keys.empty() ? "" : ", ") + k.get<std::string>();
    }
    int64_t collections = p.value("item_collections", int64_t{0});
    if (collections > static_cast<int64_t>(samples.size())) keys += ", ...";
    rows.push_back(
        {std::to_string(p.value("partition", 0)), std::to_string(p.value("item_count", int64_t{0})),
         FormatBytes(p.value("size_bytes", int64_t{0})), std::to_string(collections), keys});
  }
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& r : rows) {
    for (size_t i = 0; i < r.size(); ++i) widths[i] = std::max(widths[i], r[i].size());
  }
  for (const auto& r : rows) {
    std::string line = " ";
    for (size_t i = 0; i < r.size(); ++i) {
      line += " " + r[i];
      if (i + 1 < r.size()) line += std::string(widths[i] - r[i].size() + 1, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out.Line(line);
  }
}

DotResult Partitions(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.empty() || args.size() > 2) return DotResult::kUsage;
  const std::string& table = args[0];
  if (args.size() == 2) {
    int n = 0;
    try {
      size_t used = 0;
      n = std::stoi(args[1], &used);
      if (used != args[1].size() || n < 0) return DotResult::kUsage;
    } catch (...) {
      return DotResult::kUsage;
    }
    wire::JsonResult set = shell.client().Call(wire::kSetPartitionCountOperation,
                                               Json{{"TableName", table}, {"PartitionCount", n}});
    if (!set.ok) {
      PrintError(shell, set.error);
      return DotResult::kEngineError;
    }
  }
  wire::JsonResult map = DescribePartitions(shell, table, "");
  if (!map.ok) {
    PrintError(shell, map.error);
    return DotResult::kEngineError;
  }
  PrintPartitionMap(shell.sink(), map.body);
  for (const auto& index : shell.IndexNames(table)) {
    wire::JsonResult imap = DescribePartitions(shell, table, index);
    if (imap.ok) PrintPartitionMap(shell.sink(), imap.body);
  }
  return DotResult::kOk;
}

DotResult Open(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() > 1) return DotResult::kUsage;
  if (!args.empty() && !MayOpen(shell, args[0], true)) return DotResult::kError;
  EngineOptions options = shell.engine_options;
  options.path = args.empty() ? ":memory:" : args[0];
  auto engine = Engine::Open(options);
  if (!engine.ok()) {
    shell.sink().ErrLine(".open: " + std::string(ErrorTypeName(engine.error().type)) + ": " +
                         engine.error().message);
    return DotResult::kError;
  }
  std::string description = args.empty() ? "transient in-memory database" : "file " + options.path;
  if (!shell.SetClient(
          wire::MakeEmbeddedClient(std::shared_ptr<Engine>(std::move(*engine)), description))) {
    return DotResult::kError;
  }
  shell.sink().Line("opened " + description, Style::kDim);
  return DotResult::kOk;
}

DotResult Save(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 1) return DotResult::kUsage;
  if (!MayOpen(shell, args[0], true)) return DotResult::kError;
  Status saved = shell.client().SaveCopy(args[0]);
  if (!saved.ok()) {
    shell.sink().ErrLine(".save: " + saved.error().message);
    return DotResult::kError;
  }
  shell.sink().Line("saved to " + args[0] + "; open it with: ddblab " + args[0], Style::kDim);
  return DotResult::kOk;
}

DotResult Read(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 1) return DotResult::kUsage;
  if (!MayOpen(shell, args[0], false)) return DotResult::kError;
  int status = shell.RunScriptFile(args[0], false);
  if (status == 252) return DotResult::kParseError;
  if (status == 254) return DotResult::kEngineError;
  return status == 0 ? DotResult::kOk : DotResult::kError;
}

// Keeps only what create-table accepts from an index description.
Json IndexForCreate(const Json& ix, bool provisioned) {
  Json out = Json::object();
  for (const char* f : {"IndexName", "KeySchema", "Projection"}) {
    if (ix.contains(f)) out[f] = ix[f];
  }
  if (provisioned && ix.contains("ProvisionedThroughput")) {
    const Json& pt = ix["ProvisionedThroughput"];
    out["ProvisionedThroughput"] = {
        {"ReadCapacityUnits", pt.value("ReadCapacityUnits", Json(1))},
        {"WriteCapacityUnits", pt.value("WriteCapacityUnits", Json(1))}};
  }
  return out;
}

bool DumpTable(Shell& shell, const std::string& name) {
  OutputSink& out = shell.sink();
  wire::JsonResult d = shell.client().Call("DescribeTable", Json{{"TableName", name}});
  if (!d.ok) {
    out.ErrLine(std::string(ErrorTypeName(d.error.type)) + ": " + d.error.message);
    return false;
  }
  const Json t = d.body.value("Table", Json::object());
  std::string billing = "PROVISIONED";
  if (t.contains("BillingModeSummary")) {
    billing = t["BillingModeSummary"].value("BillingMode", billing);
  }
  bool provisioned = billing == "PROVISIONED";
  out.Line("-- " + name);
  std::string cmd = "aws dynamodb create-table --table-name " + ShellQuote(name) + " \\\n";
  cmd += "    --attribute-definitions " +
         ShellQuote(t.value("AttributeDefinitions", Json::array()).dump()) + " \\\n";
  cmd += "    --key-schema " + ShellQuote(t.value("KeySchema", Json::array()).dump());
  if (provisioned) {
    const Json pt = t.value("ProvisionedThroughput", Json::object());
    cmd += " \\\n    --provisioned-throughput ReadCapacityUnits=" +
           pt.value("ReadCapacityUnits", Json(1)).dump() +
           ",WriteCapacityUnits=" + pt.value("WriteCapacityUnits", Json(1)).dump();
  } else {
    cmd += " \\\n    --billing-mode " + billing;
  }
  for (const auto& [field, option] :
       {std::pair{"GlobalSecondaryIndexes", "--global-secondary-indexes"},
        std::pair{"LocalSecondaryIndexes", "--local-secondary-indexes"}}) {
    if (!t.contains(field) || t[field].empty()) continue;
    Json list = Json::array();
    for (const auto& ix : t[field])
      list.push_back(IndexForCreate(ix, provisioned && field[0] == 'G'));
    cmd += std::string(" \\\n    ") + option + " " + ShellQuote(list.dump());
  }
  out.Line(cmd);
  // Over an endpoint there is no partition map; the dump then simply has no .partitions line.
  wire::JsonResult map = DescribePartitions(shell, name, "");
  if (map.ok && map.body.value("overridden", false)) {
    out.Line(".partitions " + name + " " + std::to_string(map.body.value("partition_count", 0)));
  }
  ScanRequest scan;
  scan.table_name = name;
  for (int page = 0; page < 1000000; ++page) {
    auto s = wire::Invoke<Operation::Scan>(shell.client(), scan);
    if (!s.ok()) {
      out.ErrLine(std::string(ErrorTypeName(s.error().type)) + ": " + s.error().message);
      return false;
    }
    // Each item as the put-item line that writes it back, in DynamoDB JSON.
    for (const ResultItem& item : s->items) {
      out.Line("aws dynamodb put-item --table-name " + ShellQuote(name) + " --item " +
               ShellQuote(wire::ItemToJson(item).dump()));
    }
    if (!s->last_evaluated_key) break;
    scan.exclusive_start_key = std::move(s->last_evaluated_key);
  }
  return true;
}

DotResult Dump(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  std::vector<std::string> tables = args.empty() ? shell.TableNames() : args;
  shell.sink().Line("-- ddblab dump: replay with ddblab -f FILE (or .read FILE)");
  bool ok = true;
  for (const auto& t : tables) ok = DumpTable(shell, t) && ok;
  return ok ? DotResult::kOk : DotResult::kEngineError;
}

DotResult Timer(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  auto v = OnOff(args);
  if (!v) return DotResult::kUsage;
  shell.settings().timer = *v;
  return DotResult::kOk;
}

DotResult Width(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  int& width = shell.settings().width;
  if (args.empty()) {
    const size_t now = shell.OutputWidth();
    std::string setting = width == ShellSettings::kAutoWidth ? "auto"
                          : width == 0                       ? "off"
                                                             : "fixed";
    shell.sink().Line(
        "width: " + setting +
        (now == 0 ? " (rows are not cut)" : " (" + std::to_string(now) + " columns)"));
    return DotResult::kOk;
  }
  if (args.size() != 1) return DotResult::kUsage;
  const std::string a = Lower(args[0]);
  if (a == "auto") {
    width = ShellSettings::kAutoWidth;
  } else if (a == "off" || a == "0") {
    width = 0;
  } else {
    char* end = nullptr;
    long n = std::strtol(a.c_str(), &end, 10);
    if (a.empty() || *end != '\0' || n < 20 || n > 10000) {
      shell.sink().ErrLine(".width: give a number of columns from 20 to 10000, auto or off");
      return DotResult::kUsage;
    }
    width = static_cast<int>(n);
  }
  return DotResult::kOk;
}

DotResult EchoCmd(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  auto v = OnOff(args);
  if (!v) return DotResult::kUsage;
  shell.settings().echo = *v;
  return DotResult::kOk;
}

// A value for a PartiQL `?`: 'text', a number, true, false, null, or a DynamoDB JSON value.
std::optional<Json> ParseParamValue(std::string_view v) {
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) v.remove_suffix(1);
  if (v.empty()) return std::nullopt;
  if (v.front() == '\'') {
    std::string s;
    for (size_t i = 1; i < v.size(); ++i) {
      if (v[i] == '\'') {
        if (i + 1 < v.size() && v[i + 1] == '\'') {
          s += '\'';
          ++i;
          continue;
        }
        if (i + 1 != v.size()) return std::nullopt;
        return Json{{"S", s}};
      }
      s += v[i];
    }
    return std::nullopt;
  }
  if (v.front() == '{') {
    Json j = Json::parse(v, nullptr, false);
    if (j.is_discarded() || !wire::ValueFromJson(j).ok()) return std::nullopt;
    return j;
  }
  std::string w = Lower(v);
  if (w == "true" || w == "false") return Json{{"BOOL", w == "true"}};
  if (w == "null") return Json{{"NULL", true}};
  bool digit = false, number = true;
  for (size_t i = 0; i < v.size(); ++i) {
    char c = v[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digit = true;
    } else if (!(c == '.' || c == 'e' || c == 'E' ||
                 ((c == '-' || c == '+') && (i == 0 || v[i - 1] == 'e' || v[i - 1] == 'E')))) {
      number = false;
    }
  }
  if (digit && number) return Json{{"N", std::string(v)}};
  return std::nullopt;
}

DotResult Param(Shell& shell, const std::vector<std::string>& args, std::string_view raw) {
  if (args.empty()) return DotResult::kUsage;
  std::string sub = Lower(args[0]);
  auto& params = shell.params();
  if (sub == "list" && args.size() == 1) {
    for (const auto& [n, v] : params) shell.sink().Line("?" + std::to_string(n) + " = " + v.dump());
    return DotResult::kOk;
  }
  if (sub == "clear") {
    if (args.size() == 1) {
      params.clear();
    } else {
      for (size_t i = 1; i < args.size(); ++i) params.erase(std::atoi(args[i].c_str()));
    }
    return DotResult::kOk;
  }
  if (sub == "set" && args.size() >= 3) {
    std::string n_text = args[1];
    if (n_text.starts_with("?")) n_text.erase(0, 1);
    int n = std::atoi(n_text.c_str());
    if (n <= 0 || std::to_string(n) != n_text) return DotResult::kUsage;
    // The value is taken from the raw text so 'quotes' survive word splitting.
    size_t pos = raw.find(args[1]);
    std::string_view value = pos == std::string_view::npos ? "" : raw.substr(pos + args[1].size());
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front())))
      value.remove_prefix(1);
    auto v = ParseParamValue(value);
    if (!v) {
      shell.sink().ErrLine(".param: cannot read \"" + std::string(value) +
                           "\" as a value: use 'text', a number, true, false, null or DynamoDB "
                           "JSON such as {\"S\": \"x\"}");
      return DotResult::kUsage;
    }
    params[n] = *v;
    return DotResult::kOk;
  }
  return DotResult::kUsage;
}

DotResult More(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (!args.empty()) return DotResult::kUsage;
  switch (shell.More()) {
    case Outcome::kOk:
      return DotResult::kOk;
    case Outcome::kParseError:
      return DotResult::kParseError;
    case Outcome::kEngineError:
      return DotResult::kEngineError;
    default:
      return DotResult::kError;
  }
}

DotResult Quit(Shell&, const std::vector<std::string>& args, std::string_view) {
  return args.empty() ? DotResult::kExit : DotResult::kUsage;
}

DotResult Print(Shell& shell, const std::vector<std::string>&, std::string_view raw) {
  shell.sink().Line(raw);
  return DotResult::kOk;
}

DotResult Check(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.empty() || args.size() > 2) return DotResult::kUsage;
  std::string want = Lower(args[0]);
  if (want != "ok" && want != "error") return DotResult::kUsage;
  std::optional<Outcome> outcome = shell.last_outcome();
  bool ok = outcome && (*outcome == Outcome::kOk || *outcome == Outcome::kExit);
  const auto& last = shell.last();
  bool statement = shell.last_was_statement() && last.has_value();
  std::string got = !outcome    ? "nothing run yet"
                    : ok        ? "ok"
                    : statement ? "error " + std::string(ErrorTypeName(last->error.type)) + ": " +
                                      last->error.message
                                : "a failed dot-command";
  bool pass = outcome.has_value() && (want == "ok" ? ok : !ok);
  if (pass && want == "error" && args.size() == 2) {
    pass = statement && ErrorTypeName(last->error.type) == args[1];
  }
  if (pass) return DotResult::kOk;
  std::string expected = want + (args.size() == 2 ? " " + args[1] : "");
  shell.sink().ErrLine("check failed: expected " + expected + ", got " + got);
  return DotResult::kError;
}

}  // namespace

const DotCommandTable& BuiltInDotCommands() {
  // One row per command: name, usage, summary, details, handler. Help and dispatch read this.
  // clang-format off
  static const DotCommandTable kTable{{
    {".capacity", ".capacity [total|indexes|off]", "what the footer shows of consumed capacity",
     "  total    RCU/WCU for the whole call (default)\n"
     "  indexes  also the split between the table and each index\n"
     "  off      no capacity in the footer\n"
     "jsonl output always carries ConsumedCapacity (INDEXES detail under .capacity indexes).",
     CapacityCmd},
    {".check", ".check ok|error [TYPE]", "fail unless the last statement succeeded/failed (scripts, tests)",
     "Compares the outcome of the last aws-CLI or PartiQL statement; a mismatch prints\n"
     "\"check failed: ...\" and counts as an error, so a script stops there.",
     Check},
    {".describe", ".describe TABLE", "keys, indexes and projections of a table", "", Describe},
    {".dump", ".dump [TABLE...]", "print tables and items as a script that recreates them",
     "The output is aws-CLI create-table and put-item commands; run it with ddblab -f or .read.",
     Dump},
    {".echo", ".echo on|off", "print each input before running it", "", EchoCmd},
    {".exit", ".exit", "leave ddblab (same as .quit)", "", Quit},
    {".export", ".export TABLE FILE", "write every item of TABLE to FILE (DynamoDB's export format)",
     "One {\"Item\": {...}} per line, as DynamoDB's export to S3 writes; gzip-compressed when\n"
     "FILE ends in .gz. Reads the table page by page, so memory stays small at any size.",
     ExportCommand},
    {".generate", ".generate TABLE N [--script GEN.lua]", "load N synthetic items into TABLE",
     "Fills the table's and its indexes' key attributes from the item number: ten items per\n"
     "item collection (one without a sort key), sort keys in number order, one hundred\n"
     "partition-key values per index; adds n (the number) and data (about 100 bytes).\n"
     "With --script, GEN.lua defines item(i, r) returning item i (1..N) as a Lua table of plain\n"
     "values; r is a seeded generator (r:int(a, b), r:pick(list), r:chance(p), r:date(y0, y1)).\n"
     "It runs in the lessons' sandbox; read_file(NAME) reads files beside it.\n"
     "All or nothing, at .import's speed.",
     GenerateCommand},
    {".export-model", ".export-model FILE [TABLE...]", "write tables as a NoSQL Workbench data model",
     "Key schemas, GSIs, billing and up to 1,000 items per table as sample data (TableData);\n"
     "every table when none is named. Workbench imports the file (Data modeler, Import).",
     ExportModelCommand},
    {".help", ".help [TOPIC]", "this list, or help on a command or topic", "", Help},
    {".import", ".import TABLE FILE", "load items from FILE (DynamoDB's export format) into TABLE",
     "FILE holds one {\"Item\": {...}} per line (DynamoDB JSON), plain or gzip. Each item is\n"
     "checked as PutItem checks it and replaces an item with the same key. All or nothing: a bad\n"
     "line is reported with its number and nothing is imported. Works on ddblab's own database.",
     ImportCommand},
    {".import-model", ".import-model FILE", "create the tables of a NoSQL Workbench data model",
     "Creates each table of the model's DataModel (keys, GSIs, billing mode) and puts its sample\n"
     "data (TableData). The whole model is checked before any table is created.",
     ImportModelCommand},
    {".mode", ".mode [MODE]", "output mode: table, json, ddbjson, jsonl or line",
     "  table    items as aligned rows, key attributes first, grouped by item collection\n"
     "  line     one attribute per line\n"
     "  json     plain JSON values (no type descriptors)\n"
     "  ddbjson  exactly what the aws CLI prints\n"
     "  jsonl    one JSON object per statement: the stable interface for scripts\n"
     "table and line modes add the cost footer and warnings.",
     Mode},
    {".more", ".more", "fetch the next page of the last paginated read",
     "Continues from the last read's LastEvaluatedKey or NextToken, one page at a time.", More},
    {".open", ".open [FILE]", "open (or create) a database file; no FILE: a fresh in-memory one",
     "Everything written to a file database stays there after ddblab exits.", Open},
    {".param", ".param set N VALUE | list | clear [N]", "values for PartiQL ? placeholders",
     "VALUE is 'text', a number, true, false, null or DynamoDB JSON ({\"S\": \"x\"}).\n"
     "Example: .param set 1 'CUST#a1b2'  then  SELECT * FROM \"app-main\" WHERE PK = ?",
     Param},
    {".partitions", ".partitions TABLE [N]", "the simulated partition map; N sets the count",
     "Shows each partition of the table and of its indexes with item counts, sizes and item\n"
     "collections. N overrides the derived partition count for teaching (0 restores it).\n"
     "The partition model is ddblab's simulation; see .help partitions.",
     Partitions},
    {".print", ".print TEXT", "print TEXT (for scripts and demos)", "", Print},
    {".quit", ".quit", "leave ddblab", "", Quit},
    {".read", ".read FILE", "run the statements in FILE", "Stops at the first failing statement.", Read},
    {".save", ".save FILE", "copy the whole database to a new FILE",
     "Keeps the work of an in-memory session: the copy holds every table and item, and\n"
     "`ddblab FILE` opens it later. FILE must not exist yet.", Save},
    {".tables", ".tables [PATTERN]", "list tables (whose names contain PATTERN)", "", Tables},
    {".timer", ".timer on|off", "show elapsed time in the footer", "", Timer},
    {".width", ".width [N|auto|off]", "the width table mode fits its rows into",
     "auto (the default) follows the terminal; output that is not a terminal is never cut.\n"
     "Columns wider than their share are cut with an ellipsis, the widest first; when even\n"
     "that leaves too little room, the items are shown one attribute per line.\n"
     "N fixes the width, off never cuts.",
     Width},
  }, HelpTopics()};
  // clang-format on
  return kTable;
}

const std::vector<HelpTopic>& HelpTopics() {
  // clang-format off
  static const std::vector<HelpTopic> kTopics = {
    {"cli", "aws-CLI commands",
     "Paste aws dynamodb commands as they appear in course notes; the \"aws dynamodb\" prefix is\n"
     "optional. Continue a line with a trailing \\; quotes and braces may span lines.\n"
     "Values take JSON, the CLI shorthand (AttributeName=PK,AttributeType=S) or file://.\n"
     "Ignored on purpose: --region, --endpoint-url, --profile, --output.\n"
     "Example: query --table-name app-main --key-condition-expression \"PK = :pk\" \\\n"
     "           --expression-attribute-values '{\":pk\":{\"S\":\"CUST#a1b2\"}}'"},
    {"partiql", "PartiQL statements",
     "SELECT, INSERT, UPDATE, DELETE and EXISTS go to ExecuteStatement. Strings use 'single'\n"
     "quotes, names with dashes \"double\" quotes. ? takes values from .param.\n"
     "Example: SELECT * FROM \"app-main\" WHERE PK = 'CUST#a1b2' AND begins_with(SK, 'ORDER#')\n"
     "A SELECT without an equality on the partition key becomes a Scan of the whole table."},
    {"explain", "what a read becomes, without running it",
     "EXPLAIN <PartiQL statement> or EXPLAIN <query|scan|get-item command> prints the DynamoDB\n"
     "call it becomes (GetItem, Query on the table or an index, or Scan), its key condition and\n"
     "filter, and why. Nothing runs and no capacity is consumed."},
    {"modes", "output modes", "See .help .mode."},
    {"capacity", "how capacity is counted",
     "Reads: 4 KB per read unit, rounded up per item for GetItem and per call for Query/Scan;\n"
     "eventually consistent reads cost half, transactional reads double.\n"
     "Writes: 1 KB per write unit, plus one write per index the item enters, leaves or changes.\n"
     "The footer sums every page of an aws-CLI read; .capacity indexes splits table and indexes."},
    {"partitions", "the simulated partitions",
     "Each table and index is split into N partitions by a stable hash of the partition key;\n"
     "an item collection (all items with one partition-key value) lives on one partition.\n"
     "N follows DynamoDB's sizing (about 10 GB, 3,000 RCU or 1,000 WCU per partition) and can\n"
     "be set with .partitions TABLE N. The footer names the partitions each call touched."},
    {"keys", "keys in the interactive shell",
     "Tab completes commands, options, dot-commands, table, index and attribute names.\n"
     "Up/Down walk the history; Ctrl-C drops the current input, or stops a running read\n"
     "between pages (and a script between statements); Ctrl-D (on an empty line) leaves."},
  };
  // clang-format on
  return kTopics;
}

}  // namespace ddblab::shell
