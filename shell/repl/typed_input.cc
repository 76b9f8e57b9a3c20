#include "shell/repl/typed_input.h"

#include "shell/render/output.h"

namespace ddblab::shell {

void Greet(Shell& shell, const std::string& keeping) {
  OutputSink& out = shell.sink();
  out.Line("ddblab 0.1: a DynamoDB single-table design lab");
  const bool in_memory =
      !shell.client().IsRemote() && shell.client().Describe().find("memory") != std::string::npos;
  out.Line("Connected to the " + shell.client().Describe() +
               (in_memory && !keeping.empty() ? "; " + keeping : std::string(".")),
           Style::kDim);
  out.Line(".help lists commands; paste aws dynamodb commands or type PartiQL.", Style::kDim);
}

std::string NextPrompt(const Shell& shell, const StatementAssembler& assembler) {
  return assembler.open() || assembler.held() ? shell.ContinuationPrompt() : shell.Prompt();
}

std::vector<StatementText> TypedLine(Shell& shell, StatementAssembler& assembler,
                                     std::string_view line, bool more_waiting) {
  std::vector<StatementText> ready = assembler.Feed(line);
  if (assembler.held() && !more_waiting) {
    if (auto typed = assembler.ReleaseTyped()) ready.push_back(std::move(*typed));
  }
  if (assembler.awaiting_semicolon() && TrimStatement(line).empty()) {
    shell.sink().Line("(the statement runs when a line ends with ; -- Ctrl-C drops it)",
                      Style::kDim);
  }
  return ready;
}

}  // namespace ddblab::shell
