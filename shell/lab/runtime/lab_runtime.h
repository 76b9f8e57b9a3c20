// The Lua lab runtime: a sandboxed Lua 5.4 state, the statement-running API that lessons and
// graders share, and guided lessons driven by the statements a student runs.
//
// Only shell/lab/ includes Lua headers; this header forward-declares lua_State so that other
// shell code (and graders) can use the runtime without them. Nothing here throws, and no Lua
// error or C++ exception crosses the boundary: every failure comes back as an Error or a
// message.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "shell/session/file_access.h"
#include "shell/session/statement.h"

struct lua_State;

namespace ddblab::lab {

namespace simulate {
struct SimulationResult;
}

// ---------------------------------------------------------------------------------------------
// Statements

// What one statement the student (or a Lua script) ran did: exactly the session's result, so
// a lesson check and the grader see what the REPL showed.
using StatementRecord = shell::StatementResult;

// Runs one statement against `client` through the session (shell/session/session.h): an
// aws-CLI line or a PartiQL statement. `files` is what its file:// values may read (lessons:
// their own folder; graded solutions: nothing); `complete` is false for a statement a file cut
// short (its error then says how to continue it).
StatementRecord RunStatement(wire::Client& client, std::string_view text,
                             const shell::FileAccess& files, bool complete = true);

// Runs one DynamoDB operation with a DynamoDB JSON body.
StatementRecord RunCall(wire::Client& client, std::string_view operation, const wire::Json& body);

// The error of a failed record as one line for feedback: DynamoDB's message (or its type when
// the message is empty), then ddblab's hint in parentheses.
std::string ErrorText(const StatementRecord& record);

// The record as the plain JSON document a Lua check receives (documented in lessons/README.md):
// input, language, operation, request, ok, error {code, message, reasons}, items (plain values:
// S -> string, N -> number, ...), count, scanned_count, capacity (units), capacity_detail,
// trace (the effective call: operation, table, index, items_read, items_returned,
// partitions_hit, partitions_total, filtered, ...), and calls.
wire::Json RecordToJson(const StatementRecord& record);
// The same plus what the statement did, identical for the aws CLI and PartiQL through either
// door (lessons/README.md, "What a check sees"): resolved key, item, condition and update, the
// operation a PartiQL statement planned into (also when refused), every item written with its
// image afterwards. `client` answers the plans and reads the images.
wire::Json RecordToJson(const StatementRecord& record, wire::Client& client);

// DynamoDB JSON values -> plain JSON (strings, numbers, booleans, arrays, objects; NULL is null)
// and back. Numbers that do not fit a double exactly stay strings.
wire::Json UnmarshalItem(const wire::Json& item);
wire::Json UnmarshalValue(const wire::Json& value);

// ---------------------------------------------------------------------------------------------
// Sandbox

// Limits for one protected call into Lua. Defaults suit instructor-written code (lessons,
// graders); student-written chunks should get smaller budgets.
struct SandboxLimits {
  // Bytes the Lua heap may hold (default 64 MiB). Allocations made by the host while pushing
  // results into Lua are counted but never refused.
  size_t memory_bytes = size_t{64} << 20;
  // VM instructions per protected call (default 200 million).
  int64_t instructions = 200'000'000;
  // Wall-clock seconds per protected call (default 10), checked from the instruction hook.
  double wall_seconds = 10.0;
};

// How a protected call ended.
enum class LuaOutcome {
  kOk,
  kLoadError,
  kRuntimeError,
  kMemoryLimit,
  kInstructionLimit,
  kTimeLimit
};

struct LuaStatus {
  LuaOutcome outcome = LuaOutcome::kOk;
  std::string message;  // a clear, one-paragraph message (with a traceback for runtime errors)
  bool ok() const { return outcome == LuaOutcome::kOk; }
};

// A fresh lua_State with only safe libraries: base (without dofile, loadfile, collectgarbage,
// rawset/rawget, warn; load accepts text chunks only; print writes to the sandbox's output),
// string (without dump), table, math, utf8, and os with only time and clock. No io, debug,
// package/require or coroutine. The string metatable is locked.
class Sandbox {
 public:
  static std::unique_ptr<Sandbox> Create(const SandboxLimits& limits, std::ostream& out);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // Loads a text chunk and runs it; its results stay on the Lua stack (use `nresults`, or
  // LUA_MULTRET as -1). `name` appears in messages ("lessons/first-steps/lesson.lua").
  LuaStatus Run(std::string_view code, std::string_view name, int nresults = 0);
  // Reads and runs a file.
  LuaStatus RunFile(const std::string& path, int nresults = 0);
  // Calls the function below `nargs` arguments on the stack under the limits, with a traceback
  // handler. Pops the function and arguments; pushes `nresults` results on success, nothing on
  // failure.
  LuaStatus PCall(int nargs, int nresults);

