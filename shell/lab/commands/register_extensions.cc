// Puts the lab runtime's dot-commands in a shell's extension table.
#include "item_script.h"
#include "repl_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/repl/shell.h"
#include "simulation/simulate.h"
#include "streams/dot_command.h"

namespace ddblab::lab {

std::shared_ptr<shell::LessonDotState> RegisterLab(
    shell::Shell& shell, SimulationListener on_simulation,
    std::function<wire::Json(shell::ShellContext&)>* stream_runner) {
  // The last simulation of this shell, for `.heatmap`: from `.simulate` or a lesson's code.
  auto shelf = std::make_shared<simulate::SimulationShelf>();
  if (on_simulation) {
    shelf->on_change = [on_simulation](const simulate::SimulationResult& r) {
      on_simulation(simulate::ResultJson(r));
    };
  }
  auto lesson =
      shell::NewLessonDotState([shelf](const simulate::SimulationResult& r) { shelf->Put(r); });
  shell::RegisterLessonDotCommand(shell, lesson);
  auto exercise = std::make_shared<shell::ExerciseState>();
  shell.RegisterDotCommand(shell::DotExtension{
      ".exercise", ".exercise [NAME|submit|...]", "start or work on a graded exercise", "",
      [exercise](shell::ShellContext& context, const std::vector<std::string>& args) {
        return shell::RunExerciseDotCommand(context, *exercise, args);
      }});
  simulate::RegisterSimulateDotCommands(shell, shelf);
  streams::StreamRunner runner = streams::RegisterStreamDotCommand(shell);
  if (stream_runner != nullptr) *stream_runner = std::move(runner);
  shell.SetItemGeneratorOpener(OpenItemScript);
  return lesson;
}

void RegisterLabExtensions(shell::Shell& shell, SimulationListener on_simulation) {
  RegisterLab(shell, std::move(on_simulation));
}

}  // namespace ddblab::lab
