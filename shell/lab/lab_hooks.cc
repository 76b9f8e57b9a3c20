// The lab runtime's side of shell/lab_hooks.h: `.lesson` in the REPL, the observer that checks
// each statement against the current step, and `ddblab lesson list|run`.
#include "shell/lab_hooks.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <streambuf>

#include "ddblab/engine.h"
#include "shell/lab/lab_runtime.h"
#include "shell/output.h"
#include "shell/script.h"
#include "shell/shell.h"

namespace ddblab::shell {

namespace {

// An unbuffered std::ostream over the shell's sink, so lesson text goes where every other line
// of the session goes (and tests capture it).
class SinkBuf : public std::streambuf {
 public:
  explicit SinkBuf(OutputSink& sink) : sink_(sink) {}

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      char ch = static_cast<char>(c);
      sink_.Out(std::string_view(&ch, 1));
    }
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    sink_.Out(std::string_view(s, static_cast<size_t>(n)));
    return n;
  }

 private:
  OutputSink& sink_;
};

lab::StatementRecord RecordFrom(const StatementResult& r) {
  lab::StatementRecord rec;
  rec.input = r.input;
  rec.language = r.kind == InputKind::kCli ? "cli" : "partiql";
  rec.operation = r.operation;
  rec.request = r.request.is_null() ? wire::Json::object() : r.request;
  rec.ok = r.ok;
  rec.error = r.error;
  rec.output = r.output.is_null() ? wire::Json::object() : r.output;
  rec.calls = r.calls;
  return rec;
}

// Forwards to whatever backend the shell has now, so `.open` during a lesson is followed.
class ShellClient : public wire::Client {
 public:
  explicit ShellClient(ShellContext& shell) : shell_(shell) {}
  wire::JsonResult Call(std::string_view operation, const wire::Json& request) override {
    return shell_.client().Call(operation, request);
  }
  Engine* engine() override { return shell_.client().engine(); }
  std::string Describe() const override { return shell_.client().Describe(); }

 private:
  ShellContext& shell_;
};

// One per shell with a lesson in progress: owns the session and watches the statements.
class LessonObserver : public StatementObserver {
 public:
  LessonObserver(ShellContext& shell, bool persistent)
      : client_(shell),
        buf_(shell.sink()),
        out_(&buf_),
        progress_(persistent ? lab::DataDir() + "/progress.json" : ""),
        session_(client_, progress_, out_, CurrentDir()) {
    progress_.Load();
    if (!progress_.warning().empty()) out_ << "(" << progress_.warning() << ")\n";
  }

  void OnStatement(const std::string& input, const wire::JsonResult& merged,
                   ShellContext& shell) override {
    const StatementResult* last = shell.last_statement();
    if (last != nullptr && last->input == input) {
      session_.OnStatement(RecordFrom(*last));
    } else {
      lab::StatementRecord rec;
      rec.input = input;
      rec.language = "partiql";
      rec.ok = merged.ok;
      rec.error = merged.error;
      rec.output = merged.body;
      rec.calls.push_back(merged);
      session_.OnStatement(rec);
    }
    shell.SetPromptTag(session_.PromptTag());
  }

  lab::LessonSession& session() { return session_; }
  lab::ProgressStore& progress() { return progress_; }
  std::ostream& out() { return out_; }

 private:
  static std::string CurrentDir() {
    std::error_code ec;
    auto p = std::filesystem::current_path(ec);
    return ec ? "." : p.string();
  }

  ShellClient client_;
  SinkBuf buf_;
  std::ostream out_;
  lab::ProgressStore progress_;
  lab::LessonSession session_;
};

// Lessons in progress, per shell. A shell without an entry has no lesson running.
std::map<ShellContext*, std::shared_ptr<LessonObserver>>& Sessions() {
  static auto* sessions = new std::map<ShellContext*, std::shared_ptr<LessonObserver>>();
  return *sessions;
}

void EndSession(ShellContext& shell) {
  auto& sessions = Sessions();
  auto it = sessions.find(&shell);
  if (it == sessions.end()) return;
  shell.RemoveObserver(it->second.get());
  shell.SetPromptTag("");
  sessions.erase(it);
}

bool StartLesson(ShellContext& shell, const std::string& id, bool fresh, bool persistent) {
  EndSession(shell);
  auto observer = std::make_shared<LessonObserver>(shell, persistent);
  if (!observer->session().Start(lab::LessonsDir(), id, fresh)) return false;
  Sessions()[&shell] = observer;
  shell.AddObserver(observer);
  shell.SetPromptTag(observer->session().PromptTag());
  return true;
}

}  // namespace

