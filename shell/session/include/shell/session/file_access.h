// What a statement may read from disk: the file:// and fileb:// parameter values of the aws-CLI
// language and the `key@=path` values of its shorthand. Every front door states its policy once,
// when it runs a statement (shell/session RunOptions), and ReadParamFile is the only code that
// opens such a file, so the policy cannot be bypassed by a parser that forgot to ask.
//
//   kLocal     the user's own shell (REPL, -c, -f, .read): relative paths resolve against `dir`
//              (empty: the working directory) and `~/` against $HOME.
//   kConfined  lesson and scenario code: only paths that stay inside `dir` after every symlink
//              is resolved (no `..` escape, no absolute path elsewhere, no `~`).
//   kRefused   graded solutions, which must be self-contained: every file value is refused
//              with `refused_reason`.
//
// In every mode only regular files are read, up to kMaxParamFileBytes: devices (/dev/zero),
// FIFOs and directories are refused before anything is read, so a value can neither block the
// shell nor fill its memory.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ddblab/error.h"

namespace ddblab::shell {

// The largest parameter file read: DynamoDB's own request limit (16 MiB).
inline constexpr size_t kMaxParamFileBytes = size_t{16} << 20;

struct FileAccess {
  enum class Mode { kLocal, kConfined, kRefused };
  Mode mode = Mode::kLocal;
  std::string dir;
  std::string refused_reason;

  static FileAccess Local(std::string dir) { return {Mode::kLocal, std::move(dir), ""}; }
  static FileAccess ConfinedTo(std::string dir) { return {Mode::kConfined, std::move(dir), ""}; }
  static FileAccess Refused(std::string reason) { return {Mode::kRefused, "", std::move(reason)}; }
};

// The reason graded solutions give for refusing file values.
inline constexpr const char* kSolutionFileReason =
    "graded solutions are self-contained: paste the JSON into the command instead of reading it "
    "from a file";

// True when `value` names a parameter file (starts with file:// or fileb://).
bool IsParamFileValue(std::string_view value);

// Reads the file named by `value` ("file://path" or "fileb://path") under `access`. The error
// message reads "Unable to load paramfile <value>: <why>" (the aws CLI's words where it has
// them); it never contains any of the file's bytes.
Result<std::string> ReadParamFile(const FileAccess& access, std::string_view value);

}  // namespace ddblab::shell
