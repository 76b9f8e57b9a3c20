// Guided lessons: loading a lesson file into its own sandbox, presenting steps, checking each
// statement the student runs, hints, and saved progress.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <lua.hpp>
#include <sstream>

#include "data_dirs.h"
#include "lab_runtime.h"
#include "sandbox_internal.h"
#include "shell/lab/prelude/lesson_lua.h"
#include "shell/render/wrap_text.h"
#include "shell/session/boundary.h"
#include "streams/handlers.h"

namespace ddblab::lab {

namespace fs = std::filesystem;

namespace {

// A backend that refuses every call: lesson files are only read, not run, when listing them.
class NoClient : public wire::Client {
 public:
  wire::JsonResult Call(std::string_view, const wire::Json&) override {
    wire::JsonResult r;
    r.error = ValidationError("no database while listing lessons");
    return r;
  }
  std::string Describe() const override { return "no database"; }
};

std::string RawString(lua_State* L, int table, const char* field) {
  table = lua_absindex(L, table);
  lua_pushstring(L, field);
  lua_rawget(L, table);
  std::string s;
  if (lua_type(L, -1) == LUA_TSTRING) {
    size_t n = 0;
    const char* p = lua_tolstring(L, -1, &n);
    s.assign(p, n);
  }
  lua_pop(L, 1);
  return s;
}

std::vector<std::string> RawStrings(lua_State* L, int table, const char* field) {
  table = lua_absindex(L, table);
  std::vector<std::string> out;
  lua_pushstring(L, field);
  lua_rawget(L, table);
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) == LUA_TSTRING) out.emplace_back(lua_tostring(L, -1));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return out;
}

// Reads the normalized lesson table at the top of the stack.
LessonInfo ReadInfo(lua_State* L, const std::string& path) {
  LessonInfo info;
  info.path = path;
  info.id = RawString(L, -1, "id");
  info.title = RawString(L, -1, "title");
  info.summary = RawString(L, -1, "summary");
  info.requires_ = RawStrings(L, -1, "requires");
  lua_pushstring(L, "number");
  lua_rawget(L, -2);
  if (lua_isinteger(L, -1)) info.number = static_cast<int>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  lua_pushstring(L, "steps");
  lua_rawget(L, -2);
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);
    StepInfo s;
    s.id = RawString(L, -1, "id");
    s.text = RawString(L, -1, "text");
    s.hints = RawStrings(L, -1, "hints");
    s.show = RawString(L, -1, "show");
    s.explain = RawString(L, -1, "explain_text");
    info.steps.push_back(std::move(s));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return info;
}

// Loads `path` into `sb`: the prelude (whose helper table is returned as a registry ref) and the
// lesson file, normalized. On success the helper ref is stored in *helpers.
Result<LessonInfo> LoadLesson(Sandbox& sb, const std::string& path, int* helpers) {
  lua_State* L = sb.state();
  // The prelude (shell/lab/prelude/lesson.lua) returns the table the host calls into:
  // normalize, setup, step_setup, check.
  LuaStatus st = sb.Run(embedded::kLessonLua, "lesson-prelude", 1);
  if (!st.ok()) return ValidationError(st.message);
  int ref = luaL_ref(L, LUA_REGISTRYINDEX);
  st = sb.RunFile(path, 1);
  if (!st.ok()) {
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    return ValidationError(st.message);
  }
  // stack: lesson
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushstring(L, "normalize");
  lua_rawget(L, -2);
  lua_remove(L, -2);
  lua_insert(L, -2);
  lua_pushstring(L, path.c_str());
  // stack: normalize, lesson, path
  st = sb.PCall(2, 1);
  if (!st.ok()) {
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    return ValidationError(st.message);
  }
  LessonInfo info = ReadInfo(L, path);
  lua_pop(L, 1);
  *helpers = ref;
  return info;
}

std::string Lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Directories and progress

std::string LessonsDir() {
  std::string path;
  for (const std::string& dir : DataDirs("lessons")) path += (path.empty() ? "" : ":") + dir;
  return path;
}

