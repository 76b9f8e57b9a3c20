// `.lesson` in the REPL, the observer that checks each statement against the current step, and
// `ddblab lesson list|run`. A lesson runs in its own scratch database, pushed onto the shell
// while the lesson is active, so the user's tables are never touched.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <streambuf>

#include "ddblab/engine.h"
#include "lab_runtime.h"
#include "repl_commands.h"
#include "shell/dot/dot_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/render/output.h"
#include "shell/repl/script.h"
#include "shell/repl/shell.h"
#include "shell_client.h"
#include "sink_streambuf.h"

namespace ddblab::shell {

// Not in an anonymous namespace: LessonDotState, declared in repl_commands.h, holds one.

// One per shell with a lesson in progress: owns the session and watches the statements.
class LessonObserver : public StatementObserver {
 public:
  LessonObserver(ShellContext& shell, bool persistent)
      : client_(shell),
        buf_(shell.sink()),
        out_(&buf_),
        progress_(persistent ? lab::DataDir() + "/progress.json" : ""),
        session_(client_, progress_, out_) {
    progress_.Load();
    if (!progress_.warning().empty()) out_ << "(" << progress_.warning() << ")\n";
  }

  void OnStatement(const StatementResult& result, ShellContext& shell) override {
    session_.OnStatement(result);
    AfterStep(shell);
  }

  // After anything that may have moved the lesson on: a finished lesson gives the user's
  // database back, and the prompt follows.
  void AfterStep(ShellContext& shell) {
    if (!session_.active() && database_ != 0) {
      LeaveDatabase(shell);
      out_ << "(The lesson is over: you are back in your own database.)\n";
    }
    shell.SetPromptTag(PromptTag());
  }

  // The lesson works in the scratch database the caller pushed onto the shell; LeaveDatabase
  // pops it (once).
  void HoldDatabase(int id) { database_ = id; }
  void LeaveDatabase(ShellContext& shell) {
    if (database_ == 0) return;
    shell.PopClient(database_);
    database_ = 0;
  }

  // The lesson's step, and that its own database is the one in use.
  std::string PromptTag() const {
    std::string tag = session_.PromptTag();
    return tag.empty() || database_ == 0 ? tag : tag + ", lesson db";
  }

  lab::LessonSession& session() { return session_; }
  lab::ProgressStore& progress() { return progress_; }
  std::ostream& out() { return out_; }

