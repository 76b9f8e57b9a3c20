// Entry point of the ddblab executable: parses the command line and starts the REPL, runs -c
// statements and -f scripts, or hands over to `serve`, `lesson` and `grade`.
#include <langinfo.h>
#include <unistd.h>

#include <cctype>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ddblab/engine.h"
#include "ddblab/wire.h"
#include "shell/dot/dot_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/page/page.h"
#include "shell/remote/remote.h"
#include "shell/render/output.h"
#include "shell/render/render.h"
#include "shell/repl/interrupt.h"
#include "shell/repl/script.h"
#include "shell/repl/shell.h"
#include "shell/serve/keys.h"
#include "shell/serve/serve.h"
#include "shell/terminal/repl.h"

using namespace ddblab;         // NOLINT: the entry point uses both namespaces throughout
using namespace ddblab::shell;  // NOLINT

namespace {

constexpr const char* kUsage =
    "usage: ddblab [FILE.db | --db FILE] [-c STATEMENT | -f SCRIPT]... [--echo] [--mode MODE]\n"
    "              [--keep-going] [--endpoint URL --region REGION]\n"
    "       ddblab serve [...]     DynamoDB's HTTP API on 127.0.0.1\n"
    "       ddblab keys new N      access keys for a class on one server (serve --keys)\n"
    "       ddblab lesson [...]    lessons outside the REPL\n"
    "       ddblab grade [...]     grade exercise submissions\n"
    "       ddblab exercise [...]  check or scaffold an exercise folder (instructors)\n"
    "       ddblab simulate [...]  traffic on a virtual clock: throughput and throttling\n"
    "       ddblab course check DIR [--seeds 1..20]\n"
    "                              check a course folder's exercises and lessons (its CI)\n"
    "\n"
    "  FILE.db          a database file (created when missing); default: transient, in memory\n"
    "  --db FILE        the same, as `ddblab serve --db FILE` spells it\n"
    "  -c STATEMENT     run STATEMENT, then exit\n"
    "  -f SCRIPT        run the statements in SCRIPT (.ddb), then exit; -c and -f repeat and\n"
    "                   run in the order given\n"
    "  --echo           print each statement before its output\n"
    "  --mode MODE      table, json, ddbjson, jsonl or line (default table)\n"
    "  --keep-going     do not stop at the first failed statement\n"
    "  --endpoint URL   send statements to a DynamoDB-compatible endpoint\n"
    "  --region REGION  region for --endpoint\n"
    "  --clock SECONDS  fix the engine's clock (seconds since the epoch), for stable output\n"
    "  --course DIR     a course folder (DIR/lessons, DIR/exercises): its lessons and exercises\n"
    "                   are listed and found before the bundled ones (also DDBLAB_COURSE=DIR;\n"
    "                   works with every subcommand)\n"
    "\n"
    "Exit status: 0 when every statement succeeded, 252 when one did not parse, 254 when the\n"
    "engine rejected one, 1 for other failures.\n";

// One -c statement or -f script, kept in command-line order.
struct Action {
  bool script = false;  // -f (else -c)
  std::string text;     // the statement, or the script's path
};

struct Args {
  std::string db_path;
  bool db_path_from_option = false;  // --db FILE (a second FILE is an error, not ignored)
  std::vector<Action> actions;
  bool echo = false;
  std::string mode;
  bool keep_going = false;
  std::string endpoint;
  std::string region;
  std::optional<double> clock;
};

int RunWith(std::unique_ptr<wire::Client> client, const Args& args, const EngineOptions& options,
            OutputSink& sink);

// libedit decodes what is typed or pasted by LC_CTYPE; in the C locale it drops every byte of a
// non-ASCII character ("José" became "Jos"). LC_CTYPE comes from the environment, and when that
// is not UTF-8 (LANG unset, C or POSIX, as in CI) from C.UTF-8, so input is always read as UTF-8.
// Only LC_CTYPE: LC_NUMERIC stays "C" so numbers keep printing with a dot.
void UseUtf8Input() {
  std::setlocale(LC_CTYPE, "");
  std::string codeset = nl_langinfo(CODESET);
  std::erase(codeset, '-');
  for (char& c : codeset) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (codeset != "utf8") std::setlocale(LC_CTYPE, "C.UTF-8");
}

int UsageError(const std::string& message) {
  std::cerr << "ddblab: " << message << "\n" << kUsage;
  return 252;
}

}  // namespace

