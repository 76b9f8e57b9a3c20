// Script mode: gathers lines into complete inputs, skips comments, echoes when asked, and stops
// at the first failure unless told to keep going.
#include "shell/repl/script.h"

#include <optional>
#include <string>

#include "shell/repl/interrupt.h"
#include "shell/session/file_access.h"

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

namespace {

constexpr size_t kMaxStatementBytes = kMaxParamFileBytes;

// std::getline, but a line stops growing one byte past kMaxStatementBytes (the rest of it is
// never read, so an endless line costs bounded memory and time).
bool ReadBoundedLine(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  for (;;) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    line.push_back(static_cast<char>(c));
    if (line.size() > kMaxStatementBytes) return true;
  }
}

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
  // The one statement-boundary rule (shell/session/boundary.h), line by line so each statement
  // runs as soon as it is complete.
  StatementAssembler assembler;
  // A failed statement followed by `.check error ...` is a demonstrated error: the check decides.
  // So a failure waits for the next input before it counts (and before it stops the script).
  struct Failure {
    Outcome outcome;
    int line;
  };
  std::optional<Failure> pending;
  auto count_failure = [&](Outcome outcome, int line) -> bool {
    if (status == 0) status = ExitStatusFor(outcome);
    if (options.keep_going) return true;
    shell.sink().ErrLine("ddblab: stopped at line " + std::to_string(line) +
                             (options.name.empty() ? "" : " of " + options.name) +
                             " (--keep-going runs the rest)",
                         Style::kDim);
    return false;
  };
  auto settle = [&]() -> bool {
    if (!pending) return true;
    Failure f = *pending;
    pending.reset();
    return count_failure(f.outcome, f.line);
  };
  auto run = [&](const StatementText& statement) -> bool {
    if (options.only && !options.only(statement.text)) return true;
    bool is_check = statement.text.starts_with(".check");
    if (!is_check && !settle()) return false;
    // .print is itself the text a presenter wants shown; echoing it would show it twice.
    if (shell.settings().echo && !statement.text.starts_with(".print")) Echo(shell, statement.text);
    Outcome outcome =
        options.untrusted_source.empty()
            ? shell.Execute(statement.text, statement.complete)
            : shell.ExecuteUntrusted(statement.text, options.untrusted_source, statement.complete);
    if (outcome == Outcome::kExit) return false;
    if (InterruptRequested()) {
      // Ctrl-C stops a script between statements (the REPL that ran .read goes on).
      shell.sink().ErrLine("ddblab: interrupted at line " + std::to_string(statement.line) +
                               (options.name.empty() ? "" : " of " + options.name),
                           Style::kWarning);
      status = kInterruptedStatus;
      return false;
    }
    if (is_check && pending) {
      // The check judged the failure: it passed (the error was expected) or it failed itself.
      pending.reset();
      if (outcome != Outcome::kOk) return count_failure(outcome, statement.line);
      return true;
    }
    if (outcome != Outcome::kOk) {
      if (is_check) return count_failure(outcome, statement.line);
      pending = Failure{outcome, statement.line};
    }
    return true;
  };
  std::string line;
  size_t line_number = 0;
  while (ReadBoundedLine(in, line)) {
    ++line_number;
    // A statement can carry at most one DynamoDB request (16 MiB); a longer one (a file with no
    // newline, such as /dev/zero, or a quote never closed) stops the script instead of filling
    // memory.
    if (line.size() + assembler.pending().size() > kMaxStatementBytes) {
      shell.sink().ErrLine("ddblab: the statement at line " + std::to_string(line_number) +
                           (options.name.empty() ? "" : " of " + options.name) +
                           " is longer than " + std::to_string(kMaxStatementBytes >> 20) +
                           " MiB, the most a DynamoDB request can carry; stopping");
      return status == 0 ? 1 : status;
    }
    for (const auto& statement : assembler.Feed(line)) {
      if (!run(statement)) return status;
    }
  }
  // An input left open at the end of the script still runs, so its error is reported.
  if (auto statement = assembler.Finish()) run(*statement);
  settle();
  return status;
}

}  // namespace ddblab::shell
