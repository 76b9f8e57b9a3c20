// The seam between the shell and the lesson/exercise runtime. The shell declares these functions
// and calls them; the lab runtime defines them. Weak defaults (lab_hooks_default.cc) answer "not
// available" so the shell links and runs without the lab runtime; a strong definition anywhere in
// the program replaces them.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::shell {

class OutputSink;
struct StatementResult;

// A statement a lesson observed, as the shell ran it: one aws-CLI command or PartiQL statement
// may make several calls (auto-pagination), so `result` is their merge and `record` keeps each.
class StatementObserver;

// What the shell offers a lesson or exercise while it is active in the REPL.
class ShellContext {
 public:
  virtual ~ShellContext() = default;
  // The shell's only output: lesson text and feedback must go here so tests capture it.
  virtual OutputSink& sink() = 0;
  // The backend the student's statements go to (for setup and checks).
  virtual wire::Client& client() = 0;
  // Runs `statement` exactly as if the student had typed it (rendered, footer, warnings).
  // Observers are not told about it. Returns false when it failed (the error is already printed).
  virtual bool Run(std::string_view statement) = 0;
  // A short tag shown in the prompt ("lesson 3/7"); empty removes it.
  virtual void SetPromptTag(std::string tag) = 0;
  // Observers see every aws-CLI and PartiQL statement the student runs, after it has been
  // rendered. The shell keeps a shared reference until RemoveObserver.
  virtual void AddObserver(std::shared_ptr<StatementObserver> observer) = 0;
  virtual void RemoveObserver(const StatementObserver* observer) = 0;
  // The last aws-CLI or PartiQL statement run (nullptr before the first).
  virtual const StatementResult* last_statement() const = 0;
};

class StatementObserver {
 public:
  virtual ~StatementObserver() = default;
  // Called once per statement the student ran, after the shell printed its output. `input` is
  // the statement text as typed; `result` merges its calls: ok/error, `body` the response as the
  // shell rendered it (for aws-CLI commands, what the aws CLI prints), `trace` with items_read,
  // items_returned and partitions summed over pages, `capacity` summed per table. Feedback goes
  // through shell.sink(). Dot-commands and EXPLAIN are not reported.
  virtual void OnStatement(const std::string& input, const wire::JsonResult& result,
                           ShellContext& shell) = 0;
};

// `ddblab lesson ARGS...` and `ddblab grade ARGS...`: argv[0] is the subcommand ("lesson" or
// "grade"). Return the process exit status.
int RunLessonCommand(int argc, char** argv);
int RunGradeCommand(int argc, char** argv);

// `.lesson ARGS...` and `.exercise ARGS...` in the REPL (args exclude the command name). Return
// false when the command failed; the message has been printed through shell.sink().
bool RunLessonDotCommand(ShellContext& shell, const std::vector<std::string>& args);
bool RunExerciseDotCommand(ShellContext& shell, const std::vector<std::string>& args);

}  // namespace ddblab::shell
