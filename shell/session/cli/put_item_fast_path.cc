// put-item's fast path: the everyday `aws dynamodb put-item --table-name T --item '{...}'` read
// straight from its words into the typed request. The full path parses every JSON value into a
// document, checks the document's attribute values against the model, then decodes it; that was
// most of what a typed put-item cost beyond the engine call.
//
// It answers only where the full path could say nothing else: the words are `[aws] [dynamodb]
// put-item` and then only put-item's own options TableName, Item, ConditionExpression,
// ReturnValues, ReturnConsumedCapacity, ExpressionAttributeNames and ExpressionAttributeValues,
// each once, as `--option value` or `--option=value`, with no file:// value; the JSON values read
// as everyday JSON (wire::ReadEverydayValues, ReadEverydayNames: strict JSON, which Python's
// json module also reads the same way) and the item is valid. Anything else (a global option, a
// shorthand value, a set, a repeated or unknown option, any error) takes the full path.
#include "cli/cli_internal.h"

namespace ddblab::shell::cli {
namespace {

bool IsOptionWord(std::string_view w) {
  return w.size() > 2 && w.starts_with("--") && w.find(' ') == std::string_view::npos;
}

bool IsJsonObjectText(std::string_view v) {
  size_t b = v.find_first_not_of(" \t\n\r");
  return b != std::string_view::npos && v[b] == '{';
}

// Reads one option's value into the request; false when the full path must read it.
bool ReadMember(std::string_view member, const std::string& value, PutItemRequest* r) {
  if (member == "TableName") {
    r->table_name = value;
  } else if (member == "Item") {
    return IsJsonObjectText(value) && wire::ReadEverydayValues(value, &r->item);
  } else if (member == "ConditionExpression") {
    r->condition_expression = value;
  } else if (member == "ReturnValues") {
    r->return_values = value;
  } else if (member == "ReturnConsumedCapacity") {
    r->return_consumed_capacity = value;
  } else if (member == "ExpressionAttributeNames") {
    return IsJsonObjectText(value) &&
           wire::ReadEverydayNames(value, &r->expression_attribute_names.emplace());
  } else if (member == "ExpressionAttributeValues") {
    return IsJsonObjectText(value) &&
           wire::ReadEverydayValues(value, &r->expression_attribute_values.emplace());
  } else {
    return false;
  }
  return true;
}

}  // namespace

std::optional<PutItemRequest> FastPutItem(const std::vector<std::string>& words) {
  const size_t n = words.size();
  size_t i = 0;
  if (i < n && words[i] == "aws") ++i;
  if (i < n && words[i] == "dynamodb") ++i;
  if (i >= n || words[i] != "put-item") return std::nullopt;
  ++i;
  const SubcommandDef* def = FindSubcommand("put-item");
  if (def == nullptr) return std::nullopt;
  std::vector<bool> given(def->options.size(), false);
  PutItemRequest r;
  while (i < n) {
    const std::string& w = words[i];
    if (!IsOptionWord(w)) return std::nullopt;
    const size_t eq = w.find('=');
    const std::string_view name = std::string_view(w).substr(0, eq);
    std::string value;
    if (eq != std::string::npos) {
      value = w.substr(eq + 1);
      ++i;
    } else {
      if (i + 1 >= n || IsOptionWord(words[i + 1])) return std::nullopt;
      value = words[i + 1];
      i += 2;
    }
    if (IsParamFileValue(value)) return std::nullopt;
    size_t k = 0;
    while (k < def->options.size() && def->options[k].name != name) ++k;
    if (k == def->options.size() || given[k]) return std::nullopt;
    given[k] = true;
    if (!ReadMember(def->options[k].member, value, &r)) return std::nullopt;
  }
  for (size_t k = 0; k < def->options.size(); ++k) {
    if (def->options[k].required && !given[k]) return std::nullopt;
  }
  if (!ValidateItem(r.item).ok()) return std::nullopt;
  return r;
}

}  // namespace ddblab::shell::cli