 private:
  lab::ShellClient client_;
  lab::SinkStreambuf buf_;
  std::ostream out_;
  lab::ProgressStore progress_;
  lab::LessonSession session_;
  int database_ = 0;  // the PushClient id of the lesson's own database; 0 when none
};

// The lesson in progress in one shell (none when `observer` is null). Owned by the `.lesson`
// handler registered on that shell.
struct LessonDotState {
  std::shared_ptr<LessonObserver> observer;
  std::function<void(const lab::simulate::SimulationResult&)> on_simulation;
};

// Every verb of `.lesson`, for `.lesson help` and `.help .lesson`.
std::string LessonVerbHelp() {
  return ".lesson                 list the lessons and your progress\n"
         ".lesson start ID        start a lesson, or resume it where you left it (--fresh: from\n"
         "                        step 1); `.lesson ID` is the same\n"
         ".lesson next            skip this step (its solution is applied)\n"
         ".lesson back            go back one step\n"
         ".lesson hint            the next hint for this step\n"
         ".lesson show            one solution for this step\n"
         ".lesson reset           start the lesson over, data and progress\n"
         ".lesson status          where you are, and this step's task again\n"
         ".lesson quit            leave the lesson (also .lesson stop); progress is kept\n"
         ".lesson help            this list";
}

std::shared_ptr<LessonDotState> NewLessonDotState(
    std::function<void(const lab::simulate::SimulationResult&)> on_simulation) {
  auto state = std::make_shared<LessonDotState>();
  state->on_simulation = std::move(on_simulation);
  return state;
}

namespace {

// Leaves the lesson: stops observing and gives the user's database back.
void EndSession(ShellContext& shell, LessonDotState& state) {
  if (!state.observer) return;
  shell.RemoveObserver(state.observer.get());
  shell.SetPromptTag("");
  state.observer->LeaveDatabase(shell);
  state.observer.reset();
}

bool StartLesson(ShellContext& shell, LessonDotState& state, const std::string& id, bool fresh,
                 bool persistent) {
  EndSession(shell, state);
  std::unique_ptr<wire::Client> scratch = shell.NewScratchDatabase("lesson database");
  if (!scratch) {
    shell.sink().ErrLine(".lesson: cannot create the lesson's own database");
    return false;
  }
  const int database =
      shell.PushClient(std::move(scratch), ".lesson quit returns to your database first");
  auto observer = std::make_shared<LessonObserver>(shell, persistent);
  observer->HoldDatabase(database);
  observer->session().set_simulation_observer(state.on_simulation);
  if (!observer->session().Start(lab::LessonsDir(), id, fresh)) {
    observer->LeaveDatabase(shell);
    return false;
  }
  state.observer = observer;
  shell.AddObserver(observer);
  shell.SetPromptTag(observer->PromptTag());
  return true;
}

}  // namespace

bool RunLessonDotCommand(ShellContext& shell, LessonDotState& state,
                         const std::vector<std::string>& args) {
  LessonObserver* current = state.observer.get();
  if (args.empty() || args[0] == "list") {
    lab::SinkStreambuf buf(shell.sink());
    std::ostream out(&buf);
    lab::ProgressStore progress(lab::DataDir() + "/progress.json");
    progress.Load();
    std::string active;
    if (current && current->session().active()) active = current->session().lesson()->id;
    lab::PrintLessonList(lab::LessonsDir(), progress, out, active);
    if (!current) out << "`.lesson start ID` starts (or resumes) a lesson.\n";
    return true;
  }
  if (args[0] == "help") {
    shell.sink().Line(LessonVerbHelp());
    return true;
  }
  static const std::vector<std::string> kVerbs = {"next",  "back",   "hint", "show",
                                                  "reset", "status", "quit", "stop"};
  bool verb = std::find(kVerbs.begin(), kVerbs.end(), args[0]) != kVerbs.end();
  if (args[0] == "start" || !verb) {
    // `.lesson ID` is short for `.lesson start ID`.
    size_t at = args[0] == "start" ? 1 : 0;
    if (args.size() <= at) {
      shell.sink().ErrLine("usage: .lesson start ID [--fresh]");
      return false;
    }
    bool fresh = args.size() > at + 1 && args[at + 1] == "--fresh";
    return StartLesson(shell, state, args[at], fresh, true);
  }
  if (current == nullptr) {
    shell.sink().ErrLine(
        "No lesson in progress: `.lesson start ID` starts one (`.lesson` lists them).");
    return false;
  }
  // `stop` is what many people type to leave; it is quit.
  const std::string verb_name = args[0] == "stop" ? "quit" : args[0];
  bool ok = current->session().Command(verb_name);
  if (verb_name == "quit") {
    EndSession(shell, state);
  } else {
    current->AfterStep(shell);
  }
  return ok;
}

void RegisterLessonDotCommand(Shell& shell, std::shared_ptr<LessonDotState> state) {
  shell.RegisterDotCommand(DotExtension{
      ".lesson", ".lesson [ID|next|quit|help|...]", "start or continue a lesson",
      LessonVerbHelp() +
          "\nLessons run in their own database: your tables are left as they are, and .lesson "
          "quit\nreturns to them.",
      [state](ShellContext& context, const std::vector<std::string>& args) {
        return RunLessonDotCommand(context, *state, args);
      }});
}

}  // namespace ddblab::shell

namespace ddblab::lab {

using shell::LessonDotState;
using shell::ScriptOptions;
using shell::Shell;
using shell::StdioSink;

int RunLessonCommand(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  StdioSink sink;
  constexpr const char* kLessonUsage =
      "usage: ddblab lesson list\n       ddblab lesson run ID --answers FILE";
  auto usage = [&] {
    sink.ErrLine(kLessonUsage);
    return 2;
  };
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    sink.Line(kLessonUsage);
    return 0;
  }
  if (args.empty() || args[0] == "list") {
    lab::SinkStreambuf buf(sink);
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
  return ReplayLessonAnswers(id, in, answers, sink);
}

int ReplayLessonAnswers(const std::string& id, std::istream& in, const std::string& answers,
                        shell::OutputSink& sink, const std::string& untrusted_source) {
  auto engine = Engine::Open();
  if (!engine.ok()) {
    sink.ErrLine("ddblab lesson run: " + engine.error().message);
    return 2;
  }
  std::shared_ptr<Engine> shared(std::move(engine.value()));
  Shell shell(wire::MakeEmbeddedClient(shared, "transient in-memory database"), sink,
              shell::BuiltInDotCommands());
  shell.settings().echo = true;
  // The replay's shell has the same extensions as any other, and drives their `.lesson` state.
  auto state = RegisterLab(shell);
  // A replay starts from step 1 and leaves the student's saved progress alone.
  if (!shell::StartLesson(shell, *state, id, true, false)) return 2;
  ScriptOptions options;
  options.name = answers;
  options.keep_going = true;
  options.untrusted_source = untrusted_source;
  shell::RunScript(shell, in, options);
  int status = 0;
  if (!state->observer) {
    sink.ErrLine("ddblab lesson run: the lesson was quit before it was complete");
    status = 1;
  } else {
    lab::LessonSession& s = state->observer->session();
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
  shell::EndSession(shell, *state);
  return status;
}

}  // namespace ddblab::lab
