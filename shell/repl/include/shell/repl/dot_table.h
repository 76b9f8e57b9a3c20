// The REPL's dot-command table (.help, .mode, .partitions, ...): one row per command with its
// usage, summary, help text and handler. Dispatch, unique-prefix abbreviation, usage errors,
// completion and .help all read it. The commands themselves live above the REPL (shell/dot/):
// each Shell is made with their table (shell::BuiltInDotCommands()), and other front ends add
// theirs through the extension table (shell/repl/extensions.h), so the REPL never includes them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddblab::shell {

class Shell;
enum class Outcome;

enum class DotResult {
  kOk,
  kUsage,        // wrong arguments: the dispatcher prints the usage line
  kError,        // failed; the handler printed why
  kParseError,   // a statement it ran did not parse (.read)
  kEngineError,  // a statement it ran was rejected (.read)
  kExit,         // .quit
};

using DotHandler = std::function<DotResult(Shell& shell, const std::vector<std::string>& args,
                                           std::string_view raw_args)>;

struct DotCommandSpec {
  std::string name;     // ".mode"
  std::string usage;    // ".mode [table|json|ddbjson|jsonl|line]"
  std::string summary;  // one line for .help
  std::string details;  // more lines for .help .mode
  DotHandler handler;
};

// Help topics beyond the dot-commands (cli, partiql, explain, modes, capacity, partitions, keys).
struct HelpTopic {
  std::string_view name;
  std::string_view summary;
  std::string_view text;
};

// The commands and help topics a Shell is made with.
struct DotCommandTable {
  std::vector<DotCommandSpec> commands;
  std::vector<HelpTopic> topics;
};

// The built-in commands and those other front ends registered on `shell` (.lesson, .exercise),
// sorted by name.
std::vector<DotCommandSpec> DotCommands(const Shell& shell);

// The command `word` names: an exact name, or a prefix of exactly one name. `ambiguous`
// receives the candidates when a prefix matches several.
std::optional<DotCommandSpec> FindDotCommand(const Shell& shell, std::string_view word,
                                             std::vector<std::string>* ambiguous);

// Runs one dot-command line.
Outcome RunDotCommand(Shell& shell, std::string_view line);

}  // namespace ddblab::shell
