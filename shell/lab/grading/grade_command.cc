// `ddblab grade ...` and `.exercise ...`: graded exercises from the command line and the REPL.
// Solutions are graded in child processes so that a solution that crashes or hangs the engine costs
// only its own report. With --endpoint each solution is graded on a DynamoDB-compatible endpoint
// in tables of its own (grading/endpoint_database.h), which this process deletes when the child
// ends, however it ends, and on Ctrl-C.
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "ddblab/engine.h"
#include "grading/endpoint_database.h"
#include "grading/exercise_location.h"
#include "grading/grader.h"
#include "grading/isolation.h"
#include "grading/solution.h"
#include "repl_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/render/output.h"

namespace ddblab::shell {

namespace {

namespace fs = std::filesystem;
using grade::Report;

constexpr const char* kGradeUsage =
    "usage: ddblab grade EXERCISE SOLUTION... [--seed N] [--out FILE] [--also FORMAT=FILE]...\n"
    "                    [--format text|json|gradescope|classroom|junit] [--jobs N]\n"
    "                    [--reveal-hidden] [--exercises-dir DIR]\n"
    "                    [--timeout SECONDS] [--cpu-limit SECONDS] [--memory-limit MIB]\n"
    "                    [--endpoint URL [--region REGION] [--settle MS]]\n"
    "       ddblab grade list\n";

struct GradeArgs {
  std::string exercise;
  std::vector<std::string> solutions;
  uint64_t seed = 1;
  std::string format = "text";
  int jobs = 1;
  std::string out;
  // --also FORMAT=FILE: the same grading written in another format too (a log and a result).
  std::vector<std::pair<std::string, std::string>> also;
  grade::IsolationLimits limits;
  bool reveal = false;
  std::string exercises_dir;
  // --endpoint: grade on a DynamoDB-compatible endpoint instead of a fresh in-memory engine.
  std::string endpoint;
  std::string region;
  int64_t settle_ms = -1;  // --settle; -1: 0 for a loopback endpoint, else 1000
  bool timeout_given = false;
};

bool ParseUnsigned(const std::string& s, uint64_t* v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 19) {
    return false;
  }
  *v = std::stoull(s);
  return true;
}

bool KnownFormat(const std::string& f) {
  return f == "text" || f == "json" || f == "gradescope" || f == "classroom" || f == "junit";
}

// Parses argv; an error message, or empty when the arguments are usable.
std::string ParseGradeArgs(int argc, char** argv, GradeArgs* a) {
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    if (arg == "--seed") {
      if (!value(&v) || !ParseUnsigned(v, &a->seed)) return "--seed needs a non-negative integer";
    } else if (arg == "--format") {
      if (!value(&a->format)) return "--format needs a value";
      if (!KnownFormat(a->format)) {
        return "unknown format '" + a->format + "' (text, json, gradescope, classroom or junit)";
      }
    } else if (arg == "--also") {
      if (!value(&v) || v.find('=') == std::string::npos || v.back() == '=') {
        return "--also needs FORMAT=FILE";
      }
      std::string format = v.substr(0, v.find('='));
      if (!KnownFormat(format)) {
        return "unknown format '" + format + "' (text, json, gradescope, classroom or junit)";
      }
      a->also.emplace_back(format, v.substr(v.find('=') + 1));
    } else if (arg == "--jobs" || arg == "-j") {
      uint64_t n = 0;
      if (!value(&v) || !ParseUnsigned(v, &n) || n == 0 || n > 256) {
        return "--jobs needs a number from 1 to 256";
      }
      a->jobs = static_cast<int>(n);
    } else if (arg == "--out" || arg == "-o") {
      if (!value(&a->out)) return "--out needs a file name";
    } else if (arg == "--timeout") {
      uint64_t n = 0;
      if (!value(&v) || !ParseUnsigned(v, &n) || n == 0 || n > 86400) {
        return "--timeout needs seconds (1 to 86400)";
      }
      a->limits.wall_seconds = static_cast<double>(n);
      a->timeout_given = true;
    } else if (arg == "--endpoint" || arg == "--endpoint-url") {
      if (!value(&a->endpoint) || a->endpoint.empty()) return "--endpoint needs a URL";
    } else if (arg == "--region") {
      if (!value(&a->region) || a->region.empty()) return "--region needs a region name";
    } else if (arg == "--settle") {
      uint64_t n = 0;
      if (!value(&v) || !ParseUnsigned(v, &n) || n > 60000) {
        return "--settle needs milliseconds (0 to 60000)";
      }
      a->settle_ms = static_cast<int64_t>(n);
    } else if (arg == "--cpu-limit") {
      uint64_t n = 0;
      if (!value(&v) || !ParseUnsigned(v, &n) || n == 0 || n > 86400) {
        return "--cpu-limit needs seconds (1 to 86400)";
      }
      a->limits.cpu_seconds = static_cast<double>(n);
    } else if (arg == "--memory-limit") {
      uint64_t n = 0;
      if (!value(&v) || !ParseUnsigned(v, &n) || n < 16 || n > (uint64_t{1} << 20)) {
        return "--memory-limit needs MiB (16 to 1048576)";
      }
      a->limits.memory_bytes = static_cast<size_t>(n) << 20;
    } else if (arg == "--reveal-hidden") {
      a->reveal = true;
    } else if (arg == "--exercises-dir") {
      if (!value(&a->exercises_dir)) return "--exercises-dir needs a folder";
    } else if (arg.size() > 1 && arg[0] == '-') {
      return "unknown option " + arg;
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.empty()) return "missing EXERCISE";
  a->exercise = positional[0];
  a->solutions.assign(positional.begin() + 1, positional.end());
  if (a->solutions.empty() && a->exercise != "list") return "missing SOLUTION";
  bool classroom = a->format == "classroom";
  for (const auto& also : a->also) classroom = classroom || also.first == "classroom";
  if (classroom && a->solutions.size() > 1) {
    return "the classroom format reports one solution (a grading step grades one)";
  }
  if (a->endpoint.empty() && (!a->region.empty() || a->settle_ms >= 0)) {
    return "--region and --settle go with --endpoint URL";
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Grading on an endpoint: the tables each run made are deleted when its child ends; an interrupt
// (SIGINT, SIGTERM) stops the children and deletes every run's tables before the exit.

volatile sig_atomic_t g_interrupt_signal = 0;

void OnInterrupt(int sig) {
  g_interrupt_signal = sig;
  // A second Ctrl-C ends at once (the run's table prefixes are on stderr before cleanup starts).
  signal(sig, SIG_DFL);
}

struct EndpointRun {
  const GradeArgs* args = nullptr;
  const lab::EndpointOpener* open = nullptr;
  std::unique_ptr<wire::Client> client;  // this process's own, for cleanups
  std::vector<std::string> prefixes;     // one per solution
};

bool IsLoopbackUrl(const std::string& url) {
  for (const char* host : {"://127.", "://localhost", "://[::1]"}) {
    if (url.find(host) != std::string::npos) return true;
  }
  return false;
}

// Deletes the tables of run `prefix`, saying on stderr what could not be deleted. False then.
bool CleanUpRun(EndpointRun& run, const std::string& prefix) {
  grade::CleanupResult done =
      grade::DeletePrefixedTables(*run.client, prefix, std::chrono::seconds(600));
  if (done.left.empty()) return true;  // an error, if any, was about a table gone after all
  std::string names;
  for (const auto& n : done.left) names += (names.empty() ? "" : ", ") + n;
  std::fprintf(stderr, "ddblab grade: could not delete %s at %s%s%s; delete them by hand\n",
               names.c_str(), run.args->endpoint.c_str(), done.error.empty() ? "" : ": ",
               done.error.c_str());
  return false;
}

Report ErrorReport(const GradeArgs& a, const std::string& solution, const std::string& error) {
  Report r;
  r.exercise = a.exercise;
  r.solution = solution;
  r.seed = a.seed;
  r.error = error;
  return r;
}

// One child per solution, at most `jobs` at a time, each inside the isolation of
// grade/isolation.h: its own empty working folder, a scrubbed environment and process limits.
// The child writes its report as JSON into its folder and tells the parent, through a pipe,
// what it is running; the parent reads the report back after the child exits. Anything else
// (a crash, a limit, a kill at the deadline) becomes an error report naming the limit and the
// check that was running, and the batch goes on.
std::vector<Report> GradeAll(const GradeArgs& a, EndpointRun* endpoint, bool* cleanup_failed) {
  grade::GradeOptions opt;
  std::error_code ec;
  // Resolved before the children scrub their environment and change folder.
  opt.exercises_dir =
      fs::absolute(a.exercises_dir.empty() ? grade::ExercisesDir() : a.exercises_dir, ec).string();
  opt.seed = a.seed;
  // An exercise given as a relative path must still be found from the child's empty folder.
  std::string exercise = a.exercise;
  if (auto where = grade::LocateExercise(a.exercise, opt.exercises_dir); where.ok()) {
    exercise = fs::absolute(where->dir, ec).string();
  }
  std::vector<Report> reports(a.solutions.size());
  struct Child {
    size_t index;
    std::string workdir;
    int progress_fd;
    std::string progress;  // what it said last
    std::string partial;   // an unfinished line
    std::chrono::steady_clock::time_point started;
    bool killed = false;
  };
  std::map<pid_t, Child> running;
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpdir = tmp && *tmp ? tmp : "/tmp";
  std::fflush(nullptr);

  auto drain = [](Child& c) {
    char buf[512];
    for (;;) {
      ssize_t n = read(c.progress_fd, buf, sizeof buf);
      if (n <= 0) break;
      c.partial.append(buf, static_cast<size_t>(n));
      size_t nl;
      while ((nl = c.partial.find('\n')) != std::string::npos) {
        std::string line = c.partial.substr(0, nl);
        c.partial.erase(0, nl + 1);
        if (!line.empty() && line != "!memory") c.progress = line.substr(0, 300);
      }
      if (c.partial.size() > 4096) c.partial.clear();
    }
  };

  auto reap = [&](pid_t pid, int status) {
    auto it = running.find(pid);
    if (it == running.end()) return;
    Child c = std::move(it->second);
    running.erase(it);
    drain(c);
    close(c.progress_fd);
    if (endpoint != nullptr && !CleanUpRun(*endpoint, endpoint->prefixes[c.index])) {
      *cleanup_failed = true;
    }
    std::string file = c.workdir + "/report.json";
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    in.close();
    fs::remove_all(c.workdir, ec);
    const std::string& solution = a.solutions[c.index];
    wire::Json j = wire::Json::parse(ss.str(), nullptr, false);
    if (!c.killed && WIFEXITED(status) && WEXITSTATUS(status) == 0 && !j.is_discarded() &&
        j.is_object()) {
      reports[c.index] = grade::ReportFromJson(j);
      reports[c.index].solution = solution;
      return;
    }
    reports[c.index] =
        ErrorReport(a, solution, grade::AbnormalEndVerdict(status, c.killed, a.limits, c.progress));
  };

  size_t next = 0;
  while (next < a.solutions.size() || !running.empty()) {
    if (endpoint != nullptr && g_interrupt_signal != 0) {
      // Stopped: no new child; the running ones are killed and reaped, which deletes their
      // tables (the finished ones' are gone already).
      std::string tables;
      for (size_t i = 0; i < next; ++i) {
        tables += (tables.empty() ? "" : ", ") + endpoint->prefixes[i] + "*";
      }
      std::fprintf(stderr,
                   "ddblab grade: interrupted; deleting the tables of this run (%s) at %s\n",
                   tables.c_str(), a.endpoint.c_str());
      for (auto& [cpid, c] : running) kill(cpid, SIGKILL);
      while (!running.empty()) {
        int status = 0;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0) break;
        reap(pid, status);
      }
      return reports;
    }
    while (next < a.solutions.size() && static_cast<int>(running.size()) < a.jobs) {
      const std::string& solution = a.solutions[next];
      std::string workdir = tmpdir + "/ddblab-grade-XXXXXX";
      int fds[2] = {-1, -1};
      if (mkdtemp(workdir.data()) == nullptr || pipe2(fds, O_CLOEXEC) != 0) {
        reports[next] = ErrorReport(a, solution, "cannot create a private folder for grading");
        ++next;
        continue;
      }
      std::string absolute = fs::absolute(solution, ec).string();
      pid_t pid = fork();
      if (pid == 0) {
        close(fds[0]);
        // Its own connection (a socket shared with the parent would interleave their requests),
        // opened before isolation clears the environment the credentials may come from. The
        // parent answers interrupts: it stops this child, then deletes its tables.
        std::unique_ptr<wire::Client> remote, view;
        if (endpoint != nullptr) {
          signal(SIGINT, SIG_IGN);
          signal(SIGTERM, SIG_DFL);
          std::string error;
          remote = (*endpoint->open)(a.endpoint, a.region, &error);
          if (!remote) {
            const std::string line = "connecting to " + a.endpoint + ": " + error + "\n";
            ssize_t ignored = write(fds[1], line.data(), line.size());
            (void)ignored;
            _exit(6);
          }
          grade::EndpointViewOptions view_opt;
          view_opt.prefix = endpoint->prefixes[next];
          view_opt.settle = std::chrono::milliseconds(
              a.settle_ms >= 0 ? a.settle_ms : (IsLoopbackUrl(a.endpoint) ? 0 : 1000));
          view = grade::MakeEndpointView(*remote, view_opt);
        }
        if (!grade::EnterIsolation(a.limits, workdir, fds[1])) _exit(5);
        grade::GradeOptions child_opt = opt;
        child_opt.database = view.get();
        int progress_fd = fds[1];
        child_opt.progress = [progress_fd](const std::string& what) {
          std::string line = what + "\n";
          ssize_t ignored = write(progress_fd, line.data(), line.size());
          (void)ignored;
        };
        Report r = grade::GradeSolution(exercise, absolute, child_opt);
        std::string text = grade::ReportToJson(r, true).dump();
        int out = open("report.json", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        bool ok =
            out >= 0 && write(out, text.data(), text.size()) == static_cast<ssize_t>(text.size());
        if (out >= 0) close(out);
        _exit(ok ? 0 : 3);
      }
      close(fds[1]);
      if (pid < 0) {
        close(fds[0]);
        fs::remove_all(workdir, ec);
        reports[next] = ErrorReport(a, solution, "cannot start a grader process");
        ++next;
        continue;
      }
      fcntl(fds[0], F_SETFL, O_NONBLOCK);
      running[pid] = Child{next, workdir, fds[0], "", "", std::chrono::steady_clock::now()};
      ++next;
    }
    int status = 0;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      reap(pid, status);
      continue;
    }
    auto now = std::chrono::steady_clock::now();
    for (auto& [cpid, c] : running) {
      drain(c);
      if (!c.killed &&
          std::chrono::duration<double>(now - c.started).count() > a.limits.wall_seconds) {
        c.killed = true;
        kill(cpid, SIGKILL);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return reports;
}

std::string Render(const std::string& format, const GradeArgs& a,
                   const std::vector<Report>& reports) {
  if (format == "junit") return grade::RenderJUnit(reports);
  if (format == "classroom") {
    // One grading step reports one solution (ParseGradeArgs allows one with this format).
    return grade::ReportToClassroom(reports[0]).dump(2) + "\n";
  }
  if (format == "gradescope") {
    if (reports.size() == 1) return grade::ReportToGradescope(reports[0]).dump(2) + "\n";
    wire::Json arr = wire::Json::array();
    for (const auto& r : reports) arr.push_back(grade::ReportToGradescope(r));
    return arr.dump(2) + "\n";
  }
  if (format == "json") {
    wire::Json j = wire::Json::object();
    j["format"] = "ddblab-grade/1";
    j["exercise"] = a.exercise;
    j["seed"] = a.seed;
    wire::Json arr = wire::Json::array();
    for (const auto& r : reports) arr.push_back(grade::ReportToJson(r, a.reveal));
    j["reports"] = arr;
    return j.dump(2) + "\n";
  }
  std::string out;
  for (size_t i = 0; i < reports.size(); ++i) {
    if (i > 0) out += "\n";
    out += grade::RenderText(reports[i], a.reveal);
  }
  if (reports.size() > 1) {
    out += "\n";
    for (const auto& r : reports) {
      char line[64];
      std::snprintf(line, sizeof line, "%7.2f / %-7.2f ", r.score(), r.max_score());
      out += line + r.solution + (r.error.empty() ? "" : "  (grader error)") + "\n";
    }
  }
  return out;
}

std::string ReadmeTitle(const fs::path& dir) {
  std::ifstream in(dir / "README.md");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) return line.substr(2);
  }
  return "";
}

}  // namespace

}  // namespace ddblab::shell

namespace ddblab::lab {

int RunGradeCommand(int argc, char** argv, const EndpointOpener& open_endpoint) {
  using namespace shell;  // NOLINT: the helpers above
  GradeArgs a;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h") {
      std::fputs(kGradeUsage, stdout);
      return 0;
    }
  }
  std::string err = ParseGradeArgs(argc, argv, &a);
  if (!err.empty()) {
    std::fprintf(stderr, "ddblab grade: %s\n%s", err.c_str(), kGradeUsage);
    return 2;
  }
  if (a.exercise == "list") {
    std::string root = a.exercises_dir.empty() ? grade::ExercisesDir() : a.exercises_dir;
    for (const auto& id : grade::ListExercises(root)) {
      Result<grade::ExerciseLocation> where = grade::LocateExercise(id, root);
      if (!where.ok()) continue;
      std::printf(
          "%-12s %s%s\n", id.c_str(), ReadmeTitle(where->dir).c_str(),
          where->replaces.empty() ? "" : " (from the course; the bundled one is set aside)");
    }
    return 0;
  }
  {
    // An exercise that does not exist is a usage error naming the ones that do, not a report
    // of nothing graded.
    std::string root = a.exercises_dir.empty() ? grade::ExercisesDir() : a.exercises_dir;
    Result<grade::ExerciseLocation> where = grade::LocateExercise(a.exercise, root);
    if (!where.ok()) {
      std::string known;
      for (const auto& id : grade::ListExercises(root)) known += (known.empty() ? "" : ", ") + id;
      std::fprintf(stderr, "ddblab grade: %s\nexercises: %s (or a folder holding grader.lua)\n%s",
                   where.error().message.c_str(), known.empty() ? "(none)" : known.c_str(),
                   kGradeUsage);
      return 2;
    }
  }
  EndpointRun endpoint;
  if (!a.endpoint.empty()) {
    if (!open_endpoint) {
      std::fprintf(stderr, "ddblab grade: this build cannot reach an endpoint\n");
      return 2;
    }
    std::string error;
    endpoint.args = &a;
    endpoint.open = &open_endpoint;
    endpoint.client = open_endpoint(a.endpoint, a.region, &error);
    if (!endpoint.client) {
      std::fprintf(stderr, "ddblab grade: --endpoint %s: %s\n", a.endpoint.c_str(), error.c_str());
      return 2;
    }
    // A run that cannot reach the endpoint (or is refused there) says so once, before any child.
    Result<std::vector<std::string>> reachable = grade::ListPrefixedTables(*endpoint.client, "");
    if (!reachable.ok()) {
      std::fprintf(stderr, "ddblab grade: --endpoint %s: %s: %s\n", a.endpoint.c_str(),
                   std::string(ErrorTypeName(reachable.error().type)).c_str(),
                   reachable.error().message.c_str());
      return 1;
    }
    for (size_t i = 0; i < a.solutions.size(); ++i) {
      endpoint.prefixes.push_back(grade::NewRunPrefix());
    }
    // Creating a table and waiting for it to become ACTIVE takes seconds on DynamoDB, and every
    // call crosses the network.
    if (!a.timeout_given) a.limits.wall_seconds = 1800;
    g_interrupt_signal = 0;
    signal(SIGINT, OnInterrupt);
    signal(SIGTERM, OnInterrupt);
  }
  bool cleanup_failed = false;
  std::vector<Report> reports =
      GradeAll(a, a.endpoint.empty() ? nullptr : &endpoint, &cleanup_failed);
  if (!a.endpoint.empty()) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (const int sig = g_interrupt_signal; sig != 0) {
      std::fprintf(stderr, "ddblab grade: %s\n",
                   cleanup_failed ? "some tables are left (above)"
                                  : "every table this run created is deleted");
      return 128 + sig;
    }
  }
  for (const auto& [format, file] : a.also) {
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    f << Render(format, a, reports);
    if (!f) {
      std::fprintf(stderr, "ddblab grade: cannot write %s\n", file.c_str());
      return 1;
    }
  }
  std::string text = Render(a.format, a, reports);
  if (!a.out.empty()) {
    std::ofstream f(a.out, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) {
      std::fprintf(stderr, "ddblab grade: cannot write %s\n", a.out.c_str());
      return 1;
    }
  } else {
    std::fwrite(text.data(), 1, text.size(), stdout);
  }
  for (const auto& r : reports) {
    if (!r.error.empty()) return 1;
  }
  return cleanup_failed ? 1 : 0;
}

}  // namespace ddblab::lab

