// The fast path for everyday item and read commands: get-item, put-item, update-item,
// delete-item, query and scan read straight from their words into the typed request. The full
// path parses every JSON value into a document, checks the document's attribute values against
// the model, then decodes it; that was most of what such a statement cost beyond the engine call.
//
// It answers only where the full path could say nothing else: the words are `[aws] [dynamodb]
// <subcommand>` and then only that subcommand's own options, each once, as `--option value` or
// `--option=value` (flags as --x or --no-x), no file:// value; the options are strings, flags,
// plain non-negative integers, and JSON objects of attribute values or names that the wire's text
// readers take (wire::ReadValuesText, ReadNamesText: each value one of DynamoDB's types and no
// other member, as the aws CLI's parameter check requires), every item and key valid. Anything else
// (a global option, paging controls, shorthand, a set or a map value, the legacy maps and lists, a
// repeated or unknown option, any error) takes the full path, so every message stays the full
// path's. Which member an option fills, and of what type, is the request's model (VisitMembers).
#include <charconv>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "cli/cli_internal.h"

namespace ddblab::shell::cli {
namespace {

bool IsJsonObjectText(std::string_view v) {
  size_t b = v.find_first_not_of(" \t\n\r");
  return b != std::string_view::npos && v[b] == '{';
}

// A plain decimal integer, as Python's int() reads it and no other way.
bool ReadCount(std::string_view v, std::optional<int64_t>* out) {
  if (v.empty() || v.size() > 18 || v[0] < '0' || v[0] > '9' || (v[0] == '0' && v.size() > 1)) {
    return false;
  }
  int64_t n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size()) return false;
  *out = n;
  return true;
}

// An item, key or start key: values that make a valid item (the full path's decode checks every
// item it reads with ValidateItem).
bool ReadItem(std::string_view v, Item* out) {
  return IsJsonObjectText(v) && wire::ReadValuesText(v, out);
}

// Reads one option's value into the request member of the model name `member` (`flag` for a
// --x or --no-x option); false when the full path must read it: a member of another type than
// a string, a flag, a plain count, an item or key, or placeholder names or values.
template <typename R>
bool ReadMember(std::string_view member, std::string_view value, std::optional<bool> flag, R* r) {
  bool read = false;
  VisitMembers(*r, [&](const model::MemberInfo& m, auto& field) {
    if (m.wire != member) return;
    using T = typename model::Unwrapped<std::remove_cvref_t<decltype(field)>>::type;
    auto target = [&]() -> T& {
      if constexpr (!std::is_same_v<T, std::remove_cvref_t<decltype(field)>>) {
        return field.emplace();  // an optional member
      } else {
        return field;
      }
    };
    if constexpr (std::is_same_v<T, bool>) {
      if (flag) {
        target() = *flag;
        read = true;
      }
    } else if (flag) {
      return;
    } else if constexpr (std::is_same_v<T, std::string>) {
      target() = value;
      read = true;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      std::optional<int64_t> n;
      read = ReadCount(value, &n);
      if (read) target() = *n;
    } else if constexpr (std::is_same_v<T, Item>) {
      read = ReadItem(value, &target());
    } else if constexpr (std::is_same_v<T, ExpressionAttributeValues>) {
      read = IsJsonObjectText(value) && wire::ReadValuesText(value, &target());
    } else if constexpr (std::is_same_v<T, ExpressionAttributeNames>) {
      read = IsJsonObjectText(value) && wire::ReadNamesText(value, &target());
    }
  });
  return read;
}

// The options after the subcommand, from words[i] on, into a request of type R in *request.
template <typename R>
bool ReadOptions(const SubcommandDef& def, const std::vector<std::string>& words, size_t i,
                 Request* request, bool* no_paginate) {
  const size_t n = words.size();
  if (def.options.size() > 64) return false;
  uint64_t given = 0;  // by option index
  R& r = request->emplace<R>();
  while (i < n) {
    const std::string& w = words[i];
    if (!IsOptionWord(w)) return false;
    const size_t eq = w.find('=');
    const std::string_view name = std::string_view(w).substr(0, eq);
    bool flag_value = true;
    const size_t k = FindOption(def, name, &flag_value);
    if (k == def.options.size() || (given >> k & 1) != 0) return false;
    given |= uint64_t{1} << k;
    const OptionSpec& spec = def.options[k];
    *no_paginate = *no_paginate || spec.disables_paging;
    if (spec.kind == OptionKind::kFlag) {
      if (eq != std::string::npos || !ReadMember(spec.member, "", flag_value, &r)) return false;
      ++i;
      continue;
    }
    if (spec.kind != OptionKind::kString && spec.kind != OptionKind::kInteger &&
        spec.kind != OptionKind::kStructure) {
      return false;
    }
    std::string_view value;
    if (eq != std::string::npos) {
      value = std::string_view(w).substr(eq + 1);
      ++i;
    } else {
      if (i + 1 >= n || IsOptionWord(words[i + 1])) return false;
      value = words[i + 1];
      i += 2;
    }
    if (IsParamFileValue(value) || !ReadMember(spec.member, value, std::nullopt, &r)) return false;
  }
  for (size_t k = 0; k < def.options.size(); ++k) {
    if (def.options[k].required && (given >> k & 1) == 0) return false;
  }
  return true;
}

}  // namespace

bool FastCliCommand(const std::vector<std::string>& words, FastCommand* fast) {
  const size_t n = words.size();
  size_t i = 0;
  if (i < n && words[i] == "aws") ++i;
  if (i < n && words[i] == "dynamodb") ++i;
  if (i >= n) return false;
  const SubcommandDef* def = FindSubcommand(words[i]);
  if (def == nullptr) return false;
  ++i;
  bool no_paginate = false;
  bool read = false;
  Request* request = &fast->request;
  const std::optional<Operation> op = OperationFromName(def->operation);
  if (op == Operation::GetItem) {
    read = ReadOptions<GetItemRequest>(*def, words, i, request, &no_paginate);
  } else if (op == Operation::PutItem) {
    read = ReadOptions<PutItemRequest>(*def, words, i, request, &no_paginate);
  } else if (op == Operation::UpdateItem) {
    read = ReadOptions<UpdateItemRequest>(*def, words, i, request, &no_paginate);
  } else if (op == Operation::DeleteItem) {
    read = ReadOptions<DeleteItemRequest>(*def, words, i, request, &no_paginate);
  } else if (op == Operation::Query) {
    read = ReadOptions<QueryRequest>(*def, words, i, request, &no_paginate);
  } else if (op == Operation::Scan) {
    read = ReadOptions<ScanRequest>(*def, words, i, request, &no_paginate);
  }
  // A request the model refuses is left to the full path, whose reader reports why.
  if (!read || !wire::CheckModelConstraints(*request).ok()) return false;
  fast->command.subcommand = def->name;
  fast->command.operation = def->operation;
  const bool pages = def->paging != Paging::kNone;
  fast->command.no_paginate = pages && no_paginate;
  fast->auto_paginated = pages && !no_paginate;
  return true;
}

}  // namespace ddblab::shell::cli