// `serve --init FILE`: the lab runs the script and its stream handlers; serve sees only that it
// started.
static ServeInitFactory ServeInitMaker() {
  struct Init final : ServeInit {
    std::unique_ptr<lab::ServedScript> script;
  };
  return [](std::shared_ptr<Engine> engine, const std::string& file, ServeLog log,
            bool existed) -> Result<std::unique_ptr<ServeInit>> {
    DDB_ASSIGN_OR_RETURN(auto script,
                         lab::StartServedScript(std::move(engine), file, log, existed));
    auto init = std::make_unique<Init>();
    init->script = std::move(script);
    return std::unique_ptr<ServeInit>(std::move(init));
  };
}

// Takes `--course DIR` (or --course=DIR) out of argv wherever it is, so every subcommand sees a
// course the same way: as DDBLAB_COURSE. Returns an error message, or "".
static std::string TakeCourseOption(int* argc, char** argv) {
  int out = 1;
  for (int i = 1; i < *argc; ++i) {
    std::string a = argv[i];
    std::string dir;
    if ((a == "-c" || a == "-f") && i + 1 < *argc) {  // a statement is never an option
      argv[out++] = argv[i++];
      argv[out++] = argv[i];
      continue;
    }
    if (a == "--course") {
      if (i + 1 >= *argc) return "--course needs a folder";
      dir = argv[++i];
    } else if (a.rfind("--course=", 0) == 0) {
      dir = a.substr(9);
    } else {
      argv[out++] = argv[i];
      continue;
    }
    std::error_code ec;
    namespace fs = std::filesystem;
    if (!fs::is_directory(fs::path(dir) / "lessons", ec) &&
        !fs::is_directory(fs::path(dir) / "exercises", ec)) {
      return "--course " + dir + ": the folder holds neither lessons/ nor exercises/";
    }
    setenv("DDBLAB_COURSE", fs::absolute(dir, ec).lexically_normal().c_str(), 1);
  }
  *argc = out;
  argv[out] = nullptr;
  return "";
}

int main(int argc, char** argv) {
  UseUtf8Input();
  if (std::string error = TakeCourseOption(&argc, argv); !error.empty()) return UsageError(error);
  if (argc >= 2) {
    std::string sub = argv[1];
    if (sub == "serve")
      return RunServe(argc - 1, argv + 1, page::ServePageMaker(), ServeInitMaker());
    if (sub == "keys") return RunKeysCommand(argc - 1, argv + 1);
    if (sub == "lesson") return lab::RunLessonCommand(argc - 1, argv + 1);
    if (sub == "grade") return lab::RunGradeCommand(argc - 1, argv + 1, MakeRemoteClient);
    if (sub == "exercise") return lab::RunExerciseCommand(argc - 1, argv + 1);
    if (sub == "simulate") return lab::simulate::RunSimulateCommand(argc - 1, argv + 1);
    if (sub == "course") return lab::RunCourseCommand(argc - 1, argv + 1);
  }
  Args args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) return nullptr;
      (void)name;
      return argv[++i];
    };
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (a == "--version") {
      std::cout << "ddblab 0.1\n";
      return 0;
    } else if (a == "-c") {
      const char* v = value("-c");
      if (v == nullptr) return UsageError("-c needs a statement");
      args.actions.push_back(Action{false, v});
    } else if (a == "-f") {
      const char* v = value("-f");
      if (v == nullptr) return UsageError("-f needs a script file");
      args.actions.push_back(Action{true, v});
    } else if (a == "--db") {
      const char* v = value("--db");
      if (v == nullptr) return UsageError("--db needs a database file");
      if (!args.db_path.empty()) return UsageError("give one database FILE");
      args.db_path = v;
      args.db_path_from_option = true;
    } else if (a == "--echo") {
      args.echo = true;
    } else if (a == "--keep-going") {
      args.keep_going = true;
    } else if (a == "--mode") {
      const char* v = value("--mode");
      if (v == nullptr || FindMode(v) == nullptr) {
        return UsageError("--mode needs one of table, json, ddbjson, jsonl, line");
      }
      args.mode = v;
    } else if (a == "--endpoint" || a == "--endpoint-url") {
      const char* v = value("--endpoint");
      if (v == nullptr) return UsageError("--endpoint needs a URL");
      args.endpoint = v;
    } else if (a == "--region") {
      const char* v = value("--region");
      if (v == nullptr) return UsageError("--region needs a region name");
      args.region = v;
    } else if (a == "--clock") {
      const char* v = value("--clock");
      char* end = nullptr;
      double seconds = v != nullptr ? std::strtod(v, &end) : 0;
      if (v == nullptr || end == v || *end != '\0') return UsageError("--clock needs seconds");
      args.clock = seconds;
    } else if (!a.empty() && a[0] == '-') {
      return UsageError("unknown option " + a);
    } else if (args.db_path.empty()) {
      args.db_path = a;
    } else if (args.db_path_from_option) {
      return UsageError("give one database FILE");
    } else {
      return UsageError("unexpected argument " + a);
    }
  }

  StdioSink sink;
  sink.set_color(ColorWanted());

  EngineOptions options;
  if (args.clock) {
    double seconds = *args.clock;
    options.clock = [seconds] { return seconds; };
  }
  std::unique_ptr<wire::Client> client;
  if (!args.endpoint.empty()) {
    if (!args.db_path.empty()) return UsageError("give a database FILE or --endpoint, not both");
    std::string error;
    client = MakeRemoteClient(args.endpoint, args.region, &error);
    if (!client) {
      sink.ErrLine("ddblab: --endpoint " + args.endpoint + ": " + error);
      return 255;
    }
    return RunWith(std::move(client), args, options, sink);
  }
  options.path = args.db_path.empty() ? ":memory:" : args.db_path;
  auto engine = Engine::Open(options);
  if (!engine.ok()) {
    sink.ErrLine("ddblab: cannot open " + options.path + ": " + engine.error().message);
    return 255;
  }
  client = wire::MakeEmbeddedClient(
      std::shared_ptr<Engine>(std::move(*engine)),
      args.db_path.empty() ? "transient in-memory database" : "file " + args.db_path);

  return RunWith(std::move(client), args, options, sink);
}