// ---------------------------------------------------------------------------------------------
// .exercise in the REPL

namespace ddblab::shell {

namespace {

void Lines(OutputSink& sink, const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) sink.Line(line);
}

constexpr const char* kExerciseUsage =
    ".exercise list                      the graded exercises\n"
    ".exercise start ID [FILE]           work on exercise ID in FILE (default ID.ddb; created\n"
    "                                    from the starter when missing)\n"
    ".exercise load [SEED]               create your table in the exercise's own database\n"
    "                                    (afresh each time) and load generated data through\n"
    "                                    your templates\n"
    ".exercise try NAME [param=value...] run your pattern (or template) NAME with parameters\n"
    ".exercise submit [SEED]             grade FILE on a fresh database, as the grader will\n"
    ".exercise reset                     drop the exercise's database and return to yours\n"
    ".exercise status                    the exercise and file in use";

bool NeedActive(ShellContext& shell, const ExerciseState* st) {
  if (st == nullptr || st->exercise.empty()) {
    shell.sink().ErrLine(".exercise: no exercise started; use .exercise start ID [FILE]");
    return false;
  }
  return true;
}

// Gives the user's own database back when the exercise holds one.
void LeaveExerciseDatabase(ShellContext& shell, ExerciseState& st) {
  if (st.database == 0) return;
  shell.PopClient(st.database);
  st.database = 0;
  if (shell.client().Describe().find("lesson") == std::string::npos) shell.SetPromptTag("");
}

// A fresh, empty database for the exercise, replacing the one an earlier load filled.
bool EnterFreshExerciseDatabase(ShellContext& shell, ExerciseState& st) {
  std::unique_ptr<wire::Client> scratch = shell.NewScratchDatabase("exercise database");
  if (!scratch) {
    shell.sink().ErrLine(".exercise load: cannot create the exercise's own database");
    return false;
  }
  LeaveExerciseDatabase(shell, st);
  st.database =
      shell.PushClient(std::move(scratch), ".exercise reset returns to your database first");
  shell.SetPromptTag(st.exercise + ", exercise db");
  return true;
}

}  // namespace

