#include "streams/dot_command.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>

#include "lab_runtime.h"
#include "shell/render/output.h"
#include "shell/repl/shell.h"
#include "shell/session/data_file.h"
#include "shell_client.h"
#include "sink_streambuf.h"
#include "streams/handlers.h"
#include "streams/recent_records.h"

namespace ddblab::lab::streams {
namespace {

namespace fs = std::filesystem;

// Handler files are small Lua programs; anything larger is a mistake (a data file named by
// accident), refused before it is read.
constexpr uintmax_t kMaxHandlerFileBytes = 1 << 20;
constexpr int kDefaultRecentRecords = 10;

const char* const kUsage =
    ".stream TABLE [--limit N]                 the newest records of TABLE's stream\n"
    ".stream attach TABLE FILE.lua [options]   run the handler FILE returns on TABLE's stream\n"
    "    --name NAME  --batch-size N (1-10000, default 100)  --window SECONDS (0-300)\n"
    "    --filter PATTERN (Lambda's filter syntax, up to 5)  --max-retries N (-1 = until it "
    "works)\n"
    "    --bisect  --report-failures  --redeliver K (report the first K invocations of each batch\n"
    "    as failed: at-least-once delivery)  --from LATEST|TRIM_HORIZON\n"
    ".stream detach TABLE [NAME]               stop TABLE's handlers (or the one called NAME)\n"
    ".stream run                               deliver now, batching windows or not\n"
    ".stream status                            the attached handlers and what they did";

// The shell's stream handlers: one sandbox per database (the user's, a lesson's, an
// exercise's), so handlers attached in a lesson end with its database and never run against
// the user's tables.
struct StreamState {
  explicit StreamState(shell::ShellContext& shell) : client(shell), buf(shell.sink()), out(&buf) {}
  ShellClient client;
  SinkStreambuf buf;
  std::ostream out;
  std::map<int, std::unique_ptr<Sandbox>> runtimes;

