// The lab runtime's entry points for the program: `ddblab lesson ...`, `ddblab grade ...`, and
// the `.lesson` and `.exercise` dot-commands it registers in a shell's extension table.
#pragma once

#include <functional>
#include <istream>
#include <memory>
#include <string>

#include "ddblab/engine.h"
#include "ddblab/wire.h"

namespace ddblab::shell {
class OutputSink;
class Shell;
}  // namespace ddblab::shell

namespace ddblab::lab {

// Opens a client of a DynamoDB-compatible endpoint (shell/remote's MakeRemoteClient): nullptr
// and `*error` set when it cannot. The program hands it in, so the lab does not link the
// network client (builds without sockets have none).
using EndpointOpener = std::function<std::unique_ptr<wire::Client>(
    const std::string& url, const std::string& region, std::string* error)>;

// `ddblab lesson ARGS...` and `ddblab grade ARGS...`: argv[0] is the subcommand ("lesson" or
// "grade"). Return the process exit status. `open_endpoint` serves `grade --endpoint URL`
// (refused when empty).
int RunLessonCommand(int argc, char** argv);
int RunGradeCommand(int argc, char** argv, const EndpointOpener& open_endpoint = {});
// `ddblab course check DIR`: every exercise checked, every lesson completed from its answers.
int RunCourseCommand(int argc, char** argv);
// `ddblab exercise ...` (grade/exercise_command.h); argv[0] is "exercise".
int RunExerciseCommand(int argc, char** argv);
namespace simulate {
// `ddblab simulate ARGS...` (simulate/simulate.h); argv[0] is "simulate".
int RunSimulateCommand(int argc, char** argv);
}  // namespace simulate

// Replays the statements of `answers` (named `name` in messages) through lesson `id`, from step
// 1, in a scratch database, leaving saved progress alone. 0 when the lesson completes, 1 when it
// does not, 2 when it could not start. `untrusted_source` non-empty: the answers are not the
// user's own (a course's, under `course check`) and run as Shell::ExecuteUntrusted runs text,
// opening no file; it names them in refusals.
int ReplayLessonAnswers(const std::string& id, std::istream& answers, const std::string& name,
                        shell::OutputSink& sink, const std::string& untrusted_source = "");

// Told of each simulation that finishes in a shell (`.simulate`, a lesson's ddb.simulate), as the
// JSON `ddblab simulate --format json` prints.
using SimulationListener = std::function<void(const wire::Json& simulation)>;

// `ddblab serve --init FILE` (streams/served_script.cc): runs FILE's statements and
// dot-commands on `engine` as `-f` would, then runs the stream handlers it attached after every
// commit of the engine, whoever wrote, until the returned object is destroyed. Everything it
// prints goes to `log` as text, and each handler run that did something also as its summary
// (ddb.stream.run's). An error when the script stops on a failure. `existed`: the database file
// was there before the server opened it, so the script set it up on an earlier run: its tables
// and items stay as they are and only its `.stream` lines run (the log says so).
class ServedScript {
 public:
  virtual ~ServedScript() = default;
};
using ServedScriptLog = std::function<void(const std::string& text, const wire::Json& summary)>;
Result<std::unique_ptr<ServedScript>> StartServedScript(std::shared_ptr<Engine> engine,
                                                        const std::string& file,
                                                        ServedScriptLog log, bool existed);

// Adds `.lesson` and `.exercise` to `shell`. Their state (the lesson in progress, the exercise
// loaded) lives in the registered handlers, one per shell.
void RegisterLabExtensions(shell::Shell& shell, SimulationListener on_simulation = {});

}  // namespace ddblab::lab
