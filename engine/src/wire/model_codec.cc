// The non-template half of model_codec.h: the service model's constraints in DynamoDB's words.
#include "wire/model_codec.h"

namespace ddblab::wire::internal::model_codec {

int64_t CharacterCount(std::string_view s) {
  int64_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;  // continuation bytes end a character
  return n;
}

std::string ConstraintProblem(const model::Constraint& c, const std::string& text,
                              std::optional<int64_t> number, std::optional<int64_t> length) {
  switch (c.kind) {
    case model::Constraint::kNone:
      return "";
    case model::Constraint::kLength:
      if (!length) return "";
      if (*length < c.min) {
        return "Member must have length greater than or equal to " + std::to_string(c.min);
      }
      if (*length > c.max) {
        return "Member must have length less than or equal to " + std::to_string(c.max);
      }
      return "";
    case model::Constraint::kRange:
      if (!number) return "";
      if (*number < c.min) {
        return "Member must have value greater than or equal to " + std::to_string(c.min);
      }
      if (*number > c.max) {
        return "Member must have value less than or equal to " + std::to_string(c.max);
      }
      return "";
    case model::Constraint::kEnum: {
      // "ENABLED|DISABLED" -> "[ENABLED, DISABLED]", DynamoDB's listing of an enum's values.
      std::string set;
      bool found = false;
      std::string_view rest = c.values;
      while (!rest.empty()) {
        size_t bar = rest.find('|');
        std::string_view one = rest.substr(0, bar);
        found = found || one == text;
        set += (set.empty() ? "" : ", ") + std::string(one);
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
      }
      return found ? "" : "Member must satisfy enum value set: [" + set + "]";
    }
  }
  return "";
}

}  // namespace ddblab::wire::internal::model_codec
