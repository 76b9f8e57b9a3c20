// The aws-CLI language: word splitting, every subcommand's options, JSON and shorthand values
// (the first byte picks whole lines or a bare shorthand value). Files are refused, as for a
// graded solution. Invariant: a command or a clear error, never a crash.
#include "shell/session/cli.h"

#include <cstdint>
#include <string>

#include "session/cli/cli_internal.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto files = ddblab::shell::FileAccess::Refused("fuzzing");
  if (data[0] % 2 == 0) {
    (void)ddblab::shell::CliIncompleteReason(text);
    auto words = ddblab::shell::SplitWords(text);
    if (words.ok()) (void)ddblab::shell::ParseCliCommand(*words, files);
  } else {
    (void)ddblab::shell::cli::ParseShorthand(text, files);
  }
  return 0;
}
