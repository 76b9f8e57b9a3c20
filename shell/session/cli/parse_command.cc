// Words of an `aws dynamodb <subcommand> ...` command -> a DynamoDB JSON request, following the
// aws CLI's argument handling (argparse for the words, argprocess.py/paramfile.py for values) so
// that what the CLI accepts parses and what it rejects fails with its message and exit code 252.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_internal.h"
#include "shell/session/cli.h"

namespace ddblab::shell {
namespace {

using cli::CliError;
using cli::IsOptionWord;
using cli::OptionKind;
using cli::OptionSpec;
using wire::Json;

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

std::string_view LStrip(std::string_view s) {
  size_t b = 0;
  while (b < s.size() && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r')) ++b;
  return s.substr(b);
}

std::string ParamError(std::string_view option, std::string_view message) {
  return "Error parsing parameter '" + std::string(option) + "': " + std::string(message);
}

// file:// and fileb:// values are replaced by the file's contents (awscli/paramfile.py), as far
// as `files` allows; other values are returned unchanged.
Result<std::string> LoadParamFile(std::string_view option, const std::string& value,
                                  const FileAccess& files) {
  if (!IsParamFileValue(value)) return value;
  auto text = ReadParamFile(files, value);
  if (!text.ok()) return CliError(ParamError(option, text.error().message));
  return text;
}

Result<Json> ParseJsonParam(std::string_view option, const std::string& text) {
  auto parsed = cli::ParsePythonJson(text);
  if (!parsed.ok()) {
    return CliError(
        ParamError(option, "Invalid JSON: " + parsed.error().message + "\nJSON received: " + text));
  }
  return std::move(parsed).value();
}

Result<Json> ParseShorthandParam(const OptionSpec& spec, const std::string& text,
                                 const FileAccess& files) {
  auto parsed = cli::ParseShorthand(text, files);
  if (!parsed.ok()) return CliError(ParamError(spec.name, parsed.error().message));
  Json value = std::move(parsed).value();
  Status typed = cli::ApplyShorthandModel(value, spec.model);
  if (!typed.ok()) return CliError(ParamError(spec.name, typed.error().message));
  return value;
}

// A structure or map value: JSON when it starts with '{', otherwise shorthand.
Result<Json> ParseStructure(const OptionSpec& spec, const std::string& text,
                            const FileAccess& files) {
  std::string_view stripped = LStrip(text);
  if (StartsWith(stripped, "{")) return ParseJsonParam(spec.name, text);
  if (stripped.empty() || StartsWith(stripped, "[")) {
    return CliError(ParamError(spec.name, "Invalid JSON:\n" + text));
  }
  return ParseShorthandParam(spec, text, files);
}

Result<int64_t> ParseInteger(std::string_view option, const std::string& text) {
  // Reuse the shorthand model's int() so the message is the same everywhere.
  Json wrapper = {{"Limit", text}};
  Status s = cli::ApplyShorthandModel(wrapper, cli::ShorthandModel::kGeneric);
  if (!s.ok()) return CliError(ParamError(option, s.error().message));
  return wrapper["Limit"].get<int64_t>();
}

Result<Json> ReadValue(const OptionSpec& spec, std::vector<std::string>&& words,
                       const FileAccess& files) {
  const bool lists =
      spec.kind == OptionKind::kStructureList || spec.kind == OptionKind::kStringList;
  if ((!lists || words.size() == 1) && IsParamFileValue(words[0])) {
    DDB_ASSIGN_OR_RETURN(words[0], LoadParamFile(spec.name, words[0], files));
  }
  const std::string& first = words[0];
  switch (spec.kind) {
    case OptionKind::kString:
      return Json(first);
    case OptionKind::kFlag:
      return Json(true);
    case OptionKind::kInteger: {
      DDB_ASSIGN_OR_RETURN(int64_t n, ParseInteger(spec.name, first));
      return Json(n);
    }
    case OptionKind::kStructure:
      return ParseStructure(spec, first, files);
    case OptionKind::kStringList: {
      if (words.size() == 1 && StartsWith(LStrip(first), "[")) {
        return ParseJsonParam(spec.name, first);
      }
      Json list = Json::array();
      for (const std::string& w : words) list.push_back(w);
      return list;
    }
    case OptionKind::kStructureList: {
      std::string_view head = LStrip(first);
      bool looks_like_json = StartsWith(head, "[") || StartsWith(head, "{");
      if (words.size() == 1 && StartsWith(head, "[")) {
        DDB_ASSIGN_OR_RETURN(Json list, ParseJsonParam(spec.name, first));
        if (!list.is_array()) return CliError(ParamError(spec.name, "Invalid JSON:\n" + first));
        return list;
      }
      Json list = Json::array();
      for (const std::string& w : words) {
        if (looks_like_json) {
          if (!StartsWith(LStrip(w), "{")) {
            return CliError(ParamError(spec.name, "Invalid JSON:\n" + w));
          }
          DDB_ASSIGN_OR_RETURN(Json element, ParseJsonParam(spec.name, w));
          list.push_back(std::move(element));
        } else {
          DDB_ASSIGN_OR_RETURN(Json element, ParseShorthandParam(spec, w, files));
          list.push_back(std::move(element));
        }
      }
      return list;
    }
  }
  return Json(first);
}

std::string JoinChoices(const std::vector<std::string>& choices) {
  std::string out;
  for (const std::string& c : choices) {
    if (!out.empty()) out += " | ";
    out += c;
  }
  return out;
}

Error InvalidChoice(std::string_view argument, const std::string& word,
                    const std::vector<std::string>& choices) {
  std::string message =
      "aws: error: argument " + std::string(argument) + ": Invalid choice '" + word + "'";
  std::string suggestion = cli::Suggest(word, choices);
  if (!suggestion.empty()) return CliError(message + ". Did you mean '" + suggestion + "'?");
  return CliError(message + ", valid choices are: " + JoinChoices(choices));
}

// The operation an aws CLI subcommand name stands for: "import-table" -> "ImportTable" (the CLI
// derives its subcommand names from the operations' this way).
std::string OperationOfSubcommand(std::string_view subcommand) {
  std::string out;
  bool upper = true;
  for (char c : subcommand) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

// One option as given on the command line: its words (none for flags), or the flag's value.
struct Given {
  std::vector<std::string> words;
  bool flag = true;
};

}  // namespace

Result<CliCommand> ParseCliCommand(const std::vector<std::string>& words, const FileAccess& files) {
  CliCommand command;
  const size_t n = words.size();
  size_t i = 0;
  if (i < n && words[i] == "aws") ++i;

  // Global options may precede the service and the subcommand.
  bool seen_service = false;
  bool streams = false;  // `aws dynamodbstreams`: the DynamoDB Streams API
  while (i < n) {
    std::string_view w = words[i];
    std::string_view name = w.substr(0, w.find('='));
    if (const cli::GlobalOption* g = cli::FindIgnoredGlobalOption(name)) {
      bool inline_value = name.size() != w.size();
      if (g->takes_value && !inline_value) {
        if (i + 1 >= n) {
          return CliError("aws: error: argument " + std::string(name) + ": expected one argument");
        }
        ++i;
      }
      ++i;
      continue;
    }
    if (w == cli::kNoPaginate) {
      command.no_paginate = true;
      ++i;
      continue;
    }
    if (!seen_service && (w == "dynamodb" || w == "dynamodbstreams")) {
      seen_service = true;
      streams = w == "dynamodbstreams";
      ++i;
      continue;
    }
    break;
  }
  if (i >= n) return CliError("aws: error: the following arguments are required: operation");

  const auto& table = streams ? cli::StreamsSubcommandTable() : cli::SubcommandTable();
  const cli::SubcommandDef* def = nullptr;
  for (const cli::SubcommandDef& one : table) {
    if (one.name == words[i]) def = &one;
  }
  if (def == nullptr) {
    // The aws CLI knows DynamoDB's S3 operations: they reach the service, which refuses them as
    // serve does, naming the shell's .export/.import.
    std::optional<Error> s3;
    if (!streams) s3 = wire::RefuseS3Operation(OperationOfSubcommand(words[i]));
    if (s3) return *s3;
    std::vector<std::string> names;
    for (const cli::SubcommandDef& one : table) names.emplace_back(one.name);
    return InvalidChoice("operation", words[i], names);
  }
  ++i;
  command.subcommand = std::string(def->name);
  command.operation = std::string(def->operation);

  if (def->name == "wait") {
    if (i >= n || IsOptionWord(words[i])) {
      return CliError("aws: error: the following arguments are required: subcommand");
    }
    const auto& waiters = cli::WaiterNames();
    if (std::find(waiters.begin(), waiters.end(), words[i]) == waiters.end()) {
      return InvalidChoice("subcommand", words[i], waiters);
    }
    command.waiter = words[i];
    ++i;
  }

  const bool paginated = def->paging != cli::Paging::kNone;
  const std::vector<std::string_view> paging_options = cli::PagingOptions(def->paging);
  std::map<size_t, Given> given;  // by index into def->options
  std::vector<std::string> unknown;
  std::optional<std::string> cli_input_json;
  // Every option the subcommand takes, for suggestions after an unknown one.
  auto option_names = [&] {
    std::vector<std::string> names;
    for (const OptionSpec& spec : def->options) {
      names.emplace_back(spec.name);
      if (spec.kind == OptionKind::kFlag) {
        names.push_back("--no-" + std::string(spec.name.substr(2)));
      }
    }
    for (std::string_view paging_option : paging_options) names.emplace_back(paging_option);
    return names;
  };

  // Reads the one value of `name`: inline after '=' or the next word.
  auto take_value = [&](std::string_view name, std::string_view word, std::string* out) -> Status {
    size_t eq = word.find('=');
    if (eq != std::string_view::npos) {
      *out = std::string(word.substr(eq + 1));
      ++i;
      return OkStatus();
    }
    if (i + 1 >= n || IsOptionWord(words[i + 1])) {
      return CliError("aws: error: argument " + std::string(name) + ": expected one argument");
    }
    *out = words[i + 1];
    i += 2;
    return OkStatus();
  };
  auto int_value = [&](std::string_view name, const std::string& text) -> Result<int64_t> {
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0) {
      return CliError("aws: error: argument " + std::string(name) + ": invalid int value: '" +
                      text + "'");
    }
    return static_cast<int64_t>(v);
  };

  while (i < n) {
    const std::string& w = words[i];
    if (!IsOptionWord(w)) {
      unknown.push_back(w);
      ++i;
      continue;
    }
    std::string_view name = std::string_view(w).substr(0, w.find('='));
    bool has_inline = name.size() != w.size();

    if (const cli::GlobalOption* g = cli::FindIgnoredGlobalOption(name)) {
      if (g->takes_value) {
        std::string ignored;
        DDB_TRY(take_value(name, w, &ignored));
      } else {
        ++i;
      }
      continue;
    }
    if (name == cli::kNoPaginate) {
      command.no_paginate = true;
      ++i;
      continue;
    }
    if (name == cli::kCliInputJson) {
      std::string value;
      DDB_TRY(take_value(name, w, &value));
      cli_input_json = value;
      continue;
    }
    if (std::find(paging_options.begin(), paging_options.end(), name) != paging_options.end()) {
      std::string value;
      DDB_TRY(take_value(name, w, &value));
      if (name == cli::kStartingToken) {
        command.starting_token = value;
      } else {
        DDB_ASSIGN_OR_RETURN(int64_t v, int_value(name, value));
        (name == cli::kPageSize ? command.page_size : command.max_items) = v;
      }
      continue;
    }

    // The subcommand's own options; flags also in their --no- form.
    bool flag_value = true;
    const size_t index = cli::FindOption(*def, name, &flag_value);
    if (index == def->options.size()) {
      unknown.push_back(w);
      ++i;
      continue;
    }
    const OptionSpec& spec = def->options[index];
    Given g;
    if (spec.kind == OptionKind::kFlag) {
      if (has_inline) {
        return CliError("aws: error: argument " + std::string(name) +
                        ": ignored explicit argument '" + w.substr(name.size() + 1) + "'");
      }
      g.flag = flag_value;
      ++i;
    } else if (spec.kind == OptionKind::kStructureList || spec.kind == OptionKind::kStringList) {
      if (has_inline) g.words.push_back(w.substr(name.size() + 1));
      ++i;
      while (i < n && !IsOptionWord(words[i])) g.words.push_back(words[i++]);
      if (g.words.empty()) {
        return CliError("aws: error: argument " + std::string(name) +
                        ": expected at least one argument");
      }
    } else {
      std::string value;
      DDB_TRY(take_value(name, w, &value));
      g.words.push_back(std::move(value));
    }
    // A repeated option is refused: keeping either value would drop the other silently.
    if (given.contains(index)) {
      return CliError("aws: error: argument " + std::string(spec.name) +
                      ": given more than once; give each option once");
    }
    given[index] = std::move(g);
  }

  if (!cli_input_json) {
    std::string missing;
    for (size_t k = 0; k < def->options.size(); ++k) {
      if (def->options[k].required && !given.contains(k)) {
        if (!missing.empty()) missing += ", ";
        missing += def->options[k].name;
      }
    }
    if (!missing.empty()) {
      return CliError("aws: error: the following arguments are required: " + missing);
    }
  }
  if (!unknown.empty()) {
    std::string message = "Unknown options: ";
    for (size_t k = 0; k < unknown.size(); ++k) message += (k ? ", " : "") + unknown[k];
    for (const std::string& u : unknown) {
      if (!IsOptionWord(u)) continue;
      std::string suggestion = cli::Suggest(u.substr(0, u.find('=')), option_names());
      if (!suggestion.empty()) {
        message += "\nDid you mean " + suggestion + "?";
        break;
      }
    }
    return CliError(message);
  }

  Json request = Json::object();
  if (cli_input_json) {
    DDB_ASSIGN_OR_RETURN(std::string text,
                         LoadParamFile(cli::kCliInputJson, *cli_input_json, files));
    DDB_ASSIGN_OR_RETURN(request, ParseJsonParam(cli::kCliInputJson, text));
    if (!request.is_object()) {
      return CliError(ParamError(cli::kCliInputJson, "Invalid JSON:\n" + text));
    }
  }
  for (auto& [index, g] : given) {
    const OptionSpec& spec = def->options[index];
    if (spec.disables_paging) command.no_paginate = true;
    if (spec.kind == OptionKind::kFlag) {
      request[std::string(spec.member)] = g.flag;
      continue;
    }
    DDB_ASSIGN_OR_RETURN(Json value, ReadValue(spec, std::move(g.words), files));
    request[std::string(spec.member)] = std::move(value);
  }
  if (cli_input_json && paginated) {
    // Paging members given in the input JSON are the service's own: auto-paging goes off.
    for (const OptionSpec& spec : def->options) {
      if (spec.disables_paging && request.contains(std::string(spec.member))) {
        command.no_paginate = true;
      }
    }
  }
  if (!paginated) command.no_paginate = false;
  command.request = std::move(request);
  return command;
}

}  // namespace ddblab::shell
