// The fast path for everyday item and read commands: get-item, put-item, update-item,
// delete-item, query and scan read straight from their words into the typed request. The full
// path parses every JSON value into a document, checks the document's attribute values against
// the model, then decodes it; that was most of what such a statement cost beyond the engine call.
//
// It answers only where the full path could say nothing else: the words are `[aws] [dynamodb]
// <subcommand>` and then only that subcommand's own options, each once, as `--option value` or
// `--option=value` (flags as --x or --no-x), no file:// value; the options are strings, flags,
// plain non-negative integers, and JSON objects that read as everyday JSON
// (wire::ReadEverydayValues, ReadEverydayNames: strict JSON, which Python's json module reads
// the same way), every item and key valid. Anything else (a global option, paging controls,
// shorthand, a set or a map value, legacy parameters, a repeated or unknown option, any error)
// takes the full path, so every message stays the full path's.
#include <charconv>
#include <cstdint>

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

// An item, key or start key: everyday values that make a valid item (the full path's decode
// checks every item it reads with ValidateItem).
bool ReadItem(std::string_view v, Item* out) {
  return IsJsonObjectText(v) && wire::ReadEverydayValues(v, out) && ValidateItem(*out).ok();
}

// The request's string member of the model name `member`, or nullptr.
template <typename R>
std::optional<std::string>* StringMember(R& r, std::string_view member) {
  if constexpr (requires { r.index_name; }) {
    if (member == "IndexName") return &r.index_name;
  }
  if constexpr (requires { r.key_condition_expression; }) {
    if (member == "KeyConditionExpression") return &r.key_condition_expression;
  }
  if constexpr (requires { r.filter_expression; }) {
    if (member == "FilterExpression") return &r.filter_expression;
  }
  if constexpr (requires { r.projection_expression; }) {
    if (member == "ProjectionExpression") return &r.projection_expression;
  }
  if constexpr (requires { r.condition_expression; }) {
    if (member == "ConditionExpression") return &r.condition_expression;
  }
  if constexpr (requires { r.update_expression; }) {
    if (member == "UpdateExpression") return &r.update_expression;
  }
  if constexpr (requires { r.select; }) {
    if (member == "Select") return &r.select;
  }
  if constexpr (requires { r.return_values; }) {
    if (member == "ReturnValues") return &r.return_values;
  }
  if constexpr (requires { r.return_values_on_condition_check_failure; }) {
    if (member == "ReturnValuesOnConditionCheckFailure") {
      return &r.return_values_on_condition_check_failure;
    }
  }
  if constexpr (requires { r.return_item_collection_metrics; }) {
    if (member == "ReturnItemCollectionMetrics") return &r.return_item_collection_metrics;
  }
  if (member == "ReturnConsumedCapacity") return &r.return_consumed_capacity;
  return nullptr;
}

template <typename R>
std::optional<bool>* FlagMember(R& r, std::string_view member) {
  if constexpr (requires { r.consistent_read; }) {
    if (member == "ConsistentRead") return &r.consistent_read;
  }
  if constexpr (requires { r.scan_index_forward; }) {
    if (member == "ScanIndexForward") return &r.scan_index_forward;
  }
  return nullptr;
}

template <typename R>
std::optional<int64_t>* CountMember(R& r, std::string_view member) {
  if constexpr (requires { r.limit; }) {
    if (member == "Limit") return &r.limit;
  }
  if constexpr (requires { r.segment; }) {
    if (member == "Segment") return &r.segment;
    if (member == "TotalSegments") return &r.total_segments;
  }
  return nullptr;
}

// Reads one option's value into the request; false when the full path must read it.
template <typename R>
bool ReadMember(std::string_view member, std::string_view value, R* r) {
  if (member == "TableName") {
    r->table_name = value;
    return true;
  }
  if (std::optional<std::string>* s = StringMember(*r, member)) {
    s->emplace(value);
    return true;
  }
  if (std::optional<int64_t>* n = CountMember(*r, member)) return ReadCount(value, n);
  if constexpr (requires { r->item; }) {
    if (member == "Item") return ReadItem(value, &r->item);
  }
  if constexpr (requires { r->key; }) {
    if (member == "Key") return ReadItem(value, &r->key);
  }
  if constexpr (requires { r->exclusive_start_key; }) {
    if (member == "ExclusiveStartKey") return ReadItem(value, &r->exclusive_start_key.emplace());
  }
  if constexpr (requires { r->expression_attribute_values; }) {
    if (member == "ExpressionAttributeValues") {
      return IsJsonObjectText(value) &&
             wire::ReadEverydayValues(value, &r->expression_attribute_values.emplace());
    }
  }
  if (member == "ExpressionAttributeNames") {
    return IsJsonObjectText(value) &&
           wire::ReadEverydayNames(value, &r->expression_attribute_names.emplace());
  }
  return false;
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
      std::optional<bool>* flag = FlagMember(r, spec.member);
      if (eq != std::string::npos || flag == nullptr) return false;
      *flag = flag_value;
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
    if (IsParamFileValue(value) || !ReadMember(spec.member, value, &r)) return false;
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
