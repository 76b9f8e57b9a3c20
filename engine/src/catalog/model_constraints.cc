// The non-template half of model_constraints.h: each constraint kind in DynamoDB's words.
#include "catalog/model_constraints.h"

namespace ddblab::catalog {
namespace {

// Characters of UTF-8 text, as DynamoDB counts a length constraint: continuation bytes do not
// start one.
int64_t CharacterCount(std::string_view s) {
  int64_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// DynamoDB's text for a length or range constraint `n` breaks, or empty. `what` is "length" or
// "value".
std::string BoundsProblem(const model::Constraint& c, int64_t n, const char* what) {
  if (n < c.min) {
    return std::string("Member must have ") + what + " greater than or equal to " +
           std::to_string(c.min);
  }
  if (n > c.max) {
    return std::string("Member must have ") + what + " less than or equal to " +
           std::to_string(c.max);
  }
  return "";
}

// "ENABLED|DISABLED" -> "[ENABLED, DISABLED]" when `value` is none of them, DynamoDB's listing of
// an enum's values; empty when it is one.
std::string EnumProblem(std::string_view values, const std::string& value) {
  std::string set;
  bool found = false;
  std::string_view rest = values;
  while (!rest.empty()) {
    size_t bar = rest.find('|');
    std::string_view one = rest.substr(0, bar);
    found = found || one == value;
    set += (set.empty() ? "" : ", ") + std::string(one);
    rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
  }
  return found ? "" : "Member must satisfy enum value set: [" + set + "]";
}

}  // namespace

bool Satisfies(const model::Constraint& c, std::string_view value) {
  switch (c.kind) {
    case model::Constraint::kLength: {
      const int64_t n = CharacterCount(value);
      return n >= c.min && n <= c.max;
    }
    case model::Constraint::kEnum: {
      std::string_view rest = c.values;
      while (true) {
        const size_t bar = rest.find('|');
        if (rest.substr(0, bar) == value) return true;
        if (bar == std::string_view::npos) return false;
        rest.remove_prefix(bar + 1);
      }
    }
    case model::Constraint::kTableName:
      // A plain resource name (3..255 of [a-zA-Z0-9_.-]) breaks no rule at any path; anything
      // else (an ARN, an empty or odd name) is for CheckTableName to judge.
      if (value.size() < 3 || value.size() > 255) return false;
      for (char ch : value) {
        if (!IsResourceNameChar(ch)) return false;
      }
      return true;
    case model::Constraint::kNone:
    case model::Constraint::kRange:
    case model::Constraint::kRangeAsSent:
    case model::Constraint::kListLength:
    case model::Constraint::kListLengthUnechoed:
      return true;
  }
  return false;
}

void CheckConstraint(const model::Constraint& c, const std::string& value, const std::string& path,
                     ConstraintErrors* errors) {
  std::string problem;
  switch (c.kind) {
    case model::Constraint::kLength:
      problem = BoundsProblem(c, CharacterCount(value), "length");
      break;
    case model::Constraint::kEnum:
      problem = EnumProblem(c.values, value);
      break;
    case model::Constraint::kTableName:
      CheckTableName(value, path, errors);
      return;
    case model::Constraint::kNone:
    case model::Constraint::kRange:
    case model::Constraint::kRangeAsSent:
    case model::Constraint::kListLength:
    case model::Constraint::kListLengthUnechoed:
      return;
  }
  if (!problem.empty()) errors->Add(Quote(value), path, problem);
}

void CheckListLength(const model::Constraint& c, size_t count, const std::string& path,
                     ConstraintErrors* errors) {
  if (c.kind != model::Constraint::kListLength &&
      c.kind != model::Constraint::kListLengthUnechoed) {
    return;
  }
  const std::string problem = BoundsProblem(c, static_cast<int64_t>(count), "length");
  if (problem.empty()) return;
  // Captured from DynamoDB: an empty list reads '[]', a longer one is left out of the message.
  const bool echo = c.kind == model::Constraint::kListLength && count == 0;
  errors->Add(echo ? "'[]'" : "", path, problem);
}

void CheckConstraint(const model::Constraint& c, int64_t value, const std::string& path,
                     ConstraintErrors* errors) {
  if (c.kind != model::Constraint::kRange && c.kind != model::Constraint::kRangeAsSent) return;
  std::string problem = BoundsProblem(c, value, "value");
  if (problem.empty()) return;
  if (c.kind == model::Constraint::kRange) {
    errors->Add(Quote(std::to_string(value)), path, problem);
    return;
  }
  // The member's own name: the path's last step with its first letter capitalised again.
  std::string named = path;
  const size_t last = named.rfind('.') == std::string::npos ? 0 : named.rfind('.') + 1;
  if (last < named.size() && named[last] >= 'a' && named[last] <= 'z') named[last] -= 'a' - 'A';
  errors->Add("", named, problem);
}

}  // namespace ddblab::catalog
