// Placeholder bookkeeping for one request (the Context declared in expr.h).
#include <algorithm>
#include <string>

#include "expr/expr.h"
#include "expr/messages.h"

namespace ddblab::expr {
namespace {

// DynamoDB: a placeholder (with its # or :) is at most 255 bytes.
constexpr size_t kMaxPlaceholderBytes = 255;

// DynamoDB: placeholder keys are '#' or ':' followed by one or more of [A-Za-z0-9_].
bool ValidKey(const std::string& key, char sigil) {
  if (key.size() < 2 || key[0] != sigil) return false;
  for (size_t i = 1; i < key.size(); ++i) {
    char c = key[i];
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

template <typename MapT>
std::string UnusedKeys(const MapT& m, const std::vector<std::string>& used) {
  std::string keys;
  for (const auto& entry : m) {
    if (std::find(used.begin(), used.end(), entry.first) != used.end()) continue;
    if (!keys.empty()) keys += ", ";
    keys += entry.first;
  }
  return keys;
}

}  // namespace

Context::Context(const std::optional<ExpressionAttributeNames>& names,
                 const std::optional<ExpressionAttributeValues>& values)
    : names_(names), values_(values) {}

Status Context::CheckMaps(bool any_expression, const std::string& null_expressions) const {
  if (names_) {
    if (!any_expression) {
      return ValidationError(
          "ExpressionAttributeNames can only be specified when using expressions");
    }
    if (names_->empty()) return ValidationError("ExpressionAttributeNames must not be empty");
    for (const auto& [key, name] : *names_) {
      // DynamoDB (messages captured from the service): a key's length is checked before its
      // syntax, then the name it stands for.
      if (key.size() > kMaxPlaceholderBytes) {
        return ValidationError(
            "ExpressionAttributeNames contains invalid key: The expression attribute map "
            "contains a key that is too long; size of key: " +
            std::to_string(key.size()));
      }
      if (!ValidKey(key, '#')) {
        return ValidationError(
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
      }
      if (name.empty()) {
        return ValidationError(
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key " + key);
      }
      DDB_TRY(ValidateAttributeName(name));
    }
  }
  if (values_) {
    if (!any_expression) {
      // Query names no expression in this message (captured from DynamoDB).
      if (null_expressions.empty()) {
        return ValidationError(
            "ExpressionAttributeValues can only be specified when using expressions");
      }
      return ValidationError(
          "ExpressionAttributeValues can only be specified when using expressions: " +
          null_expressions +
          (null_expressions.find(" and ") != std::string::npos ? " are null" : " is null"));
    }
    if (values_->empty()) return ValidationError("ExpressionAttributeValues must not be empty");
    for (const auto& [key, value] : *values_) {
      // Unlike the names' message, this one ends at the ';' (captured from DynamoDB).
      if (key.size() > kMaxPlaceholderBytes) {
        return ValidationError(
            "ExpressionAttributeValues contains invalid key: The expression attribute map "
            "contains a key that is too long;");
      }
      if (!ValidKey(key, ':')) {
        return ValidationError(
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
      }
    }
  }
  return OkStatus();
}

Status Context::CheckAllUsed() const {
  if (names_) {
    std::string keys = UnusedKeys(*names_, used_names_);
    if (!keys.empty()) {
      return ValidationError(
          "Value provided in ExpressionAttributeNames unused in expressions: keys: {" + keys + "}");
    }
  }
  if (values_) {
    std::string keys = UnusedKeys(*values_, used_values_);
    if (!keys.empty()) {
      return ValidationError(
          "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + keys +
          "}");
    }
  }
  return OkStatus();
}

Result<std::string> Context::ResolveName(const std::string& token, Kind kind) {
  if (names_) {
    auto it = names_->find(token);
    if (it != names_->end()) {
      if (std::find(used_names_.begin(), used_names_.end(), token) == used_names_.end()) {
        used_names_.push_back(token);
      }
      return it->second;
    }
  }
  return KindError(kind,
                   "An expression attribute name used in the document path is not defined; "
                   "attribute name: " +
                       token);
}

Result<const AttributeValue*> Context::ResolveValue(const std::string& token, Kind kind) {
  if (values_) {
    auto it = values_->find(token);
    if (it != values_->end()) {
      if (std::find(used_values_.begin(), used_values_.end(), token) == used_values_.end()) {
        used_values_.push_back(token);
      }
      return &it->second;
    }
  }
  return KindError(kind,
                   "An expression attribute value used in expression is not defined; "
                   "attribute value: " +
                       token);
}

}  // namespace ddblab::expr
