// The lab runtime's entry points for the program: `ddblab lesson ...`, `ddblab grade ...`, and
// the `.lesson` and `.exercise` dot-commands it registers in a shell's extension table.
#pragma once

namespace ddblab::shell {
class Shell;
}

namespace ddblab::lab {

// `ddblab lesson ARGS...` and `ddblab grade ARGS...`: argv[0] is the subcommand ("lesson" or
// "grade"). Return the process exit status.
int RunLessonCommand(int argc, char** argv);
int RunGradeCommand(int argc, char** argv);

// Adds `.lesson` and `.exercise` to `shell`. Their state (the lesson in progress, the exercise
// loaded) lives in the registered handlers, one per shell.
void RegisterLabExtensions(shell::Shell& shell);

}  // namespace ddblab::lab
