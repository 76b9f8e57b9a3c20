#include "catalog/constraint_errors.h"

#include <algorithm>
#include <cstddef>

namespace ddblab::catalog {

namespace {

// DynamoDB: the envelope lists at most 10 violations.
constexpr size_t kMaxListedViolations = 10;

}  // namespace

void ConstraintErrors::Add(std::string value, std::string path, std::string rule) {
  // DynamoDB leaves some values out ("Value at 'transactItems' failed ...").
  std::string message = "Value " + (value.empty() ? std::string() : std::move(value) + " ") +
                        "at '" + path + "' failed to satisfy constraint: " + std::move(rule);
  messages_.push_back(Violation{std::move(path), std::move(message)});
}

void ConstraintErrors::Append(const ConstraintErrors& other) {
  messages_.insert(messages_.end(), other.messages_.begin(), other.messages_.end());
}

void ConstraintErrors::OrderBy(std::string_view order) {
  // A violation's rank is its top-level member's place in `order`; those not named keep their
  // order after the rest.
  auto rank = [order](const Violation& v) {
    const std::string_view member = std::string_view(v.path).substr(0, v.path.find('.'));
    size_t at = 0;
    for (size_t i = 0; at < order.size(); ++i) {
      size_t end = order.find(' ', at);
      if (end == std::string_view::npos) end = order.size();
      if (order.substr(at, end - at) == member) return i;
      at = end + 1;
    }
    return order.size();
  };
  std::stable_sort(messages_.begin(), messages_.end(),
                   [&](const Violation& a, const Violation& b) { return rank(a) < rank(b); });
}

void ConstraintErrors::NotNull(const std::string& path) {
  Add("null", path, "Member must not be null");
}

void ConstraintErrors::Enum(const std::string& value, const std::string& path,
                            const std::string& allowed) {
  Add(Quote(value), path, "Member must satisfy enum value set: " + allowed);
}

void ConstraintErrors::MinValue(int64_t value, const std::string& path, int64_t min) {
  Add(Quote(std::to_string(value)), path,
      "Member must have value greater than or equal to " + std::to_string(min));
}

void ConstraintErrors::MinLength(std::string value, const std::string& path, int64_t min) {
  Add(std::move(value), path,
      "Member must have length greater than or equal to " + std::to_string(min));
}

void ConstraintErrors::MaxLength(std::string value, const std::string& path, int64_t max) {
  Add(std::move(value), path,
      "Member must have length less than or equal to " + std::to_string(max));
}

void ConstraintErrors::Pattern(const std::string& value, const std::string& path,
                               const std::string& pattern) {
  Add(Quote(value), path, "Member must satisfy regular expression pattern: " + pattern);
}

Error ConstraintErrors::ToError() const {
  std::string message =
      std::to_string(messages_.size()) +
      (messages_.size() == 1 ? " validation error detected: " : " validation errors detected: ");
  for (size_t i = 0; i < messages_.size() && i < kMaxListedViolations; ++i) {
    if (i > 0) message += "; ";
    message += messages_[i].message;
  }
  return ValidationError(std::move(message));
}

bool IsResourceNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

std::string MemberPath(const std::string& parent, std::string_view wire) {
  std::string path = parent.empty() ? std::string() : parent + ".";
  if (!wire.empty()) {
    path += static_cast<char>(wire[0] >= 'A' && wire[0] <= 'Z' ? wire[0] - 'A' + 'a' : wire[0]);
    path.append(wire.substr(1));
  }
  return path;
}

std::string ElementPath(const std::string& path, size_t index) {
  return path + "." + std::to_string(index + 1) + ".member";
}

std::string Quote(const std::string& value) { return "'" + value + "'"; }

std::string RenderKeySchema(const std::vector<KeySchemaElement>& key_schema) {
  std::string out = "[";
  for (size_t i = 0; i < key_schema.size(); ++i) {
    if (i > 0) out += ", ";
    out += "KeySchemaElement(attributeName=" + key_schema[i].attribute_name +
           ", keyType=" + key_schema[i].key_type + ")";
  }
  return out + "]";
}

std::string RenderNameList(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  return out + "]";
}

void CheckResourceName(const std::string& name, const std::string& path, ConstraintErrors* errors) {
  // DynamoDB: TableName and IndexName are 3..255 characters of [a-zA-Z0-9_.-]; the pattern
  // violation is listed before the length one.
  bool pattern_ok = !name.empty();
  for (char c : name) {
    if (!IsResourceNameChar(c)) pattern_ok = false;
  }
  if (!pattern_ok) errors->Pattern(name, path, "[a-zA-Z0-9_.-]+");
  if (name.size() < 3) errors->MinLength(Quote(name), path, 3);
  if (name.size() > 255) errors->MaxLength(Quote(name), path, 255);
}

}  // namespace ddblab::catalog
