// The lab runtime's dot-commands, `.lesson` and `.exercise`, and the per-shell state each keeps.
// RegisterLabExtensions (lab_commands.h) puts them in a shell's extension table.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "shell/lab/lab_commands.h"
#include "shell/repl/extensions.h"

namespace ddblab::lab::simulate {
struct SimulationResult;
}

namespace ddblab::shell {

class Shell;

// The lesson in progress in one shell. `on_simulation` is told of every simulation its lessons'
// code finishes (the shell keeps the last for `.heatmap`).
struct LessonDotState;
std::shared_ptr<LessonDotState> NewLessonDotState(
    std::function<void(const lab::simulate::SimulationResult&)> on_simulation = {});
// Every verb of `.lesson`, one per line (for `.lesson help` and `.help .lesson`).
std::string LessonVerbHelp();
bool RunLessonDotCommand(ShellContext& shell, LessonDotState& state,
                         const std::vector<std::string>& args);
// Registers `.lesson` on `shell` with `state` (replacing an earlier registration).
void RegisterLessonDotCommand(Shell& shell, std::shared_ptr<LessonDotState> state);

// The exercise being worked on in one shell.
struct ExerciseState {
  std::string exercise;
  std::string solution;
  // `.exercise load` works in the exercise's own scratch database, pushed onto the shell; each
  // load replaces it, so the solution's tables are created afresh after every edit. Its
  // PushClient id; 0 when none.
  int database = 0;
};
bool RunExerciseDotCommand(ShellContext& shell, ExerciseState& state,
                           const std::vector<std::string>& args);

}  // namespace ddblab::shell

namespace ddblab::lab {

// RegisterLabExtensions, returning the `.lesson` state it registered (a lesson replay drives it)
// and, in `stream_runner` when given, what runs the shell's stream handlers (`serve --init`).
std::shared_ptr<shell::LessonDotState> RegisterLab(
    shell::Shell& shell, SimulationListener on_simulation = {},
    std::function<wire::Json(shell::ShellContext&)>* stream_runner = nullptr);

}  // namespace ddblab::lab