std::string DataDir() {
  if (const char* d = std::getenv("DDBLAB_DATA_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::string(x) + "/ddblab";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.local/share/ddblab";
  return ".ddblab";
}

ProgressStore::ProgressStore(std::string path) : path_(std::move(path)) {}

void ProgressStore::Load() {
  lessons_.clear();
  if (path_.empty()) return;
  std::ifstream in(path_);
  if (!in) return;
  try {
    wire::Json j = wire::Json::parse(in);
    const wire::Json& ls = j.at("lessons");
    for (auto it = ls.begin(); it != ls.end(); ++it) {
      LessonProgress p;
      const wire::Json& v = it.value();
      p.step = v.value("step", 0);
      p.completed = v.value("completed", false);
      if (v.contains("hints_used") && v["hints_used"].is_object()) {
        for (auto h = v["hints_used"].begin(); h != v["hints_used"].end(); ++h) {
          if (h.value().is_number_integer()) p.hints_used[h.key()] = h.value().get<int>();
        }
      }
      lessons_[it.key()] = p;
    }
  } catch (const std::exception& e) {
    warning_ = "progress file " + path_ + " is unreadable (" + e.what() + "); starting afresh";
  }
}

bool ProgressStore::Save() {
  if (path_.empty()) return true;
  try {
    wire::Json j = wire::Json::object();
    j["version"] = 1;
    wire::Json ls = wire::Json::object();
    for (const auto& [id, p] : lessons_) {
      wire::Json h = wire::Json::object();
      for (const auto& [step, n] : p.hints_used) h[step] = n;
      ls[id] = wire::Json{{"step", p.step}, {"completed", p.completed}, {"hints_used", h}};
    }
    j["lessons"] = ls;
    fs::path target(path_);
    std::error_code ec;
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    fs::path tmp = target;
    tmp += ".tmp";
    {
      std::ofstream out(tmp, std::ios::trunc);
      if (!out) {
        warning_ = "cannot write " + tmp.string();
        return false;
      }
      out << j.dump(2) << "\n";
      if (!out) {
        warning_ = "cannot write " + tmp.string();
        return false;
      }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
      warning_ = "cannot save progress to " + path_ + ": " + ec.message();
      return false;
    }
    return true;
  } catch (const std::exception& e) {
    warning_ = std::string("cannot save progress: ") + e.what();
    return false;
  }
}

LessonProgress ProgressStore::Get(const std::string& id) const {
  auto it = lessons_.find(id);
  return it == lessons_.end() ? LessonProgress{} : it->second;
}
void ProgressStore::Set(const std::string& id, const LessonProgress& p) { lessons_[id] = p; }
void ProgressStore::Erase(const std::string& id) { lessons_.erase(id); }

static std::vector<std::string> SearchPath(const std::string& dirs) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    if (colon > start) out.push_back(dirs.substr(start, colon - start));
    start = colon + 1;
  }
  return out;
}