namespace {

// What a message about an action calls it ("stopped at line 1 of -c #5"): each -c by its place
// among the -c options when there are several, each -f by its path, and by its place among the
// -f options too when the same path is given more than once.
std::vector<std::string> ActionNames(const std::vector<Action>& actions) {
  size_t statements = 0;
  std::map<std::string, int> paths;
  for (const Action& a : actions) {
    if (a.script) {
      ++paths[a.text];
    } else {
      ++statements;
    }
  }
  std::vector<std::string> names;
  size_t c = 0, f = 0;
  for (const Action& a : actions) {
    if (a.script) {
      ++f;
      names.push_back(paths[a.text] > 1 ? a.text + " (-f #" + std::to_string(f) + ")" : a.text);
    } else {
      ++c;
      names.push_back(statements > 1 ? "-c #" + std::to_string(c) : "-c");
    }
  }
  return names;
}

int RunWith(std::unique_ptr<wire::Client> client, const Args& args, const EngineOptions& options,
            OutputSink& sink) {
  Shell shell(std::move(client), sink, BuiltInDotCommands());
  shell.engine_options = options;
  std::shared_ptr<page::ShellPage> live_page = page::RegisterPageDotCommand(shell);
  lab::RegisterLabExtensions(
      shell, [live_page](const wire::Json& simulation) { live_page->SetSimulation(simulation); });
  shell.settings().echo = args.echo;
  if (!args.mode.empty()) shell.settings().mode = FindMode(args.mode)->mode;

  bool batch = !args.actions.empty();
  if (!batch && isatty(STDIN_FILENO) == 1) return RunRepl(shell);

  InstallBatchInterruptHandler();
  ScriptOptions script_options;
  script_options.keep_going = args.keep_going;
  int status = 0;
  const std::vector<std::string> names = ActionNames(args.actions);
  for (size_t i = 0; i < args.actions.size(); ++i) {
    const Action& action = args.actions[i];
    int s = 0;
    if (action.script) {
      s = shell.RunScriptFile(action.text, args.keep_going, names[i]);
    } else {
      script_options.name = names[i];
      std::istringstream in(action.text);
      s = RunScript(shell, in, script_options);
    }
    if (s != 0 && status == 0) status = s;
    if (s == kInterruptedStatus) return s;
    if (s != 0 && !args.keep_going) return status;
  }
  if (!batch) {
    script_options.name = "standard input";
    status = RunScript(shell, std::cin, script_options);
  }
  return status;
}

}  // namespace
