// Drives one grading run: fresh engine, sandbox, exercise scripts, then the checks in plan
// order, each under its own budget, with dependencies resolved here so a broken table
// definition yields one clear failure instead of a cascade.
#include "grading/grader.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <lua.hpp>
#include <map>
#include <set>
#include <sstream>

#include "data_dirs.h"
#include "ddblab/engine.h"
#include "grading/exercise_location.h"
#include "grading/solution.h"
#include "lab_runtime.h"
#include "shell/lab/prelude/rng_lua.h"

namespace ddblab::grade {

namespace fs = std::filesystem;
using lab::LuaOutcome;

std::string_view CheckStatusName(CheckStatus s) {
  switch (s) {
    case CheckStatus::kPassed:
      return "passed";
    case CheckStatus::kFailed:
      return "failed";
    case CheckStatus::kError:
      return "error";
    case CheckStatus::kSkipped:
      return "skipped";
    case CheckStatus::kTimeout:
      return "timeout";
  }
  return "error";
}

std::string_view VisibilityName(Visibility v) {
  return v == Visibility::kHidden ? "hidden" : "visible";
}

double Report::score() const {
  double s = 0;
  for (const auto& c : checks) s += c.points;
  return s;
}

double Report::max_score() const {
  double s = 0;
  for (const auto& c : checks) s += c.max_points;
  return s;
}

size_t Report::unavailable_checks() const {
  size_t n = 0;
  for (const auto& c : checks) n += c.unavailable ? 1 : 0;
  return n;
}

double Report::unavailable_points() const {
  double s = 0;
  for (const auto& c : checks) s += c.unavailable_points;
  return s;
}

std::string ExercisesDir() { return lab::BundledDataDir("exercises"); }

std::vector<std::string> ListExercises(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  // A course's exercises (DDBLAB_COURSE) are listed with the folder's; an id in both is one entry,
  // the course's (LocateExercise finds that one first).
  std::vector<std::string> dirs = {dir};
  if (const std::string course = lab::CourseDir(); !course.empty()) {
    dirs.insert(dirs.begin(), (fs::path(course) / "exercises").string());
  }
  for (const std::string& d : dirs) {
    for (const auto& e : fs::directory_iterator(d, ec)) {
      if (e.is_directory(ec) && fs::exists(e.path() / "grader.lua", ec)) {
        out.push_back(e.path().filename().string());
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

namespace {

// Feedback echoes what the solution sent (DynamoDB's messages quote values; the aws CLI quotes
// whole JSON parameters). Each text is cut to a bound, on a UTF-8 boundary, and control
// characters other than newline and tab are dropped, so a solution cannot flood a report or
// send escape sequences to an instructor's terminal.
constexpr size_t kMaxFeedbackBytes = 2000;

std::string Bounded(const std::string& text) {
  std::string out;
  size_t i = 0;
  for (; i < text.size() && out.size() < kMaxFeedbackBytes; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) continue;
    out.push_back(static_cast<char>(c));
  }
  if (i < text.size()) {
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
    out += "... (" + std::to_string(text.size() - i) + " more bytes not shown)";
  }
  return out;
}

void BoundFeedback(Report& report) {
  report.error = Bounded(report.error);
  for (auto& p : report.problems) p = Bounded(p);
  for (auto& c : report.checks) c.message = Bounded(c.message);
}

// Records DynamoDB calls instead of making them, so the writes of a multi-statement template
// can be sent together as one transaction.
class CaptureClient : public wire::Client {
 public:
  wire::JsonResult Call(std::string_view operation, const wire::Json& request) override {
    calls.emplace_back(std::string(operation), request);
    wire::JsonResult r;
    r.ok = true;
    r.body = wire::Json::object();
    return r;
  }
  std::string Describe() const override { return "capture"; }
  std::vector<std::pair<std::string, wire::Json>> calls;
};

// Passes every call through to the database graded on, adding up the capacity each consumed
// (Report::read_units, write_units).
class CapacityTally : public wire::Client {
 public:
  explicit CapacityTally(wire::Client& inner) : inner_(inner) {}
  CallResult Execute(const Request& request) override {
    CallResult r = inner_.Execute(request);
    Add(r.capacity);
    return r;
  }
  wire::JsonResult Call(std::string_view operation, const wire::Json& request) override {
    wire::JsonResult r = inner_.Call(operation, request);
    Add(r.capacity);
    return r;
  }
  bool IsRemote() const override { return inner_.IsRemote(); }
  std::string Describe() const override { return inner_.Describe(); }
  BulkLoadResult BulkLoad(const std::string& table, const ItemSource& next) override {
    return inner_.BulkLoad(table, next);
  }
  Result<int> Subscribe(CommitSubscriber subscriber) override {
    return inner_.Subscribe(std::move(subscriber));
  }
  void Unsubscribe(int id) override { inner_.Unsubscribe(id); }
  Status SaveCopy(const std::string& path) override { return inner_.SaveCopy(path); }

  double read_units() const { return static_cast<double>(read_half_) / 2; }
  double write_units() const { return static_cast<double>(write_half_) / 2; }

 private:
  void Add(const std::vector<ConsumedCapacity>& capacity) {
    for (const ConsumedCapacity& c : capacity)
      (c.read ? read_half_ : write_half_) += c.total.half_units;
  }
  wire::Client& inner_;
  int64_t read_half_ = 0;
  int64_t write_half_ = 0;
};

void CopyMembers(const wire::Json& from, wire::Json& to, std::initializer_list<const char*> keys) {
  for (const char* k : keys) {
    if (from.contains(k)) to[k] = from[k];
  }
}

// The TransactWriteItems (or ExecuteTransaction) body equivalent to `calls`, or null when they
// cannot be combined (reads, mixed languages, nested transactions).
wire::Json CombineWrites(const std::vector<std::pair<std::string, wire::Json>>& calls) {
  bool all_partiql = true;
  for (const auto& [op, req] : calls) {
    all_partiql = all_partiql && OperationFromName(op) == Operation::ExecuteStatement;
  }
  if (all_partiql) {
    wire::Json stmts = wire::Json::array();
    for (const auto& [op, req] : calls) {
      wire::Json s = wire::Json::object();
      CopyMembers(req, s, {"Statement", "Parameters"});
      stmts.push_back(s);
    }
    return wire::Json{{"TransactStatements", stmts}};
  }
  wire::Json items = wire::Json::array();
  for (const auto& [name, req] : calls) {
    wire::Json entry = wire::Json::object();
    const std::optional<Operation> op = OperationFromName(name);
    if (op == Operation::PutItem) {
      CopyMembers(req, entry,
                  {"TableName", "Item", "ConditionExpression", "ExpressionAttributeNames",
                   "ExpressionAttributeValues"});
      items.push_back(wire::Json{{"Put", entry}});
    } else if (op == Operation::UpdateItem) {
      CopyMembers(req, entry,
                  {"TableName", "Key", "UpdateExpression", "ConditionExpression",
                   "ExpressionAttributeNames", "ExpressionAttributeValues"});
      items.push_back(wire::Json{{"Update", entry}});
    } else if (op == Operation::DeleteItem) {
      CopyMembers(req, entry,
                  {"TableName", "Key", "ConditionExpression", "ExpressionAttributeNames",
                   "ExpressionAttributeValues"});
      items.push_back(wire::Json{{"Delete", entry}});
    } else {
      return nullptr;
    }
  }
  return wire::Json{{"TransactItems", items}};
}

// What the Lua side reaches through the `sol` table.
struct Context {
  const Solution* solution = nullptr;
  wire::Client* client = nullptr;
  lab::Sandbox* sandbox = nullptr;
  // The solution's statements read no files: a solution is self-contained, and the grading
  // machine's files (the reference, hidden checks, /proc/self/environ) must never reach feedback.
  shell::FileAccess solution_files = shell::FileAccess::Refused(shell::kSolutionFileReason);
};

Context* ContextOf(lua_State* L) {
  return static_cast<Context*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// Runs one block with parameters; the answer is a plain document so that no C++ object is alive
// when control goes back to Lua.
// A block a check names, with its parameters filled in.
struct FilledBlock {
  const Block* block = nullptr;
  BlockKind kind{};
  std::string label;  // "-- @entity Student", for messages
  std::vector<std::string> texts;
  std::vector<bool> complete;
};

// Finds the block and fills its placeholders from `params_json`; on failure sets out["error"]
// (and out["missing"] when the solution has no such block) and returns false.
bool FillBlock(Context* ctx, const std::string& kind_name, const std::string& name,
               const wire::Json& params_json, wire::Json* out, FilledBlock* filled) {
  if (!ParseBlockKind(kind_name, &filled->kind)) {
    (*out)["error"] = "unknown block kind '" + kind_name + "'";
    return false;
  }
  const Block* block = ctx->solution->Find(filled->kind, name);
  filled->block = block;
  filled->label = "-- @" + kind_name + (name.empty() ? "" : " " + name);
  if (block == nullptr || block->statements.empty()) {
    (*out)["missing"] = true;
    (*out)["error"] = "the solution has no " + filled->label + " block" +
                      (block == nullptr ? "" : " with a statement in it");
    return false;
  }
  std::map<std::string, std::string> params;
  if (params_json.is_object()) {
    for (auto it = params_json.begin(); it != params_json.end(); ++it) {
      params[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    }
  }
  for (const auto& s : block->statements) {
    Result<std::string> text = FillPlaceholders(s.text, params);
    if (!text.ok()) {
      (*out)["error"] =
          filled->label + " (line " + std::to_string(block->line) + "): " + text.error().message;
      return false;
    }
    filled->texts.push_back(std::move(text.value()));
    filled->complete.push_back(s.complete);
  }
  return true;
}

wire::Json RunBlock(Context* ctx, const std::string& kind_name, const std::string& name,
                    const wire::Json& params_json) {
  wire::Json out = wire::Json::object();
  out["ok"] = false;
  out["records"] = wire::Json::array();
  FilledBlock filled;
  if (!FillBlock(ctx, kind_name, name, params_json, &out, &filled)) return out;
  const Block* block = filled.block;
  const BlockKind kind = filled.kind;
  const std::string& label = filled.label;
  const std::vector<std::string>& texts = filled.texts;
  const std::vector<bool>& complete = filled.complete;
  out["statements"] = texts;
  bool ok = true;
  // Several writes in one template go in one transaction, as they would in an application.
  if (texts.size() > 1 && (kind == BlockKind::kEntity || kind == BlockKind::kTransition ||
                           kind == BlockKind::kHandler)) {
    CaptureClient capture;
    bool parsed = true;
    for (size_t i = 0; i < texts.size(); ++i) {
      lab::StatementRecord r =
          lab::RunStatement(capture, texts[i], ctx->solution_files, complete[i]);
      if (!r.ok && r.calls.empty()) {
        parsed = false;
        out["records"].push_back(lab::RecordToJson(r));
        out["error"] = label + ": " + lab::ErrorText(r);
        return out;
      }
    }
    // DynamoDB has no transaction that takes both kinds: TransactWriteItems takes no PartiQL and
    // ExecuteTransaction takes only PartiQL. Running them one by one would break the promise
    // that a template's writes land together, so a mixed template is refused, saying why.
    size_t partiql_calls = 0;
    for (const auto& call : capture.calls) {
      partiql_calls += OperationFromName(call.first) == Operation::ExecuteStatement;
    }
    if (partiql_calls > 0 && partiql_calls < capture.calls.size()) {
      out["error"] = label + " (line " + std::to_string(block->line) +
                     "): this template mixes aws-CLI writes and PartiQL statements, and DynamoDB "
                     "has no transaction that takes both (TransactWriteItems takes no PartiQL, "
                     "ExecuteTransaction only PartiQL). Write all of its statements in one "
                     "language so they run as one transaction.";
      return out;
    }
    wire::Json body = parsed ? CombineWrites(capture.calls) : wire::Json(nullptr);
    if (!body.is_null()) {
      bool partiql = body.contains("TransactStatements");
      lab::StatementRecord r =
          lab::RunCall(*ctx->client, partiql ? "ExecuteTransaction" : "TransactWriteItems", body);
      r.input = "(" + std::to_string(texts.size()) + " writes of " + label + " in one transaction)";
      if (!r.ok) {
        out["error"] = label + ": " + lab::ErrorText(r);
        ok = false;
      }
      out["records"].push_back(lab::RecordToJson(r));
      out["ok"] = ok;
      out["transaction"] = true;
      return out;
    }
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    lab::StatementRecord r =
        lab::RunStatement(*ctx->client, texts[i], ctx->solution_files, complete[i]);
    if (!r.ok && ok) {
      ok = false;
      out["error"] = label + ": " + lab::ErrorText(r);
    }
    out["records"].push_back(lab::RecordToJson(r));
  }
  out["ok"] = ok;
  return out;
}

// sol.run and sol.render take (kind, name, params) alike and return their result as a table.
using BlockFunction = wire::Json (*)(Context*, const std::string&, const std::string&,
                                     const wire::Json&);
int CallBlockFunction(lua_State* L, BlockFunction fn) {
  Context* ctx = ContextOf(L);
  const char* kind = luaL_checkstring(L, 1);
  const char* name = lua_isstring(L, 2) ? lua_tostring(L, 2) : "";
  wire::Json params = wire::Json::object();
  if (lua_istable(L, 3)) {
    Result<wire::Json> p = ctx->sandbox->ToJson(3);
    if (p.ok()) params = std::move(p.value());
  }
  ctx->sandbox->PushJson(fn(ctx, kind, name, params));
  return 1;
}

// sol.run(kind, name, params) -> {ok, records, error, missing, statements}
int LSolRun(lua_State* L) { return CallBlockFunction(L, RunBlock); }

// sol.render(kind, name, params) -> {ok, statements, error, missing}: the block's statements
// with the parameters filled in, run nowhere (the throughput check sends them to a simulation).
wire::Json RenderBlock(Context* ctx, const std::string& kind_name, const std::string& name,
                       const wire::Json& params_json) {
  wire::Json out = wire::Json::object();
  out["ok"] = false;
  FilledBlock filled;
  if (!FillBlock(ctx, kind_name, name, params_json, &out, &filled)) return out;
  out["statements"] = std::move(filled.texts);
  out["ok"] = true;
  return out;
}

int LSolRender(lua_State* L) { return CallBlockFunction(L, RenderBlock); }

// sol.blocks() -> {{kind, name, line, statements}, ...}
int LSolBlocks(lua_State* L) {
  Context* ctx = ContextOf(L);
  wire::Json arr = wire::Json::array();
  for (const auto& b : ctx->solution->blocks) {
    arr.push_back(wire::Json{{"kind", std::string(BlockKindName(b.kind))},
                             {"name", b.name},
                             {"line", b.line},
                             {"statements", b.statements.size()}});
  }
  ctx->sandbox->PushJson(arr);
  return 1;
}

// sol.endpoint() -> the endpoint's description when grading on one, else nil (the grading
// library then skips the checks that need ddblab's own engine).
int LSolEndpoint(lua_State* L) {
  Context* ctx = ContextOf(L);
  if (ctx->client == nullptr || !ctx->client->IsRemote()) {
    lua_pushnil(L);
  } else {
    ctx->sandbox->PushJson(wire::Json(ctx->client->Describe()));
  }
  return 1;
}

// sol.problems() -> {"line N: ...", ...}
int LSolProblems(lua_State* L) {
  Context* ctx = ContextOf(L);
  ctx->sandbox->PushJson(wire::Json(ctx->solution->problems));
  return 1;
}

void InstallSolApi(lab::Sandbox& sb, Context* ctx) {
  lua_State* L = sb.state();
  lua_newtable(L);
  const std::pair<const char*, lua_CFunction> fns[] = {{"run", LSolRun},
                                                       {"render", LSolRender},
                                                       {"blocks", LSolBlocks},
                                                       {"problems", LSolProblems},
                                                       {"endpoint", LSolEndpoint}};
  for (const auto& [n, f] : fns) {
    lua_pushlightuserdata(L, ctx);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, -2, n);
  }
  lua_setglobal(L, "sol");
}

std::string Str(const wire::Json& j, const char* key, std::string def = "") {
  if (j.is_object() && j.contains(key) && j[key].is_string()) return j[key].get<std::string>();
  return def;
}

double Num(const wire::Json& j, const char* key, double def) {
  if (j.is_object() && j.contains(key) && j[key].is_number()) return j[key].get<double>();
  return def;
}

// Calls global `fn` with one argument (a string or an integer) and returns its JSON result.
Result<wire::Json> CallGlobal(lab::Sandbox& sb, const char* fn, const wire::Json& arg,
                              LuaOutcome* outcome) {
  lua_State* L = sb.state();
  lua_getglobal(L, fn);
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    *outcome = LuaOutcome::kRuntimeError;
    return ValidationError(std::string("the grading library defines no ") + fn + "()");
  }
  sb.PushJson(arg);
  lab::LuaStatus st = sb.PCall(1, 1);
  *outcome = st.outcome;
  if (!st.ok()) return ValidationError(st.message);
  Result<wire::Json> j = sb.ToJson(-1);
  sb.Pop(1);
  return j;
}

// Loads what every exercise runs on: the built-in seeded generator (rng), then the grading
// library, the exercise's generate.lua and its grader.lua.
Status LoadExerciseScripts(lab::Sandbox& sb, const ExerciseLocation& loc) {
  lab::LuaStatus st = sb.Run(embedded::kRngLua, "rng", 0);
  if (!st.ok()) return ValidationError("grader script failed: " + st.message);
  const fs::path dir = loc.dir;
  std::error_code ec;
  for (const fs::path& script : {fs::path(loc.library), dir / "generate.lua", dir / "grader.lua"}) {
    if (!fs::exists(script, ec)) continue;
    st = sb.RunFile(script.string());
    if (!st.ok()) return ValidationError("grader script failed: " + st.message);
  }
  return OkStatus();
}

CheckStatus StatusFromName(const std::string& s) {
  for (CheckStatus c : {CheckStatus::kPassed, CheckStatus::kFailed, CheckStatus::kError,
                        CheckStatus::kSkipped, CheckStatus::kTimeout}) {
    if (s == CheckStatusName(c)) return c;
  }
  return CheckStatus::kError;
}

}  // namespace

Report GradeSolution(const std::string& exercise, const std::string& solution_path,
                     const GradeOptions& options) {
  auto started = std::chrono::steady_clock::now();
  Report report;
  report.exercise = exercise;
  report.solution = solution_path;
  report.seed = options.seed;
  const CapacityTally* counted = nullptr;  // set once a database is open
  auto finish = [&]() -> Report {
    if (counted != nullptr) {
      report.read_units = counted->read_units();
      report.write_units = counted->write_units();
    }
    BoundFeedback(report);
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return std::move(report);
  };
  if (options.progress) options.progress("setup (loading the solution and the exercise)");

  std::string root = options.exercises_dir.empty() ? ExercisesDir() : options.exercises_dir;
  Result<ExerciseLocation> loc = LocateExercise(exercise, root);
  if (!loc.ok()) {
    report.error = loc.error().message;
    return finish();
  }
  report.exercise = loc->id;
  Result<Solution> sol = LoadSolution(solution_path);
  if (!sol.ok()) {
    report.error = sol.error().message;
    return finish();
  }
  report.problems = sol->problems;

  std::unique_ptr<wire::Client> own_engine;
  wire::Client* client = options.database;
  if (client == nullptr) {
    Result<std::unique_ptr<Engine>> engine = Engine::Open(EngineOptions{});
    if (!engine.ok()) {
      report.error = "cannot open an in-memory engine: " + engine.error().message;
      return finish();
    }
    own_engine = wire::MakeEmbeddedClient(std::move(engine.value()), "grading engine");
    client = own_engine.get();
  } else {
    report.database = client->Describe();
  }
  CapacityTally tally(*client);
  client = &tally;
  counted = &tally;
  // Over an endpoint a check waits for the network (and for new tables to become ACTIVE): its
  // wall-time budget is wide, while its instruction budget still stops a runaway check.
  const double min_check_seconds = client->IsRemote() ? 900 : 0;

  std::ostringstream lua_out;  // graders should not print; whatever they do is dropped
  lab::SandboxLimits setup_limits;
  setup_limits.instructions = 100'000'000;
  setup_limits.wall_seconds = 10;
  std::unique_ptr<lab::Sandbox> sb = lab::Sandbox::Create(setup_limits, lua_out);
  if (!sb) {
    report.error = "cannot create the Lua sandbox";
    return finish();
  }
  sb->InstallDdbApi(*client, shell::FileAccess::Refused(shell::kSolutionFileReason));
  Context ctx{&sol.value(), client, sb.get()};
  InstallSolApi(*sb, &ctx);

  if (Status loaded = LoadExerciseScripts(*sb, *loc); !loaded.ok()) {
    report.error = loaded.error().message;
    return finish();
  }

  LuaOutcome outcome;
  Result<wire::Json> plan = CallGlobal(*sb, "__plan", wire::Json(options.seed), &outcome);
  if (!plan.ok() || !plan->is_object()) {
    report.error = "grader plan failed: " +
                   (plan.ok() ? std::string("__plan returned no table") : plan.error().message);
    return finish();
  }
  report.exercise_title = Str(*plan, "title", exercise);
  const wire::Json& checks = (*plan)["checks"];
  std::map<std::string, size_t> index;
  for (const auto& c : checks) {
    CheckResult r;
    r.id = Str(c, "id");
    r.title = Str(c, "title", r.id);
    r.max_points = Num(c, "points", 0);
    r.visibility = Str(c, "visibility") == "hidden" ? Visibility::kHidden : Visibility::kVisible;
    if (c.contains("depends") && c["depends"].is_array()) {
      for (const auto& d : c["depends"]) {
        if (d.is_string()) r.depends.push_back(d.get<std::string>());
      }
    }
    index[r.id] = report.checks.size();
    report.checks.push_back(std::move(r));
  }

  for (size_t i = 0; i < report.checks.size(); ++i) {
    CheckResult& r = report.checks[i];
    const wire::Json& spec = checks[i];
    // Dependencies: the first one that did not pass explains the skip; a skip caused by a skip
    // carries the original reason, so twenty pattern checks all name the one real problem.
    std::string blocked;
    for (const auto& d : r.depends) {
      auto it = index.find(d);
      if (it == index.end() || it->second >= i) continue;
      const CheckResult& dep = report.checks[it->second];
      if (dep.status == CheckStatus::kPassed) continue;
      // A check behind one the database cannot run cannot run either, for the same reason.
      r.unavailable = dep.unavailable;
      if (dep.status == CheckStatus::kSkipped && !dep.message.empty()) {
        blocked = dep.message;
      } else {
        blocked = "skipped: " + dep.id + " (" + dep.title + ") did not pass";
      }
      break;
    }
    if (!blocked.empty()) {
      r.status = CheckStatus::kSkipped;
      r.message = blocked;
      if (r.unavailable) {
        r.unavailable_points = r.max_points;
        r.max_points = 0;
      }
      continue;
    }
    if (options.progress) options.progress("check " + r.id + " (" + r.title + ")");
    lab::SandboxLimits limits;
    limits.instructions = static_cast<int64_t>(
        Num(spec, "instructions", static_cast<double>(options.check_instructions)));
    limits.wall_seconds = std::max(Num(spec, "seconds", options.check_seconds), min_check_seconds);
    sb->set_limits(limits);
    auto t0 = std::chrono::steady_clock::now();
    Result<wire::Json> res = CallGlobal(*sb, "__run", wire::Json(r.id), &outcome);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!res.ok()) {
      if (outcome == LuaOutcome::kInstructionLimit || outcome == LuaOutcome::kTimeLimit) {
        r.status = CheckStatus::kTimeout;
        r.message = "the check ran out of its budget (" +
                    std::string(outcome == LuaOutcome::kTimeLimit ? "wall time" : "instructions") +
                    "): " + res.error().message;
      } else {
        r.status = CheckStatus::kError;
        r.message = "the grader failed while checking: " + res.error().message;
      }
      continue;
    }
    r.status = StatusFromName(Str(*res, "status", "error"));
    r.message = Str(*res, "message");
    // Only a database that is not ddblab's own makes a check unavailable; on the embedded
    // engine a skip is a skip (and costs the check's points).
    const bool unavailable = client->IsRemote() && res->contains("unavailable") &&
                             (*res)["unavailable"].is_boolean() &&
                             (*res)["unavailable"].get<bool>();
    if (r.status == CheckStatus::kSkipped && unavailable) {
      r.unavailable = true;
      r.unavailable_points = r.max_points;
      r.max_points = 0;
      continue;
    }
    double score = Num(*res, "score", r.status == CheckStatus::kPassed ? r.max_points : 0);
    r.points = std::clamp(score, 0.0, r.max_points);
    if (r.status != CheckStatus::kPassed && !res->contains("score")) r.points = 0;
  }
  return finish();
}

Result<wire::Json> CallExercise(const std::string& exercise, const std::string& solution_path,
                                wire::Client& client, const std::string& function,
                                const wire::Json& arg, const std::string& exercises_dir) {
  std::string root = exercises_dir.empty() ? ExercisesDir() : exercises_dir;
  Result<ExerciseLocation> loc = LocateExercise(exercise, root);
  if (!loc.ok()) return loc.error();
  Solution solution;
  if (!solution_path.empty()) {
    Result<Solution> loaded = LoadSolution(solution_path);
    if (!loaded.ok()) return loaded.error();
    solution = std::move(loaded.value());
  }
  std::ostringstream lua_out;
  lab::SandboxLimits limits;
  limits.wall_seconds = 30;
  std::unique_ptr<lab::Sandbox> sb = lab::Sandbox::Create(limits, lua_out);
  if (!sb) return ValidationError("cannot create the Lua sandbox");
  // No file reads at all while grading: the exercise's checks build statements from the
  // solution's data, so even their statements must not reach the grading machine's files.
  sb->InstallDdbApi(client, shell::FileAccess::Refused(shell::kSolutionFileReason));
  Context ctx{&solution, &client, sb.get()};
  InstallSolApi(*sb, &ctx);
  DDB_TRY(LoadExerciseScripts(*sb, *loc));
  LuaOutcome outcome;
  return CallGlobal(*sb, function.c_str(), arg, &outcome);
}

}  // namespace ddblab::grade
