// Shell: runs dot-commands itself and statements through the session, renders them and tells
// observers (lessons).
#include "shell/repl/shell.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <fstream>
#include <set>

#include "shell/render/hints.h"
#include "shell/render/render.h"
#include "shell/render/render_stream.h"
#include "shell/render/wrap_text.h"
#include "shell/repl/interrupt.h"
#include "shell/repl/script.h"
#include "shell/session/data_file.h"
#include "shell/session/session.h"

namespace ddblab::shell {

using wire::Json;

namespace {

// Whether a statement of `name` changes key schemas (the key cache then starts again).
bool ChangesKeySchemas(std::string_view name) {
  std::optional<Operation> op = OperationFromName(name);
  return op == Operation::CreateTable || op == Operation::DeleteTable ||
         op == Operation::UpdateTable;
}

}  // namespace

Shell::Shell(std::unique_ptr<wire::Client> client, OutputSink& sink,
             const DotCommandTable& dot_commands)
    : front_(sink),
      guard_(front_, [this] { return settings_.mode == OutputMode::kJsonl; }),
      sink_(guard_),
      dot_commands_(dot_commands) {
  clients_.push_back(std::move(client));
}

Shell::~Shell() {
  // A thread of the live page may be running a statement of its box: let it finish first.
  std::lock_guard<std::recursive_timed_mutex> idle(execution_mutex_);
  extensions_.clear();
  input_listeners_.clear();
  followers_.clear();
  observers_.clear();
}

void Shell::AddInputListener(InputListener listener) {
  if (listener) input_listeners_.push_back(std::move(listener));
}

bool Shell::SetClient(std::unique_ptr<wire::Client> client) {
  if (!pushed_.empty()) {
    sink_.ErrLine("the " + clients_.back()->Describe() + " is in use; " +
                  pushed_.back().how_to_leave);
    return false;
  }
  clients_.back() = std::move(client);
  --user_database_id_;
  key_cache_.clear();
  if (last_) last_->next_page.reset();
  return true;
}

int Shell::PushClient(std::unique_ptr<wire::Client> client, std::string how_to_leave) {
  if (!client) return 0;
  clients_.push_back(std::move(client));
  pushed_.push_back({next_push_id_, std::move(how_to_leave)});
  key_cache_.clear();
  if (last_) last_->next_page.reset();
  return next_push_id_++;
}

void Shell::PopClient(int id) {
  for (size_t i = 0; i < pushed_.size(); ++i) {
    if (pushed_[i].id != id) continue;
    // clients_[0] is the user's own; pushed_[i] describes clients_[i + 1].
    clients_.erase(clients_.begin() + static_cast<long>(i + 1));
    pushed_.erase(pushed_.begin() + static_cast<long>(i));
    key_cache_.clear();
    if (last_) last_->next_page.reset();
    return;
  }
}

int Shell::database_id() const { return pushed_.empty() ? user_database_id_ : pushed_.back().id; }

bool Shell::database_live(int id) const {
  if (id == user_database_id_) return true;
  return std::any_of(pushed_.begin(), pushed_.end(), [id](const Pushed& p) { return p.id == id; });
}

double Shell::now() const {
  if (engine_options.clock) return engine_options.clock();
  return static_cast<double>(std::time(nullptr));
}

void Shell::AddStatementFollower(StatementFollower follower) {
  if (follower) followers_.push_back(std::move(follower));
}

std::unique_ptr<wire::Client> Shell::NewScratchDatabase(std::string description) {
  EngineOptions options = engine_options;
  options.path = ":memory:";
  auto engine = Engine::Open(options);
  // An in-memory database only fails to open when memory is gone; report it through every call.
  if (!engine.ok()) return nullptr;
  return wire::MakeEmbeddedClient(std::shared_ptr<Engine>(std::move(*engine)),
                                  std::move(description));
}

void Shell::RegisterDotCommand(DotExtension command) {
  for (auto& e : extensions_) {
    if (e.name == command.name) {
      e = std::move(command);
      return;
    }
  }
  extensions_.push_back(std::move(command));
}

std::string Shell::Prompt() const {
  std::string tag = prompt_tag_;
  if (tag.empty() && clients_.back()->IsRemote()) tag = "endpoint";
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

FileAccess Shell::DataFileAccess() const {
  if (lesson_code_depth_ > 0) {
    return FileAccess::Refused("lesson code cannot read or write files through dot-commands");
  }
  if (untrusted_depth_ > 0) {
    return FileAccess::Refused(untrusted_source_ + " cannot read or write files");
  }
  return FileAccess::Local(cwd());
}

Outcome Shell::ExecuteUntrusted(std::string_view input, std::string source, bool complete) {
  std::lock_guard<std::recursive_timed_mutex> running(execution_mutex_);
  // The outermost caller names the text: a nested call runs inside what it already refused.
  if (untrusted_depth_++ == 0) untrusted_source_ = std::move(source);
  Outcome o = Execute(input, complete);
  --untrusted_depth_;
  return o;
}

bool Shell::Run(std::string_view statement) {
  // Lesson setup runs without notifying observers, and without being echoed.
  auto saved = std::move(observers_);
  observers_.clear();
  ++lesson_code_depth_;
  Outcome o = Execute(statement);
  --lesson_code_depth_;
  for (auto& s : saved) observers_.push_back(std::move(s));
  return o == Outcome::kOk;
}

Outcome Shell::Execute(std::string_view input, bool complete) {
  std::lock_guard<std::recursive_timed_mutex> running(execution_mutex_);
  InputKind kind = ClassifyInput(input);
  std::string_view t = TrimStatement(input);
  Outcome outcome = Outcome::kOk;
  if (kind == InputKind::kDot) {
    std::string outer = guard_.BeginCommand(std::string(t));
    outcome = RunDotCommand(*this, t);
    guard_.BeginCommand(std::move(outer));
  } else if (kind != InputKind::kEmpty) {
    RunOptions options;
    options.files = untrusted_depth_ > 0 ? DataFileAccess() : FileAccess::Local(cwd());
    options.params = &params_;
    options.complete = complete;
    outcome = RunStreamed(std::string(TrimStatement(NormalizeLineEnds(input))),
                          [&](const PageStream* stream) {
                            options.stream = stream;
                            StatementResult r = RunStatement(client(), input, options);
                            if (ChangesKeySchemas(r.operation)) key_cache_.clear();
                            AddTeachingHint(r);
                            return r;
                          });
  }
  bool is_check = kind == InputKind::kDot && (t == ".check" || t.starts_with(".check "));
  if (kind != InputKind::kEmpty && !is_check) {
    last_outcome_ = outcome;
    last_was_statement_ = kind != InputKind::kDot;
  }
  if (kind != InputKind::kEmpty) {
    for (auto& listen : input_listeners_) listen({input, kind != InputKind::kDot, outcome});
  }
  return outcome;
}

size_t Shell::OutputWidth() const {
  if (settings_.width >= 0) return static_cast<size_t>(settings_.width);
  // Only a terminal has a width; piped output is never cut.
  return TerminalColumns();
}

Outcome Shell::RunStreamed(const std::string& statement,
                           const std::function<StatementResult(const PageStream*)>& run) {
  RenderContext ctx;
  ctx.settings = settings_;
  ctx.keys = [this](const std::string& t, const std::string& i) { return Keys(t, i); };
  ctx.width = OutputWidth();
  std::unique_ptr<ItemStream> printer = MakeItemStream(ctx, sink_, statement);
  PageStream stream;
  if (printer) {
    stream.emit = [&](const std::string& table, const std::string& index,
                      std::vector<ResultItem> items) {
      printer->Print(table, index, std::move(items));
    };
  }
  stream.more = [] { return !InterruptRequested(); };
  StatementResult r;
  {
    // A statement's output is its own JSON object in jsonl mode.
    JsonlTextSink::RawScope raw(guard_);
    r = run(&stream);
    ctx.streamed = printer.get();
    Render(r, ctx, sink_);
  }
  Outcome outcome =
      r.ok ? Outcome::kOk : (r.parse_error ? Outcome::kParseError : Outcome::kEngineError);
  last_ = std::move(r);
  if (last_->kind != InputKind::kExplain) {
    for (auto& follow : followers_) follow(*last_, *this);
  }
  if (!observers_.empty() && last_->kind != InputKind::kExplain) {
    // Observers may remove themselves (or end the lesson) while being notified.
    auto observers = observers_;
    StatementResult seen = *last_;
    for (auto& o : observers) o->OnStatement(seen, *this);
  }
  return outcome;
}

bool Shell::HasMorePages() const { return last_ && last_->next_page.has_value(); }

Outcome Shell::More() {
  std::lock_guard<std::recursive_timed_mutex> running(execution_mutex_);
  if (!HasMorePages()) {
    sink_.ErrLine(".more: the last read has no more pages");
    return Outcome::kOtherError;
  }
  return RunStreamed(last_->input, [&](const PageStream* stream) {
    return RunNextPage(client(), *last_, stream);
  });
}

KeyInfo Shell::Keys(const std::string& table, const std::string& index) {
  KeyInfo info;
  const ddblab::TableDescription* t = DescribeCached(table);
  if (t == nullptr) return info;
  auto add_keys = [&](const std::vector<KeySchemaElement>& schema) {
    for (const char* type : {"HASH", "RANGE"}) {
      for (const KeySchemaElement& k : schema) {
        if (k.key_type == type && std::find(info.key_names.begin(), info.key_names.end(),
                                            k.attribute_name) == info.key_names.end()) {
          info.key_names.push_back(k.attribute_name);
        }
      }
    }
  };
  auto hash_count = [](const std::vector<KeySchemaElement>& schema) {
    size_t n = 0;
    for (const KeySchemaElement& k : schema) n += k.key_type == "HASH" ? 1 : 0;
    return n;
  };
  if (!index.empty()) {
    for (const auto* kind : {&t->global_secondary_indexes, &t->local_secondary_indexes}) {
      for (const IndexDescription& ix : *kind) {
        if (ix.index_name != index) continue;
        add_keys(ix.key_schema);
        info.hash_key_count = hash_count(ix.key_schema);
        info.global_index = kind == &t->global_secondary_indexes;
      }
    }
  }
  if (info.hash_key_count == 0) info.hash_key_count = hash_count(t->key_schema);
  add_keys(t->key_schema);
  return info;
}

std::vector<std::string> Shell::TableNames(bool user_database) {
  std::vector<std::string> names;
  ListTablesRequest request;
  wire::Client& c = user_database ? user_client() : client();
  for (int page = 0; page < 100; ++page) {
    auto listed = wire::Invoke<Operation::ListTables>(c, request);
    if (!listed.ok()) break;
    names.insert(names.end(), listed->table_names.begin(), listed->table_names.end());
    if (!listed->last_evaluated_table_name) break;
    request.exclusive_start_table_name = listed->last_evaluated_table_name;
  }
  return names;
}

const ddblab::TableDescription* Shell::DescribeCached(const std::string& table) {
  auto it = key_cache_.find(table);
  if (it == key_cache_.end()) {
    DescribeTableRequest request;
    request.table_name = table;
    auto described = wire::Invoke<Operation::DescribeTable>(client(), std::move(request));
    if (!described.ok()) return nullptr;
    it = key_cache_.emplace(table, std::move(described->table)).first;
  }
  return &it->second;
}

void Shell::AddTeachingHint(StatementResult& r) {
  HintTables tables;
  tables.names = [this] { return TableNames(); };
  tables.describe = [this](const std::string& t) { return DescribeCached(t); };
  std::string hint = TeachingHint(r, tables);
  if (hint.empty()) return;
  r.hint = r.hint.empty() ? hint : r.hint + " " + hint;
}

std::vector<std::string> Shell::IndexNames(const std::string& table) {
  std::vector<std::string> names;
  const ddblab::TableDescription* t = DescribeCached(table);
  if (t == nullptr) return names;
  for (const auto* kind : {&t->global_secondary_indexes, &t->local_secondary_indexes}) {
    for (const IndexDescription& ix : *kind) names.push_back(ix.index_name);
  }
  return names;
}

std::vector<std::string> Shell::AttributeNames(const std::string& table) {
  std::set<std::string> names;
  const ddblab::TableDescription* t = DescribeCached(table);
  if (t == nullptr) return {};
  for (const AttributeDefinition& d : t->attribute_definitions) names.insert(d.attribute_name);
  for (const auto* kind : {&t->global_secondary_indexes, &t->local_secondary_indexes}) {
    for (const IndexDescription& ix : *kind) {
      for (const std::string& a :
           ix.projection.non_key_attributes.value_or(std::vector<std::string>{})) {
        names.insert(a);
      }
    }
  }
  return {names.begin(), names.end()};
}

int Shell::RunScriptFile(const std::string& path, bool keep_going, const std::string& name,
                         std::function<bool(std::string_view input)> only) {
  // Scripts are regular files or pipes (`ddblab -f <(generate)`); a directory or a device
  // (/dev/zero) is refused before anything is read.
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
    sink_.ErrLine(
        "cannot run " + path + ": " +
        (S_ISDIR(st.st_mode) ? "it is a directory" : "it is not a regular file or a pipe"));
    return 1;
  }
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
  options.name = name.empty() ? path : name;
  options.keep_going = keep_going;
  options.only = std::move(only);
  int status = RunScript(*this, in, options);
  --script_depth;
  return status;
}

}  // namespace ddblab::shell
