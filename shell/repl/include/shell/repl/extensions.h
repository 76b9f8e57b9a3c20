// The REPL's extension table: what another front end (the Lua lab runtime) may plug into a
// running shell. It registers dot-commands and statement observers here, and lessons swap in
// their own database. There are no weak symbols and no global maps: main() registers the lab's
// extensions on each Shell it creates, and their state lives in the handlers they register.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"
#include "shell/session/file_access.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

class OutputSink;
class ShellContext;

// Sees every aws-CLI and PartiQL statement the user runs, after it has been rendered.
class StatementObserver {
 public:
  virtual ~StatementObserver() = default;
  // `result` is exactly what the session produced (its calls merged on first use, result.merged()).
  // Feedback goes through shell.sink(). Dot-commands and EXPLAIN are not reported.
  virtual void OnStatement(const StatementResult& result, ShellContext& shell) = 0;
};

// A dot-command another front end adds: `.lesson`, `.exercise`. The handler gets the words
// after the command name and returns false when it failed (having printed why).
struct DotExtension {
  std::string name;     // ".lesson"
  std::string usage;    // ".lesson [NAME|next|...]"
  std::string summary;  // one line for .help
  std::string details;  // more lines for .help .lesson
  std::function<bool(ShellContext& shell, const std::vector<std::string>& args)> run;
};

// What the shell offers an extension.
class ShellContext {
 public:
  virtual ~ShellContext() = default;
  // The shell's only output: lesson text and feedback must go here so tests capture it.
  virtual OutputSink& sink() = 0;
  // The backend statements go to now (a lesson's own database while one is active).
  virtual wire::Client& client() = 0;
  // Runs `statement` exactly as if the user had typed it (rendered, footer, warnings), through
  // the session. Observers are not told about it. False when it failed (the error is printed).
  virtual bool Run(std::string_view statement) = 0;
  // A short tag shown in the prompt ("lesson 3/7"); empty removes it.
  virtual void SetPromptTag(std::string tag) = 0;
  // The shell keeps a shared reference until RemoveObserver.
  virtual void AddObserver(std::shared_ptr<StatementObserver> observer) = 0;
  virtual void RemoveObserver(const StatementObserver* observer) = 0;
  // Makes `client` the backend until PopClient(the id returned) removes it: a lesson or an
  // exercise works in a scratch database and leaves the user's tables alone. Each holder pops its
  // own database, whatever was pushed after it. `.open` is refused meanwhile, with
  // `how_to_leave` (".lesson quit returns to your database first").
  virtual int PushClient(std::unique_ptr<wire::Client> client, std::string how_to_leave) = 0;
  virtual void PopClient(int id) = 0;
  // A fresh in-memory database with the shell's engine settings (its clock, its region).
  virtual std::unique_ptr<wire::Client> NewScratchDatabase(std::string description) = 0;
  // Where relative file:// paths resolve.
  virtual std::string cwd() const = 0;
  // What a dot-command that opens a file (.read, .open, .save, .import, .export, the models,
  // .generate --script, .simulate, .stream attach, .exercise) may open: the user's files
  // relative to cwd(), or nothing (kRefused, with the reason to print) while lesson code runs
  // statements or while text the user did not type runs (Shell::ExecuteUntrusted). Each such
  // command asks before it touches a file, so one policy covers them all.
  virtual FileAccess DataFileAccess() const = 0;
  // Adds a dot-command (replacing one of the same name).
  virtual void RegisterDotCommand(DotExtension command) = 0;
  // Which database statements go to now: an id that changes when a lesson or an exercise pushes
  // its own database or `.open` replaces the user's, and is never reused; and whether the
  // database an id named is still in use (its state, such as attached stream handlers, can go
  // when it is not).
  virtual int database_id() const = 0;
  virtual bool database_live(int id) const = 0;
  // The engine's clock, in seconds since the epoch (fixed by --clock; the real time otherwise).
  virtual double now() const = 0;
  // Runs after every statement the user runs (and every one Run runs), after it is rendered and
  // before observers hear of it: a follower may print and may annotate the result, as stream
  // handlers do with what they did.
  using StatementFollower = std::function<void(StatementResult& result, ShellContext& shell)>;
  virtual void AddStatementFollower(StatementFollower follower) = 0;
};

}  // namespace ddblab::shell