  // Adds the `ddb` table (statement helpers over `client`) and `say` to the globals.
  // `files` is what file:// values in its statements may read. The client must outlive the
  // sandbox.
  void InstallDdbApi(wire::Client& client, shell::FileAccess files);
  // Points the ddb API at `client` (installing it, with `files`, when the sandbox has none yet)
  // and returns the client it used before (nullptr when none); `files` unset keeps the current
  // policy. A simulation binds its handlers to its own engine this way and gives the binding
  // back afterwards.
  wire::Client* BindDdbClient(wire::Client* client, std::optional<shell::FileAccess> files);

  // Pops `n` values left on the stack by Run(..., nresults) or PCall.
  void Pop(int n);
  // Pushes a JSON document as Lua values (null -> ddb.null), never raising.
  void PushJson(const wire::Json& j);
  // Converts the Lua value at `index` to JSON (tables with keys 1..n become arrays).
  Result<wire::Json> ToJson(int index);

  // Told of every simulation ddb.simulate finishes in this sandbox (a lesson's shell keeps the
  // last one for `.heatmap`).
  using SimulationObserver = std::function<void(const simulate::SimulationResult&)>;
  void set_simulation_observer(SimulationObserver observer);

  void set_limits(const SandboxLimits& limits);
  const SandboxLimits& limits() const;
  std::ostream& out();
  size_t memory_in_use() const;
  lua_State* state();

  struct Impl;

 private:
  explicit Sandbox(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// ---------------------------------------------------------------------------------------------
// Lessons

// The folders lessons are loaded from, as a search path ("A:B", first wins): a course's lessons/
// then the bundled ones (shell/lab/runtime/data_dirs.h). Every function below taking a lessons
// `dir` takes such a path.
std::string LessonsDir();

// Where progress.json lives: $DDBLAB_DATA_DIR, else $XDG_DATA_HOME/ddblab, else
// ~/.local/share/ddblab.
std::string DataDir();

struct StepInfo {
  std::string id;
  std::string text;
  std::vector<std::string> hints;
  std::string show;     // the "show me" solution (statements, one per line), may be empty
  std::string explain;  // shown when the step passes
};

struct LessonInfo {
  int number = 0;  // position in the course
  std::string id;
  std::string title;
  std::string summary;
  std::vector<std::string> requires_;
  std::vector<StepInfo> steps;
  std::string path;
  std::string replaces;  // a bundled lesson of the same id that this course lesson replaces
};

// Per-user progress, persisted as JSON in DataDir()/progress.json.
struct LessonProgress {
  int step = 0;  // index of the current step
  bool completed = false;
  std::map<std::string, int> hints_used;  // step id -> hints revealed
};

class ProgressStore {
 public:
  explicit ProgressStore(std::string path);
  // Loads the file; a missing or unreadable file is an empty store (with a warning in
  // `warning()` for unreadable ones).
  void Load();
  // Writes atomically (temp file + rename); false on failure with `warning()` set.
  bool Save();
  LessonProgress Get(const std::string& lesson_id) const;
  // Whether the lesson was ever started (and not reset since).
  bool Has(const std::string& lesson_id) const { return lessons_.contains(lesson_id); }
  void Set(const std::string& lesson_id, const LessonProgress& p);
  void Erase(const std::string& lesson_id);
  const std::string& warning() const { return warning_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::string warning_;
  std::map<std::string, LessonProgress> lessons_;
};

// A lesson is a folder named by its id: <lessons dir>/<id>/lesson.lua, beside its answers files
// (each *.answers completes the lesson) and wrong-answers files (each *.wrong stops at the step it
// names). Its code reads files only inside that folder.
inline constexpr const char* kLessonFile = "lesson.lua";

// Reads every <dir>/<id>/lesson.lua header (id, title, ...), sorted by number then id. Files
// that fail to load are reported in `errors`.
std::vector<LessonInfo> ListLessons(const std::string& dir, std::vector<std::string>* errors);

// A lesson being followed: owns its sandbox; observes statements; answers `.lesson` commands.
// All output goes to `out`.
class LessonSession {
 public:
  LessonSession(wire::Client& client, ProgressStore& progress, std::ostream& out);
  ~LessonSession();

  // Loads lesson `id_or_number` from `dir`, runs its setup and presents the current step
  // (resuming saved progress unless `fresh`). False with a message printed on failure.
  bool Start(const std::string& dir, const std::string& id_or_number, bool fresh);

  bool active() const;
  bool completed() const;
  const LessonInfo* lesson() const;
  int step() const;  // current step index

  // Checks a statement the student ran against the current step: a pass advances with the
  // step's explanation; a miss prints the check's message and the first unused hint.
  void OnStatement(const StatementRecord& record);

  // Given to the sandbox of every lesson this session starts (Sandbox::set_simulation_observer).
  void set_simulation_observer(Sandbox::SimulationObserver observer);

  // `.lesson` subcommands: next, back, hint, show, reset, status, quit. Returns false for an
  // unknown command (after printing usage).
  bool Command(const std::string& verb);

  void Quit();

  // "first-steps 2/5" while a lesson is active, empty otherwise (for the prompt).
  std::string PromptTag() const;

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// Prints the lessons in `dir` with the student's progress; `current` is marked.
void PrintLessonList(const std::string& dir, ProgressStore& progress, std::ostream& out,
                     const std::string& current);

}  // namespace ddblab::lab