  // The current database's sandbox (made when `create`); nullptr when it has none.
  Sandbox* Current(shell::ShellContext& shell, bool create) {
    for (auto it = runtimes.begin(); it != runtimes.end();) {
      it = shell.database_live(it->first) ? std::next(it) : runtimes.erase(it);
    }
    auto it = runtimes.find(shell.database_id());
    if (it != runtimes.end()) return it->second.get();
    if (!create) return nullptr;
    std::unique_ptr<Sandbox> sb = Sandbox::Create(SandboxLimits{}, out);
    if (!sb) return nullptr;
    // Handler files are the user's own code, but what they may read is their database only.
    sb->InstallDdbApi(client, shell::FileAccess::Refused(
                                  "stream handlers read and write the database, not files"));
    return runtimes.emplace(shell.database_id(), std::move(sb)).first->second.get();
  }
};

bool Fail(shell::ShellContext& shell, const std::string& message) {
  shell.sink().ErrLine(".stream: " + message);
  return false;
}

std::optional<int64_t> Integer(const std::string& s) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// The handler file: as given (relative to the working directory), else by its name in the
// handlers/ folder of the lessons search path, where lessons keep the handlers they use. When
// the shell may not open the user's files (`access` refused: a course's answers being replayed,
// lesson code), only the lessons' handlers are looked at, and only a file that stays inside its
// handlers/ folder once every link is followed: a course's handler that links elsewhere is not
// read.
Result<fs::path> FindHandlerFile(const shell::FileAccess& access, const std::string& name) {
  const bool own_files = access.mode != shell::FileAccess::Mode::kRefused;
  std::error_code ec;
  if (own_files) {
    fs::path given(name);
    if (given.is_relative()) given = fs::path(access.dir) / given;
    if (fs::exists(given, ec)) return given;
  }
  if (name.find('/') == std::string::npos) {
    std::string dirs = LessonsDir();
    size_t start = 0;
    while (start <= dirs.size()) {
      size_t end = dirs.find(':', start);
      std::string dir =
          dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
      const fs::path handlers = fs::path(dir) / "handlers";
      if (!dir.empty() && fs::exists(fs::symlink_status(handlers / name, ec))) {
        auto inside =
            shell::ResolveDataFile(shell::FileAccess::ConfinedTo(handlers.string()), name, false);
        if (!inside.ok()) return inside.error();
        return handlers / name;
      }
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  if (!own_files) {
    return ValidationError("no handler file " + name + " among the lessons' handlers (" +
                           access.refused_reason + ", so no other file is looked at)");
  }
  return ValidationError("no handler file " + name +
                         " (neither there nor among the lessons' handlers)");
}

Result<std::string> ReadHandlerFile(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    return ValidationError(path.string() + " is not a regular file");
  }
  if (fs::file_size(path, ec) > kMaxHandlerFileBytes) {
    return ValidationError(path.string() + " is larger than 1 MiB; a handler file is Lua code");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return ValidationError("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The attach options of the command line, as ddb.stream.attach fields.
Result<wire::Json> AttachOptions(const std::vector<std::string>& args, size_t from) {
  wire::Json o = wire::Json::object();
  wire::Json filters = wire::Json::array();
  for (size_t i = from; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> Result<std::string> {
      if (i + 1 >= args.size()) return ValidationError(a + " needs a value");
      return args[++i];
    };
    auto integer = [&](const char* field) -> Status {
      DDB_ASSIGN_OR_RETURN(std::string v, value());
      auto n = Integer(v);
      if (!n) return ValidationError(a + " takes a whole number, not " + v);
      o[field] = *n;
      return OkStatus();
    };
    if (a == "--name") {
      DDB_ASSIGN_OR_RETURN(std::string v, value());
      o["name"] = v;
    } else if (a == "--batch-size") {
      DDB_TRY(integer("batch_size"));
    } else if (a == "--window") {
      DDB_TRY(integer("batching_window"));
    } else if (a == "--max-retries") {
      DDB_TRY(integer("max_retries"));
    } else if (a == "--redeliver") {
      DDB_TRY(integer("redeliver"));
    } else if (a == "--filter") {
      DDB_ASSIGN_OR_RETURN(std::string v, value());
      filters.push_back(v);
    } else if (a == "--bisect") {
      o["bisect_on_error"] = true;
    } else if (a == "--report-failures") {
      o["report_batch_item_failures"] = true;
    } else if (a == "--from") {
      DDB_ASSIGN_OR_RETURN(std::string v, value());
      o["starting_position"] = v;
    } else {
      return ValidationError("unknown option " + a +
                             " (the options are --name, --batch-size, "
                             "--window, --filter, --max-retries, --bisect, --report-failures, "
                             "--redeliver, --from)");
    }
  }
  if (!filters.empty()) o["filters"] = filters;
  return o;
}

// `describe`: say what the run did on the shell's sink (errors are said either way).
wire::Json RunAndReport(shell::ShellContext& shell, StreamState& state, bool force, bool describe);

bool Attach(shell::ShellContext& shell, StreamState& state, const std::vector<std::string>& args) {
  if (args.size() < 3) return Fail(shell, "usage: .stream attach TABLE FILE.lua [options]");
  auto options = AttachOptions(args, 3);
  if (!options.ok()) return Fail(shell, options.error().message);
  auto path = FindHandlerFile(shell.DataFileAccess(), args[2]);
  if (!path.ok()) return Fail(shell, path.error().message);
  auto code = ReadHandlerFile(*path);
  if (!code.ok()) return Fail(shell, code.error().message);
  Sandbox* sb = state.Current(shell, true);
  if (sb == nullptr) return Fail(shell, "cannot start the Lua sandbox");
  std::string stem = path->stem().string();
  auto name = AttachHandlerCode(*sb, args[1], *code, args[2], *options, stem);
  if (!name.ok()) return Fail(shell, name.error().message);
  shell.sink().Line("(" + *name + " is attached to " + args[1] +
                    "'s stream: it runs after each statement; .stream status shows it)");
  // Like a new event source mapping, it starts at once: from TRIM_HORIZON it has records to read.
  RunAndReport(shell, state, false, true);
  return true;
}

bool Detach(shell::ShellContext& shell, StreamState& state, const std::vector<std::string>& args) {
  if (args.size() < 2 || args.size() > 3) return Fail(shell, "usage: .stream detach TABLE [NAME]");
  Sandbox* sb = state.Current(shell, false);
  auto n = sb ? DetachHandlers(*sb, args[1], args.size() == 3 ? args[2] : "") : Result<int>(0);
  if (!n.ok()) return Fail(shell, n.error().message);
  if (*n == 0)
    return Fail(shell, "no handler is attached to " + args[1] +
                           (args.size() == 3 ? " called " + args[2] : ""));
  shell.sink().Line("(" + std::to_string(*n) + " handler" + (*n == 1 ? "" : "s") +
                    " detached from " + args[1] + ")");
  return true;
}

// Runs the current database's handlers and reports; the summary, or null when none ran.
wire::Json RunAndReport(shell::ShellContext& shell, StreamState& state, bool force, bool describe) {
  Sandbox* sb = state.Current(shell, false);
  if (sb == nullptr || AttachedHandlers(*sb) == 0) return nullptr;
  auto summary = RunHandlers(*sb, shell.now(), force);
  if (!summary.ok()) {
    shell.sink().ErrLine("stream handlers: " + summary.error().message);
    return nullptr;
  }
  std::string text = describe ? DescribeRun(*summary) : std::string();
  if (!text.empty()) shell.sink().Out(shell.sink().Styled(text, shell::Style::kDim));
  return std::move(*summary);
}

bool Status(shell::ShellContext& shell, StreamState& state) {
  Sandbox* sb = state.Current(shell, false);
  auto list = sb ? ListHandlers(*sb) : Result<wire::Json>(wire::Json::array());
  if (!list.ok()) return Fail(shell, list.error().message);
  if (!list->is_array() || list->empty()) {
    shell.sink().Line("(no stream handler is attached here: .stream attach TABLE FILE.lua)");
    return true;
  }
  for (const wire::Json& m : *list) {
    auto n = [&](const char* k) { return std::to_string(m.value(k, int64_t{0})); };
    std::string line =
        m.value("table", std::string()) + " -> " + m.value("name", std::string()) + ": batch " +
        n("batch_size") + ", window " + n("batching_window") + " s, retries " +
        (m.value("max_retries", -1) < 0 ? std::string("until it works") : n("max_retries")) + ", " +
        n("filters") + " filter(s), from " + m.value("starting_position", std::string());
    if (m.value("bisect_on_error", false)) line += ", bisect";
    if (m.value("report_batch_item_failures", false)) line += ", reports item failures";
    if (m.value("redeliver", 0) > 0) line += ", redelivers " + n("redeliver");
    shell.sink().Line(line);
    shell.sink().Line("    " + n("invocations") + " invocations, " + n("records") + " records, " +
                      n("filtered") + " filtered out, " + n("failed") + " failed, " +
                      n("discarded") + " discarded, " + n("pending") + " waiting" +
                      (m.value("blocked", 0) > 0
                           ? " (blocked: " + m.value("last_error", std::string()) + ")"
                           : ""));
    if (m.value("broken", false)) shell.sink().Line("    " + m.value("last_error", std::string()));
  }
  return true;
}

bool Run(shell::ShellContext& shell, StreamState& state, const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "status") return Status(shell, state);
  const std::string& verb = args[0];
  if (verb == "attach") return Attach(shell, state, args);
  if (verb == "detach") return Detach(shell, state, args);
  if (verb == "run") {
    if (args.size() != 1) return Fail(shell, "usage: .stream run");
    Sandbox* sb = state.Current(shell, false);
    if (sb == nullptr || AttachedHandlers(*sb) == 0) {
      shell.sink().Line("(no stream handler is attached here)");
      return true;
    }
    wire::Json summary = RunAndReport(shell, state, true, true);
    if (!summary.is_null() && summary.value("invocations", 0) == 0 &&
        summary.value("filtered", 0) == 0) {
      shell.sink().Line("(the handlers are caught up: no new records)");
    }
    return true;
  }
  if (verb == "help") {
    shell.sink().Line(kUsage);
    return true;
  }
  // .stream TABLE [--limit N]
  int limit = kDefaultRecentRecords;
  if (args.size() == 3 && args[1] == "--limit") {
    auto n = Integer(args[2]);
    if (!n || *n < 1 || *n > 1000) return Fail(shell, "--limit takes a number from 1 to 1000");
    limit = static_cast<int>(*n);
  } else if (args.size() != 1) {
    return Fail(shell, "usage:\n" + std::string(kUsage));
  }
  auto text = RecentRecords(shell.client(), verb, limit);
  if (!text.ok()) {
    return Fail(shell, std::string(ErrorTypeName(text.error().type)) + ": " + text.error().message);
  }
  shell.sink().Out(*text);
  return true;
}

}  // namespace

StreamRunner RegisterStreamDotCommand(shell::Shell& shell) {
  auto state = std::make_shared<StreamState>(shell);
  shell.RegisterDotCommand(shell::DotExtension{
      ".stream", ".stream TABLE|attach|detach|run|status",
      "read a table's stream; attach stream handlers (Lambda-style, in Lua)", kUsage,
      [state](shell::ShellContext& context, const std::vector<std::string>& args) {
        return Run(context, *state, args);
      }});
  shell.AddStatementFollower([state](shell::StatementResult& result, shell::ShellContext& context) {
    wire::Json summary = RunAndReport(context, *state, false, true);
    if (!summary.is_null()) result.stream = std::move(summary);
  });
  return
      [state](shell::ShellContext& context) { return RunAndReport(context, *state, false, false); };
}

}  // namespace ddblab::lab::streams
