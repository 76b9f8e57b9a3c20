// The dot-command table's dispatch: the built-in commands the Shell was made with, then those
// other front ends registered; exact names or unique prefixes; usage errors.
#include "shell/repl/dot_table.h"

#include <algorithm>
#include <cctype>

#include "shell/render/hints.h"
#include "shell/repl/shell.h"
#include "shell/session/cli.h"

namespace ddblab::shell {

std::vector<DotCommandSpec> DotCommands(const Shell& shell) {
  std::vector<DotCommandSpec> all = shell.dot_commands().commands;
  for (const DotExtension& e : shell.extensions()) {
    auto run = e.run;
    DotCommandSpec spec{e.name, e.usage, e.summary, e.details,
                        [run](Shell& s, const std::vector<std::string>& args, std::string_view) {
                          return run(s, args) ? DotResult::kOk : DotResult::kError;
                        }};
    auto same =
        std::find_if(all.begin(), all.end(), [&](const auto& c) { return c.name == e.name; });
    if (same != all.end()) {
      *same = std::move(spec);
    } else {
      all.push_back(std::move(spec));
    }
  }
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return all;
}

std::optional<DotCommandSpec> FindDotCommand(const Shell& shell, std::string_view word,
                                             std::vector<std::string>* ambiguous) {
  std::string w(word);
  for (char& ch : w) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  std::optional<DotCommandSpec> match;
  int count = 0;
  for (auto& c : DotCommands(shell)) {
    if (c.name == w) return std::move(c);
    if (w.size() > 1 && c.name.starts_with(w)) {
      if (ambiguous != nullptr) ambiguous->emplace_back(c.name);
      match = std::move(c);
      ++count;
    }
  }
  // .quit and .exit share a handler, so an abbreviation of either is not ambiguous in effect; the
  // table keeps both names for people who know one or the other.
  if (count != 1) return std::nullopt;
  return match;
}

Outcome RunDotCommand(Shell& shell, std::string_view line) {
  size_t end = line.find_first_of(" \t\n");
  std::string_view word = line.substr(0, end);
  std::string_view raw = end == std::string_view::npos ? "" : line.substr(end + 1);
  while (!raw.empty() && std::isspace(static_cast<unsigned char>(raw.front())))
    raw.remove_prefix(1);
  std::vector<std::string> ambiguous;
  std::optional<DotCommandSpec> c = FindDotCommand(shell, word, &ambiguous);
  if (!c) {
    if (ambiguous.size() > 1) {
      std::string list;
      for (const auto& a : ambiguous) list += " " + a;
      shell.sink().ErrLine("ambiguous command " + std::string(word) + ": could be" + list);
    } else {
      shell.sink().ErrLine("unknown command " + std::string(word) + "; .help lists them");
      std::vector<std::string> names;
      for (const auto& spec : DotCommands(shell)) names.push_back(spec.name);
      std::string hint = DotCommandHint(word, names);
      if (!hint.empty()) shell.sink().ErrLine("hint: " + hint, Style::kDim);
    }
    return Outcome::kParseError;
  }
  std::vector<std::string> args;
  if (!raw.empty()) {
    auto words = SplitWords(raw);
    if (words.ok()) {
      args = std::move(*words);
    } else if (c->name != ".print") {  // .print shows its text as is, quotes and all
      shell.sink().ErrLine(c->name + ": " + words.error().message);
      return Outcome::kParseError;
    }
  }
  switch (c->handler(shell, args, raw)) {
    case DotResult::kOk:
      return Outcome::kOk;
    case DotResult::kUsage:
      shell.sink().ErrLine("usage: " + c->usage + "  (.help " + c->name + ")");
      return Outcome::kParseError;
    case DotResult::kError:
      return Outcome::kOtherError;
    case DotResult::kParseError:
      return Outcome::kParseError;
    case DotResult::kEngineError:
      return Outcome::kEngineError;
    case DotResult::kExit:
      return Outcome::kExit;
  }
  return Outcome::kOk;
}

}  // namespace ddblab::shell
