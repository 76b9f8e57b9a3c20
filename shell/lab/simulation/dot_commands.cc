// `.simulate SCENARIO.lua [SECONDS]` and `.heatmap [TABLE]` in the REPL: run a scenario file
// from the shell, and show the heat map of the last simulation this process ran (`.simulate`
// or a lesson's ddb.simulate).
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "shell/render/output.h"
#include "shell/repl/extensions.h"
#include "shell/repl/shell.h"
#include "shell/session/data_file.h"
#include "simulation/simulate.h"

namespace ddblab::lab::simulate {
namespace {

bool RunSimulateDot(shell::ShellContext& shell, SimulationShelf& shelf,
                    const std::vector<std::string>& args) {
  shell::OutputSink& sink = shell.sink();
  if (args.empty() || args.size() > 2) {
    sink.ErrLine("usage: .simulate SCENARIO.lua [SECONDS]");
    return false;
  }
  std::optional<int64_t> seconds;
  if (args.size() == 2) {
    char* end = nullptr;
    long long n = std::strtoll(args[1].c_str(), &end, 10);
    if (end == args[1].c_str() || *end != '\0' || n < 1 || n > 86400) {
      sink.ErrLine(".simulate: SECONDS must be a whole number from 1 to 86400, not '" + args[1] +
                   "'");
      return false;
    }
    seconds = n;
  }
  // The scenario is a file of the user's: refused where the shell may not open files.
  if (auto allowed = shell::ResolveDataFile(shell.DataFileAccess(), args[0], false);
      !allowed.ok()) {
    sink.ErrLine(".simulate: " + allowed.error().message);
    return false;
  }
  std::filesystem::path path = args[0];
  if (path.is_relative()) path = std::filesystem::path(shell.cwd()) / path;
  std::ostringstream lua_out;
  auto result = Simulate(path.string(), seconds, lua_out);
  if (!lua_out.str().empty()) sink.Out(lua_out.str());
  if (!result.ok()) {
    // Messages name the file as the user wrote it, not the absolute path it resolved to.
    std::string message = result.error().message;
    for (size_t at = message.find(path.string()); at != std::string::npos;
         at = message.find(path.string(), at + args[0].size())) {
      message.replace(at, path.string().size(), args[0]);
    }
    sink.ErrLine(".simulate: " + args[0] + ": " + message);
    return false;
  }
  shelf.Put(*result);
  sink.Out(RenderText(*result));
  sink.Line("(.heatmap TABLE shows one table again)", shell::Style::kDim);
  return true;
}

bool RunHeatmapDot(shell::ShellContext& shell, const SimulationShelf& shelf,
                   const std::vector<std::string>& args) {
  shell::OutputSink& sink = shell.sink();
  if (args.size() > 1) {
    sink.ErrLine("usage: .heatmap [TABLE]");
    return false;
  }
  const std::optional<SimulationResult>& last = shelf.last;
  if (!last) {
    sink.ErrLine(
        ".heatmap: no simulation has run yet (run one with .simulate SCENARIO.lua, or in a "
        "lesson)");
    return false;
  }
  std::string table = args.empty() ? "" : args[0];
  std::string text = RenderHeatmap(*last, table);
  if (text.empty()) {
    std::string names;
    for (const auto& r : last->resources) {
      if (!r.index.empty() || names.find("'" + r.table + "'") != std::string::npos) continue;
      names += (names.empty() ? "'" : ", '") + r.table + "'";
    }
    sink.ErrLine(".heatmap: the last simulation has no table '" + table + "'" +
                 (names.empty() ? std::string() : "; its tables are " + names));
    return false;
  }
  sink.Out(text.substr(1));  // without the blank line that separates tables
  return true;
}

}  // namespace

void RegisterSimulateDotCommands(shell::Shell& shell, std::shared_ptr<SimulationShelf> shelf) {
  shell.RegisterDotCommand(shell::DotExtension{
      ".simulate", ".simulate SCENARIO.lua [SECONDS]",
      "run a throughput scenario on a virtual clock",
      "Runs the scenario's clients against a fresh in-memory database with the throughput\n"
      "model on, prints the summary and heat map, and keeps them for .heatmap.",
      [shelf](shell::ShellContext& context, const std::vector<std::string>& args) {
        return RunSimulateDot(context, *shelf, args);
      }});
  shell.RegisterDotCommand(shell::DotExtension{
      ".heatmap", ".heatmap [TABLE]", "show the last simulation's heat map",
      "Partitions down, virtual seconds across, shaded by the share of the partition ceiling\n"
      "used; ! marks a second with throttled requests. TABLE limits it to one table and its\n"
      "indexes.",
      [shelf](shell::ShellContext& context, const std::vector<std::string>& args) {
        return RunHeatmapDot(context, *shelf, args);
      }});
}

}  // namespace ddblab::lab::simulate