bool RunExerciseDotCommand(ShellContext& shell, ExerciseState& state,
                           const std::vector<std::string>& args) {
  OutputSink& sink = shell.sink();
  std::string verb = args.empty() ? "list" : args[0];
  ExerciseState* st = &state;
  std::string root = grade::ExercisesDir();

  // Every verb but list works on a solution file (start writes one, try and submit read it):
  // refused where the shell may not open files.
  if (const FileAccess files = shell.DataFileAccess();
      verb != "list" && files.mode == FileAccess::Mode::kRefused) {
    sink.ErrLine(".exercise " + verb + ": works on a solution file, and " + files.refused_reason);
    return false;
  }
  if (verb == "list") {
    for (const auto& id : grade::ListExercises(root)) {
      Result<grade::ExerciseLocation> where = grade::LocateExercise(id, root);
      if (!where.ok()) continue;
      std::string title =
          ReadmeTitle(where->dir) +
          (where->replaces.empty() ? "" : " (from the course; the bundled one is set aside)");
      sink.Line(id + std::string(id.size() < 12 ? 12 - id.size() : 1, ' ') + title);
    }
    return true;
  }
  if (verb == "start") {
    if (args.size() < 2) {
      sink.ErrLine(".exercise start: which exercise? (.exercise list)");
      return false;
    }
    std::string id = args[1];
    fs::path dir = fs::path(root) / id;
    std::error_code ec;
    if (!fs::exists(dir / "grader.lua", ec)) {
      sink.ErrLine(".exercise start: no exercise '" + id + "' (.exercise list)");
      return false;
    }
    std::string file = args.size() > 2 ? args[2] : id + ".ddb";
    if (!fs::exists(file, ec)) {
      fs::copy_file(dir / "starter.ddb", file, ec);
      if (ec) {
        sink.ErrLine(".exercise start: cannot create " + file + ": " + ec.message());
        return false;
      }
      sink.Line("Created " + file + " from the starter.");
    }
    LeaveExerciseDatabase(shell, state);
    state = ExerciseState{id, file};
    sink.Line("Exercise " + id + ": " + ReadmeTitle(dir));
    sink.Line("Brief: " + (dir / "README.md").string());
    sink.Line("Your solution: " + file);
    auto info = grade::CallExercise(id, "", shell.client(), "__info", wire::Json(nullptr));
    if (info.ok() && info->contains("patterns")) {
      for (const auto& p : (*info)["patterns"]) {
        std::string params;
        for (const auto& x : p["params"]) params += " " + x.get<std::string>() + "=...";
        sink.Line("  " + p["id"].get<std::string>() + "  " + p["title"].get<std::string>() +
                  "   (.exercise try " + p["id"].get<std::string>() + params + ")");
      }
    }
    return true;
  }
  if (verb == "status") {
    if (!NeedActive(shell, st)) return false;
    sink.Line("exercise " + st->exercise + ", solution " + st->solution);
    return true;
  }
  if (verb == "load") {
    if (!NeedActive(shell, st)) return false;
    uint64_t seed = 1;
    if (args.size() > 1 && !ParseUnsigned(args[1], &seed)) {
      sink.ErrLine(".exercise load: the seed must be a non-negative integer");
      return false;
    }
    if (!EnterFreshExerciseDatabase(shell, *st)) return false;
    auto res =
        grade::CallExercise(st->exercise, st->solution, shell.client(), "__load", wire::Json(seed));
    if (!res.ok()) {
      sink.ErrLine(".exercise load: " + res.error().message);
      return false;
    }
    const wire::Json& j = *res;
    if (j.contains("message") && j["message"].is_string()) Lines(sink, j["message"]);
    if (j.contains("samples") && j["samples"].is_array() && !j["samples"].empty()) {
      sink.Line("Try, with data from this variant:");
      for (const auto& s : j["samples"]) sink.Line("  .exercise try " + s.get<std::string>());
    }
    return j.value("ok", false);
  }
  if (verb == "try") {
    if (!NeedActive(shell, st)) return false;
    if (args.size() < 2) {
      sink.ErrLine(".exercise try: which pattern? (.exercise try AP3 course_id=c101)");
      return false;
    }
    Result<grade::Solution> sol = grade::LoadSolution(st->solution);
    if (!sol.ok()) {
      sink.ErrLine(".exercise try: " + sol.error().message);
      return false;
    }
    std::map<std::string, std::string> params;
    for (size_t i = 2; i < args.size(); ++i) {
      size_t eq = args[i].find('=');
      if (eq == std::string::npos) {
        sink.ErrLine(".exercise try: parameters are name=value, got '" + args[i] + "'");
        return false;
      }
      params[args[i].substr(0, eq)] = args[i].substr(eq + 1);
    }
    const grade::Block* block = nullptr;
    for (grade::BlockKind k :
         {grade::BlockKind::kPattern, grade::BlockKind::kEntity, grade::BlockKind::kTransition}) {
      if (!block) block = sol->Find(k, args[1]);
    }
    if (args[1] == "table") block = sol->Find(grade::BlockKind::kTable, "");
    if (block == nullptr || block->statements.empty()) {
      sink.ErrLine(".exercise try: " + st->solution + " has no block named " + args[1]);
      return false;
    }
    bool ok = true;
    for (const auto& s : block->statements) {
      Result<std::string> text = grade::FillPlaceholders(s.text, params);
      if (!text.ok()) {
        sink.ErrLine(".exercise try: " + text.error().message);
        return false;
      }
      ok = shell.Run(*text) && ok;
    }
    return ok;
  }
  if (verb == "reset") {
    if (!NeedActive(shell, st)) return false;
    if (st->database == 0) {
      sink.Line("Nothing to reset: .exercise load has not filled a database yet.");
      return true;
    }
    LeaveExerciseDatabase(shell, *st);
    // A lesson started after the load keeps its own database in use until it ends.
    const std::string now = shell.client().Describe();
    sink.Line("Dropped the exercise's database; " +
              (now.find("lesson") != std::string::npos
                   ? std::string("the lesson's own stays in use until .lesson quit")
                   : std::string("you are back in your own")) +
              ". .exercise load creates it again.");
    return true;
  }
  if (verb == "submit") {
    if (!NeedActive(shell, st)) return false;
    grade::GradeOptions opt;
    if (args.size() > 1 && !ParseUnsigned(args[1], &opt.seed)) {
      sink.ErrLine(".exercise submit: the seed must be a non-negative integer");
      return false;
    }
    Report r = grade::GradeSolution(st->exercise, st->solution, opt);
    Lines(sink, grade::RenderText(r, false));
    return r.error.empty();
  }
  Lines(sink, kExerciseUsage);
  return verb == "help";
}

}  // namespace ddblab::shell