bool RunLessonDotCommand(ShellContext& shell, const std::vector<std::string>& args) {
  auto& sessions = Sessions();
  auto it = sessions.find(&shell);
  LessonObserver* current = it == sessions.end() ? nullptr : it->second.get();
  if (args.empty() || args[0] == "list") {
    SinkBuf buf(shell.sink());
    std::ostream out(&buf);
    lab::ProgressStore progress(lab::DataDir() + "/progress.json");
    progress.Load();
    std::string active;
    if (current && current->session().active()) active = current->session().lesson()->id;
    lab::PrintLessonList(lab::LessonsDir(), progress, out, active);
    if (!current) out << "`.lesson start ID` starts (or resumes) a lesson.\n";
    return true;
  }
  static const std::vector<std::string> kVerbs = {"next",  "back",   "hint", "show",
                                                  "reset", "status", "quit"};
  bool verb = std::find(kVerbs.begin(), kVerbs.end(), args[0]) != kVerbs.end();
  if (args[0] == "start" || !verb) {
    // `.lesson ID` is short for `.lesson start ID`.
    size_t at = args[0] == "start" ? 1 : 0;
    if (args.size() <= at) {
      shell.sink().ErrLine("usage: .lesson start ID [--fresh]");
      return false;
    }
    bool fresh = args.size() > at + 1 && args[at + 1] == "--fresh";
    return StartLesson(shell, args[at], fresh, true);
  }
  if (current == nullptr) {
    shell.sink().ErrLine(
        "No lesson in progress: `.lesson start ID` starts one (`.lesson` lists them).");
    return false;
  }
  bool ok = current->session().Command(args[0]);
  if (args[0] == "quit") {
    EndSession(shell);
  } else {
    shell.SetPromptTag(current->session().PromptTag());
  }
  return ok;
}

int RunLessonCommand(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  StdioSink sink;
  auto usage = [&] {
    sink.ErrLine("usage: ddblab lesson list\n       ddblab lesson run ID --answers FILE");
    return 2;
  };
  if (args.empty() || args[0] == "list") {
    SinkBuf buf(sink);
    std::ostream out(&buf);
    lab::ProgressStore progress(lab::DataDir() + "/progress.json");
    progress.Load();
    lab::PrintLessonList(lab::LessonsDir(), progress, out, "");
    return 0;
  }
  if (args[0] != "run" || args.size() < 2) return usage();
  std::string id = args[1];
  std::string answers;
  for (size_t i = 2; i < args.size(); ++i) {
    if (args[i] == "--answers" && i + 1 < args.size()) {
      answers = args[++i];
    } else if (args[i].rfind("--answers=", 0) == 0) {
      answers = args[i].substr(10);
    } else {
      return usage();
    }
  }
  if (answers.empty()) return usage();
  std::ifstream in(answers);
  if (!in) {
    sink.ErrLine("ddblab lesson run: cannot open " + answers);
    return 2;
  }
  auto engine = Engine::Open();
  if (!engine.ok()) {
    sink.ErrLine("ddblab lesson run: " + engine.error().message);
    return 2;
  }
  std::shared_ptr<Engine> shared(std::move(engine.value()));
  Shell shell(wire::MakeEmbeddedClient(shared, "transient in-memory database"), sink);
  shell.settings().echo = true;
  // A replay starts from step 1 and leaves the student's saved progress alone.
  if (!StartLesson(shell, id, true, false)) {
    EndSession(shell);
    return 2;
  }
  ScriptOptions options;
  options.name = answers;
  options.keep_going = true;
  RunScript(shell, in, options);
  int status = 0;
  auto it = Sessions().find(&shell);
  if (it == Sessions().end()) {
    sink.ErrLine("ddblab lesson run: the lesson was quit before it was complete");
    status = 1;
  } else {
    lab::LessonSession& s = it->second->session();
    const lab::LessonInfo* info = s.lesson();
    if (s.completed()) {
      sink.Line("lesson " + id + ": complete");
    } else if (info != nullptr && s.step() < static_cast<int>(info->steps.size())) {
      sink.ErrLine("lesson " + id + ": not complete: stopped at step " +
                   std::to_string(s.step() + 1) + " of " + std::to_string(info->steps.size()) +
                   " (" + info->steps[static_cast<size_t>(s.step())].id + ")");
      status = 1;
    } else {
      sink.ErrLine("lesson " + id + ": not complete");
      status = 1;
    }
  }
  EndSession(shell);
  return status;
}

}  // namespace ddblab::shell