std::vector<LessonInfo> ListLessons(const std::string& dirs, std::vector<std::string>* errors) {
  std::vector<LessonInfo> out;
  std::vector<fs::path> files;
  std::error_code ec;
  for (const std::string& dir : SearchPath(dirs)) {
    std::vector<fs::path> here;
    // One folder per lesson (<dir>/<id>/lesson.lua beside its answers files); a folder without
    // lesson.lua (the lessons' handlers/) is not a lesson. A course folder written for the
    // earlier flat layout (<dir>/<id>.lua) still loads: its lessons are found as they were.
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path file = it->path() / kLessonFile;
      if (it->is_directory(ec) && fs::is_regular_file(file, ec)) here.push_back(file);
      if (it->path().extension() == ".lua" && it->is_regular_file(ec)) here.push_back(it->path());
    }
    std::sort(here.begin(), here.end());
    files.insert(files.end(), here.begin(), here.end());
  }
  NoClient none;
  std::ostringstream sink;
  for (const auto& f : files) {
    auto sb = Sandbox::Create(SandboxLimits{}, sink);
    if (!sb) continue;
    sb->InstallDdbApi(none, shell::FileAccess::ConfinedTo(f.parent_path().string()));
    int ref = 0;
    auto info = LoadLesson(*sb, f.string(), &ref);
    if (!info.ok()) {
      if (errors) errors->push_back(info.error().message);
      continue;
    }
    // A course's lesson comes first in the search path and takes the id; the bundled one of the
    // same id is set aside, and the list says so.
    auto same_id =
        std::find_if(out.begin(), out.end(), [&](const LessonInfo& l) { return l.id == info->id; });
    if (same_id != out.end()) {
      same_id->replaces = info->path;
      continue;
    }
    out.push_back(std::move(info.value()));
  }
  std::stable_sort(out.begin(), out.end(), [](const LessonInfo& a, const LessonInfo& b) {
    if (a.number != b.number) return a.number < b.number;
    return a.id < b.id;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// LessonSession

struct LessonSession::State {
  wire::Client* client;
  ProgressStore* progress;
  std::ostream* out;
  Sandbox::SimulationObserver simulation_observer;
  // Lesson code reads files only from the lesson's own folder (set by Start).
  shell::FileAccess files = shell::FileAccess::Refused("no lesson is loaded");
  std::unique_ptr<Sandbox> sandbox;
  LessonInfo info;
  int helpers = LUA_NOREF;
  int step = 0;
  bool completed = false;
  bool active = false;
  std::map<std::string, int> hints_used;
  bool warned_save = false;

  std::ostream& o() { return *out; }

  void Save() {
    LessonProgress p;
    p.step = step;
    p.completed = completed;
    p.hints_used = hints_used;
    progress->Set(info.id, p);
    if (!progress->Save() && !warned_save) {
      warned_save = true;
      o() << "(progress not saved: " << progress->warning() << ")\n";
    }
  }

  // Calls helpers[name](args...) where the args were pushed by `push` and returns the status.
  template <typename Push>
  LuaStatus CallHelper(const char* name, int nargs, int nresults, Push push) {
    lua_State* L = sandbox->state();
    lua_rawgeti(L, LUA_REGISTRYINDEX, helpers);
    lua_pushstring(L, name);
    lua_rawget(L, -2);
    lua_remove(L, -2);
    push(L);
    return sandbox->PCall(nargs, nresults);
  }

  bool RunSetup(const char* what, int step_index) {
    LuaStatus st;
    if (step_index < 0) {
      st = CallHelper("setup", 0, 0, [](lua_State*) {});
    } else {
      st =
          CallHelper("step_setup", 1, 0, [&](lua_State* L) { lua_pushinteger(L, step_index + 1); });
    }
    if (!st.ok()) {
      o() << "lesson " << info.id << ": " << what << " failed: " << st.message << "\n";
      return false;
    }
    return true;
  }

  // Applies a step's "show me" solution without printing its results, so later steps find the
  // state they expect (used when skipping and when resuming).
  void ApplySolution(int index) {
    const StepInfo& s = info.steps[static_cast<size_t>(index)];
    for (const auto& stmt : shell::SplitStatements(s.show)) {
      StatementRecord r = RunStatement(*client, stmt.text, files, stmt.complete);
      (void)r;
    }
  }

  void Present() {
    const StepInfo& s = info.steps[static_cast<size_t>(step)];
    o() << "\n--- " << info.id << " · step " << (step + 1) << " of " << info.steps.size() << ": "
        << s.id << " ---\n";
    // Refilled to the terminal, so a narrow one does not break words; piped output is as written.
    std::string text = shell::WrapProse(s.text, shell::TerminalColumns());
    o() << text;
    if (text.empty() || text.back() != '\n') o() << "\n";
  }

  void Enter(int index) {
    step = index;
    RunSetup("step setup", step);
    Present();
  }

  void GiveHint(bool asked) {
    const StepInfo& s = info.steps[static_cast<size_t>(step)];
    int& used = hints_used[s.id];
    if (used < static_cast<int>(s.hints.size())) {
      o() << "Hint " << (used + 1) << "/" << s.hints.size() << ": "
          << s.hints[static_cast<size_t>(used)] << "\n";
      ++used;
      Save();
    } else if (s.hints.empty()) {
      o() << "This step has no hints."
          << (s.show.empty() ? "" : " `.lesson show` prints a solution.") << "\n";
    } else {
      if (asked) {
        o() << "No more hints for this step.";
      } else {
        o() << "(All hints shown.)";
      }
      o() << (s.show.empty() ? "" : " `.lesson show` prints a solution.") << "\n";
    }
  }

  void Advance() {
    if (step + 1 >= static_cast<int>(info.steps.size())) {
      completed = true;
      step = static_cast<int>(info.steps.size());
      Save();
      o() << "\nLesson complete: " << info.title << ".\n";
      o() << "`.lesson` lists the lessons; your progress is saved.\n";
      active = false;
      return;
    }
    Save();
    Enter(step + 1);
    Save();
  }
};

LessonSession::LessonSession(wire::Client& client, ProgressStore& progress, std::ostream& out)
    : s_(std::make_unique<State>()) {
  s_->client = &client;
  s_->progress = &progress;
  s_->out = &out;
}

LessonSession::~LessonSession() = default;

bool LessonSession::active() const { return s_->active; }
bool LessonSession::completed() const { return s_->completed; }
const LessonInfo* LessonSession::lesson() const { return s_->sandbox ? &s_->info : nullptr; }
int LessonSession::step() const { return s_->step; }

std::string LessonSession::PromptTag() const {
  if (!s_->active) return "";
  return s_->info.id + " " + std::to_string(s_->step + 1) + "/" +
         std::to_string(s_->info.steps.size());
}

void LessonSession::set_simulation_observer(Sandbox::SimulationObserver observer) {
  s_->simulation_observer = std::move(observer);
}

bool LessonSession::Start(const std::string& dir, const std::string& id_or_number, bool fresh) {
  State& s = *s_;
  std::ostream& o = s.o();
  std::string path;
  std::error_code ec;
  for (const std::string& d : SearchPath(dir)) {
    path = (fs::path(d) / id_or_number / kLessonFile).string();
    if (fs::exists(path, ec)) break;
  }
  if (!fs::exists(path, ec)) {
    std::vector<std::string> errors;
    auto all = ListLessons(dir, &errors);
    const LessonInfo* found = nullptr;
    for (const auto& l : all) {
      if (l.id == id_or_number || std::to_string(l.number) == id_or_number ||
          Lower(l.id) == Lower(id_or_number)) {
        found = &l;
        break;
      }
    }
    if (found == nullptr) {
      o << "No lesson \"" << id_or_number << "\". Lessons:";
      for (const auto& l : all) o << " " << l.id;
      o << "\n";
      return false;
    }
    path = found->path;
  }
  s.active = false;
  s.sandbox = Sandbox::Create(SandboxLimits{}, o);
  if (!s.sandbox) {
    o << "cannot create a Lua state\n";
    return false;
  }
  s.files = shell::FileAccess::ConfinedTo(fs::path(path).parent_path().string());
  s.sandbox->InstallDdbApi(*s.client, s.files);
  s.sandbox->set_simulation_observer(s.simulation_observer);
  auto info = LoadLesson(*s.sandbox, path, &s.helpers);
  if (!info.ok()) {
    o << "cannot load lesson: " << info.error().message << "\n";
    s.sandbox.reset();
    return false;
  }
  s.info = std::move(info.value());
  LessonProgress p = s.progress->Get(s.info.id);
  int start = 0;
  s.hints_used.clear();
  if (!fresh && !p.completed && p.step > 0 && p.step < static_cast<int>(s.info.steps.size())) {
    start = p.step;
    s.hints_used = p.hints_used;
  }
  s.completed = false;
  o << "Lesson " << s.info.number << ": " << s.info.title << "\n";
  if (!s.info.summary.empty()) o << s.info.summary << "\n";
  if (!s.RunSetup("setup", -1)) return false;
  for (int i = 0; i < start; ++i) {
    s.RunSetup("step setup", i);
    s.ApplySolution(i);
  }
  if (start > 0) {
    o << "(Resuming at step " << (start + 1) << " of " << s.info.steps.size()
      << "; the earlier steps' solutions were applied.)\n";
  }
  s.active = true;
  s.Enter(start);
  s.Save();
  return true;
}

void LessonSession::OnStatement(const StatementRecord& record) {
  State& s = *s_;
  if (!s.active) return;
  std::ostream& o = s.o();
  // A statement that never became a request (it did not parse) has nothing to judge; one the
  // aws CLI would refuse before sending (a value of the wrong shape) still names its operation,
  // and the step says what it expected.
  if (!record.ok && record.calls.empty() && record.operation.empty()) {
    o << "(That statement did not run, so the step was not checked: `.lesson hint` helps, "
         "`.lesson status` shows the step again.)\n";
    return;
  }
  // Handlers the lesson attached itself (ddb.stream.attach in a setup) run before the check, and
  // what they did joins what the shell's handlers did in r.stream.
  wire::Json own_stream;
  if (streams::AttachedHandlers(*s.sandbox) > 0) {
    auto summary = streams::RunHandlers(*s.sandbox, 0, false);
    if (summary.ok()) {
      o << streams::DescribeRun(*summary);
      own_stream = std::move(*summary);
    } else {
      o << "lesson " << s.info.id << ": its stream handlers failed: " << summary.error().message
        << "\n";
    }
  }
  wire::Json rj = RecordToJson(record, *s.client);
  if (!own_stream.is_null()) {
    rj["stream"] = streams::MergeSummaries(rj.value("stream", wire::Json()), own_stream);
  }
  LuaStatus st = s.CallHelper("check", 2, 3, [&](lua_State* L) {
    lua_pushinteger(L, s.step + 1);
    s.sandbox->PushJson(rj);
  });
  if (!st.ok()) {
    o << "lesson " << s.info.id << ": the check of step "
      << s.info.steps[static_cast<size_t>(s.step)].id << " failed: " << st.message << "\n";
    return;
  }
  lua_State* L = s.sandbox->state();
  // stack: verdict, message, explanation
  int verdict = lua_type(L, -3) == LUA_TBOOLEAN ? (lua_toboolean(L, -3) ? 1 : 0) : -1;
  std::string msg = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
  std::string explain = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 3);
  if (verdict == 1) {
    o << "✓ Step passed.";
    if (!msg.empty()) o << " " << msg;
    o << "\n";
    if (!explain.empty()) {
      o << explain;
      if (explain.back() != '\n') o << "\n";
    }
    s.Advance();
  } else if (verdict == 0) {
    o << "✗ Not yet" << (msg.empty() ? "." : ": " + msg) << "\n";
    s.GiveHint(false);
  } else if (!msg.empty()) {
    o << msg << "\n";
  }
}

bool LessonSession::Command(const std::string& verb) {
  State& s = *s_;
  std::ostream& o = s.o();
  if (!s.sandbox) {
    o << "No lesson in progress: `.lesson start ID` starts one.\n";
    return false;
  }
  int n = static_cast<int>(s.info.steps.size());
  if (verb == "status") {
    o << "Lesson " << s.info.id << " (" << s.info.title << "): ";
    if (s.completed) {
      o << "complete.\n";
    } else {
      o << "step " << (s.step + 1) << " of " << n << ".\n";
      s.Present();
    }
    return true;
  }
  if (verb == "reset") {
    s.progress->Erase(s.info.id);
    s.progress->Save();
    std::string id = s.info.id;
    std::string dir = fs::path(s.info.path).parent_path().string();
    return Start(dir, id, true);
  }
  if (verb == "quit") {
    Quit();
    return true;
  }
  if (!s.active) {
    o << "Lesson " << s.info.id << " is complete; `.lesson reset` starts it again.\n";
    return verb == "hint" || verb == "show";
  }
  if (verb == "hint") {
    s.GiveHint(true);
    return true;
  }
  if (verb == "show") {
    const StepInfo& st = s.info.steps[static_cast<size_t>(s.step)];
    if (st.show.empty()) {
      o << "This step has no solution to show.\n";
    } else {
      o << "One solution:\n" << st.show;
      if (st.show.back() != '\n') o << "\n";
    }
    return true;
  }
  if (verb == "next") {
    o << "(Skipping step " << (s.step + 1) << "; its solution was applied.)\n";
    s.ApplySolution(s.step);
    s.Advance();
    return true;
  }
  if (verb == "back") {
    if (s.step == 0) {
      o << "Already at the first step.\n";
      return true;
    }
    s.step -= 1;
    s.Save();
    s.Present();
    return true;
  }
  o << "usage: .lesson [list | start ID [--fresh] | next | back | hint | show | reset | status | "
       "quit | help]\n";
  return false;
}

void LessonSession::Quit() {
  State& s = *s_;
  if (s.sandbox && s.active) {
    s.Save();
    s.o() << "Left lesson " << s.info.id << " at step " << (s.step + 1) << "; `.lesson start "
          << s.info.id << "` resumes there.\n";
  }
  s.active = false;
  s.sandbox.reset();
}

void PrintLessonList(const std::string& dir, ProgressStore& progress, std::ostream& o,
                     const std::string& current) {
  std::vector<std::string> errors;
  auto all = ListLessons(dir, &errors);
  if (all.empty()) o << "No lessons found in " << dir << ".\n";
  size_t width = 2;
  for (const auto& l : all) width = std::max(width, l.id.size());
  for (const auto& l : all) {
    LessonProgress p = progress.Get(l.id);
    std::string status;
    if (p.completed) {
      status = "done";
    } else if (p.step > 0) {
      status = "step " + std::to_string(p.step + 1) + "/" + std::to_string(l.steps.size());
    } else if (progress.Has(l.id)) {
      status = "started";  // quit at step 1: begun, not new
    } else {
      status = "new";
    }
    o << (l.id == current ? "* " : "  ") << (l.number < 10 ? " " : "") << l.number << "  " << l.id
      << std::string(width - l.id.size() + 2, ' ') << status
      << std::string(status.size() < 10 ? 10 - status.size() : 1, ' ') << l.title << "\n";
    if (!l.replaces.empty()) {
      o << "      (from the course; the bundled lesson " << l.id << " is set aside: " << l.replaces
        << ")\n";
    }
  }
  for (const auto& e : errors) o << "(not loaded: " << e << ")\n";
}

}  // namespace ddblab::lab
