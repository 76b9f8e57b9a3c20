// Puts the lab runtime's dot-commands in a shell's extension table.
#include "item_script.h"
#include "repl_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/repl/shell.h"
#include "simulate/simulate.h"
#include "streams/dot_command.h"

namespace ddblab::lab {

void RegisterLabExtensions(shell::Shell& shell) {
  shell::RegisterLessonDotCommand(shell, shell::NewLessonDotState());
  auto exercise = std::make_shared<shell::ExerciseState>();
  shell.RegisterDotCommand(shell::DotExtension{
      ".exercise", ".exercise [NAME|submit|...]", "start or work on a graded exercise", "",
      [exercise](shell::ShellContext& context, const std::vector<std::string>& args) {
        return shell::RunExerciseDotCommand(context, *exercise, args);
      }});
  simulate::RegisterSimulateDotCommands(shell);
  streams::RegisterStreamDotCommand(shell);
  shell.SetItemGeneratorOpener(OpenItemScript);
}

}  // namespace ddblab::lab
