// Script mode: gathers lines into complete inputs, skips comments, echoes when asked, and stops
// at the first failure unless told to keep going.
#include "shell/script.h"

#include <string>

namespace ddblab::shell {

int ExitStatusFor(Outcome outcome) {
  switch (outcome) {
    case Outcome::kOk:
    case Outcome::kExit:
      return 0;
    case Outcome::kParseError:
      return 252;  // the aws CLI's status for a command that did not parse
    case Outcome::kEngineError:
      return 254;  // the aws CLI's status for an error returned by the service
    case Outcome::kOtherError:
      return 1;
  }
  return 1;
}

bool IsCommentLine(std::string_view line) {
  size_t i = line.find_first_not_of(" \t\r");
  if (i == std::string_view::npos) return true;
  line.remove_prefix(i);
  return line.starts_with("#") || line.starts_with("--");
}

namespace {
void Echo(Shell& shell, const std::string& input) {
  size_t start = 0;
  bool first = true;
  while (start <= input.size()) {
    size_t nl = input.find('\n', start);
    std::string line =
        input.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    shell.sink().Line((first ? shell.Prompt() : shell.ContinuationPrompt()) + line, Style::kDim);
    first = false;
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
}
}  // namespace

int RunScript(Shell& shell, std::istream& in, const ScriptOptions& options) {
  int status = 0;
  std::string buffer, line;
  int line_no = 0, start_line = 0;
  auto run = [&]() -> bool {
    // .print is itself the text a presenter wants shown; echoing it would show it twice.
    if (shell.settings().echo && !buffer.starts_with(".print")) Echo(shell, buffer);
    Outcome outcome = shell.Execute(buffer);
    buffer.clear();
    if (outcome == Outcome::kExit) return false;
    if (outcome != Outcome::kOk) {
      if (status == 0) status = ExitStatusFor(outcome);
      if (!options.keep_going) {
        shell.sink().ErrLine("ddblab: stopped at line " + std::to_string(start_line) +
                                 (options.name.empty() ? "" : " of " + options.name) +
                                 " (--keep-going runs the rest)",
                             Style::kDim);
        return false;
      }
    }
    return true;
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (buffer.empty()) {
      if (IsCommentLine(line)) continue;
      start_line = line_no;
      buffer = line;
    } else {
      buffer += "\n" + line;
    }
    if (InputIncomplete(buffer)) continue;
    if (!run()) return status;
  }
  if (!buffer.empty()) {
    // An input left open at the end of the script still runs, so its error is reported.
    if (!run()) return status;
  }
  return status;
}

}  // namespace ddblab::shell
