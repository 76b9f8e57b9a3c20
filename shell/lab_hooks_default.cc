// Fallbacks for the lab hooks, used only when the program has no lab runtime linked in. They are
// weak so the runtime's own definitions take their place without any registration step.
#include <cstdio>

#include "shell/lab_hooks.h"
#include "shell/output.h"

namespace ddblab::shell {

namespace {
constexpr const char* kNotAvailable = "lessons and exercises are not available in this build";
}

__attribute__((weak)) int RunLessonCommand(int, char**) {
  std::fprintf(stderr, "ddblab lesson: %s\n", kNotAvailable);
  return 255;
}

__attribute__((weak)) int RunGradeCommand(int, char**) {
  std::fprintf(stderr, "ddblab grade: %s\n", kNotAvailable);
  return 255;
}

__attribute__((weak)) bool RunLessonDotCommand(ShellContext& shell,
                                               const std::vector<std::string>&) {
  shell.sink().ErrLine(std::string(".lesson: ") + kNotAvailable);
  return false;
}

__attribute__((weak)) bool RunExerciseDotCommand(ShellContext& shell,
                                                 const std::vector<std::string>&) {
  shell.sink().ErrLine(std::string(".exercise: ") + kNotAvailable);
  return false;
}

}  // namespace ddblab::shell
