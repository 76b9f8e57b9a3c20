// Profiling a 200k-item .import showed the JSON document (lexer, nodes, their allocations) and
// its conversion at about a quarter of the CPU; this parser skips both for plain lines.
#include "item_line_fast.h"

namespace ddblab::shell {

namespace {

class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}
  void Space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  bool Eat(char c) {
    Space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool Word(std::string_view w) {
    Space();
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  // A string of printable ASCII without escapes; anything else is for the general path.
  bool String(std::string_view* out) {
    if (!Eat('"')) return false;
    size_t start = i_;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == '"') {
        *out = s_.substr(start, i_ - start);
        ++i_;
        return true;
      }
      if (c == '\\' || c < 0x20 || c > 0x7e) return false;
      ++i_;
    }
    return false;
  }
  bool AtEnd() {
    Space();
    return i_ == s_.size();
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

// One {"T": value} with T one of S, N, BOOL, NULL.
std::optional<AttributeValue> Value(Cursor& c) {
  std::string_view type;
  if (!c.Eat('{') || !c.String(&type) || !c.Eat(':')) return std::nullopt;
  std::optional<AttributeValue> v;
  if (type == "S" || type == "N") {
    std::string_view text;
    if (!c.String(&text)) return std::nullopt;
    if (type == "S") {
      v = AttributeValue::S(std::string(text));
    } else {
      Result<Decimal> d = Decimal::Parse(text);
      if (!d.ok()) return std::nullopt;
      v = AttributeValue::N(std::move(d).value());
    }
  } else if (type == "BOOL") {
    if (c.Word("true")) {
      v = AttributeValue::Bool(true);
    } else if (c.Word("false")) {
      v = AttributeValue::Bool(false);
    } else {
      return std::nullopt;
    }
  } else if (type == "NULL") {
    if (!c.Word("true")) return std::nullopt;
    v = AttributeValue::Null();
  } else {
    return std::nullopt;
  }
  if (!c.Eat('}')) return std::nullopt;
  return v;
}

}  // namespace

std::optional<Item> ParseSimpleItemLine(std::string_view line) {
  Cursor c(line);
  std::string_view key;
  if (!c.Eat('{') || !c.String(&key) || key != "Item" || !c.Eat(':') || !c.Eat('{')) {
    return std::nullopt;
  }
  Item item;
  if (!c.Eat('}')) {
    do {
      std::string_view name;
      if (!c.String(&name) || !c.Eat(':')) return std::nullopt;
      std::optional<AttributeValue> v = Value(c);
      if (!v) return std::nullopt;
      // A repeated name: the general path decides which one counts.
      if (!item.try_emplace(std::string(name), std::move(*v)).second) return std::nullopt;
    } while (c.Eat(','));
    if (!c.Eat('}')) return std::nullopt;
  }
  if (!c.Eat('}') || !c.AtEnd()) return std::nullopt;
  if (!ValidateItem(item).ok()) return std::nullopt;
  return item;
}

}  // namespace ddblab::shell
