// The aws CLI shorthand syntax (https://docs.aws.amazon.com/cli/latest/userguide/
// cli-usage-shorthand.html), with the grammar and error messages of awscli/shorthand.py so that a
// value the CLI accepts parses here to the same JSON, and one it rejects fails the same way.
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_set>

#include "cli/cli_internal.h"

namespace ddblab::shell::cli {
namespace {

using wire::Json;

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// First character of an unquoted value: anything printable except space " ' , = [ {.
bool IsStartChar(unsigned char c) {
  if (c >= 0x80) return true;
  if (c <= 0x20 || c == 0x7F) return false;
  return c != '"' && c != '\'' && c != ',' && c != '=' && c != '[' && c != '{';
}

// Later characters of a value in key=value position (and in explicit lists and hash literals):
// whitespace allowed, but not " ' , ] }. '=' is allowed, so `Key=a=b` is "a=b".
bool IsFirstFollowChar(unsigned char c) {
  if (c >= 0x80) return true;
  if (IsSpace(static_cast<char>(c))) return true;
  if (c < 0x20 || c == 0x7F) return false;
  return c != '"' && c != '\'' && c != ',' && c != ']' && c != '}';
}

// Later characters of the 2nd, 3rd, ... value of a csv list: not '=' (so that `a=b,c=d` backs
// off at 'c' and reads c as the next key), but ']' and '}' are fine.
bool IsSecondFollowChar(unsigned char c) {
  if (c >= 0x80) return true;
  if (IsSpace(static_cast<char>(c))) return true;
  if (c < 0x20 || c == 0x7F) return false;
  return c != '"' && c != '\'' && c != ',' && c != '=';
}

bool IsKeyChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
         c == '#' || c == '/' || c == ':';
}

std::string RStrip(std::string s) {
  while (!s.empty() && IsSpace(s.back())) s.pop_back();
  return s;
}

// Thrown only inside this file and caught in ParseShorthand: the grammar backtracks on syntax
// errors exactly where awscli/shorthand.py does, which is simplest to mirror with an exception.
struct SyntaxError {
  std::string message;
};

class ShorthandParser {
 public:
  ShorthandParser(std::string_view input, const FileAccess& files) : in_(input), files_(files) {}

  Json Parameter() {
    Json params = Json::object();
    auto [key, value] = KeyVal();
    std::unordered_set<std::string> seen{key};
    wire::AppendMember(params, std::move(key), std::move(value));
    size_t last_index = i_;
    while (i_ < in_.size()) {
      Expect(',', true);
      auto [next_key, next_value] = KeyVal();
      if (!seen.insert(next_key).second) {
        throw SyntaxError{"Second instance of key \"" + next_key + "\" encountered for input:\n" +
                          ErrorLocation(last_index + 1) +
                          "\nThis is often because there is a preceding \",\" instead of a "
                          "space."};
      }
      wire::AppendMember(params, std::move(next_key), std::move(next_value));
      last_index = i_;
    }
    return params;
  }

 private:
  std::pair<std::string, Json> KeyVal() {
    std::string key = Key();
    bool from_file = false;
    if (Current() == '@' && i_ + 1 < in_.size() && in_[i_ + 1] == '=') {
      from_file = true;
      ++i_;
    }
    Expect('=', true);
    Json value = Values();
    if (from_file && value.is_string()) value = LoadFile(value.get<std::string>());
    return {key, std::move(value)};
  }

  // `key@=path` reads the file whether or not the path has a file:// prefix.
  Json LoadFile(const std::string& spec) {
    std::string value = IsParamFileValue(spec) ? spec : "file://" + spec;
    auto text = ReadParamFile(files_, value);
    if (!text.ok()) throw SyntaxError{text.error().message};
    return std::move(text).value();
  }

  std::string Key() {
    size_t start = i_;
    while (i_ < in_.size() && IsKeyChar(in_[i_])) ++i_;
    return std::string(in_.substr(start, i_ - start));
  }

  Json Values() {
    if (AtEof()) return "";
    if (Current() == '[') return ExplicitList();
    if (Current() == '{') return HashLiteral();
    return CsvValue();
  }

  Json CsvValue() {
    std::string first = FirstValue();
    ConsumeWhitespace();
    if (AtEof() || in_[i_] != ',') return first;
    Expect(',', true);
    Json list = Json::array({first});
    while (true) {
      try {
        std::string current = SecondValue();
        ConsumeWhitespace();
        if (AtEof()) {
          list.push_back(current);
          break;
        }
        Expect(',', true);
        list.push_back(current);
      } catch (const SyntaxError&) {
        if (AtEof()) throw;
        BacktrackTo(',');
        break;
      }
    }
    if (list.size() == 1) return first;
    return list;
  }

  // An unquoted value; `\,` is an escaped comma.
  std::string ScanValue(bool (*follow)(unsigned char)) {
    std::string out;
    size_t j = i_;
    bool first = true;
    while (j < in_.size()) {
      if (in_[j] == '\\' && j + 1 < in_.size() && in_[j + 1] == ',') {
        out.push_back(',');
        j += 2;
      } else if (first ? IsStartChar(static_cast<unsigned char>(in_[j]))
                       : follow(static_cast<unsigned char>(in_[j]))) {
        out.push_back(in_[j]);
        ++j;
      } else {
        break;
      }
      first = false;
    }
    if (j == i_) return {};
    i_ = j;
    return RStrip(std::move(out));
  }

  Json ExplicitList() {
    Expect('[', true);
    Json values = Json::array();
    while (Current() != ']') {
      values.push_back(ExplicitValues());
      ConsumeWhitespace();
      if (Current() != ']') {
        Expect(',');
        ConsumeWhitespace();
      }
    }
    Expect(']');
    return values;
  }

  Json ExplicitValues() {
    if (Current() != '[' && Current() != '{') return FirstValue();
    // Every level is a C++ frame here and in each later walk of the value: stop where Python's
    // own recursion limit would.
    if (depth_ >= 1000) throw SyntaxError{"Nesting deeper than 1000 levels"};
    ++depth_;
    Json v = Current() == '[' ? ExplicitList() : HashLiteral();
    --depth_;
    return v;
  }

  Json HashLiteral() {
    Expect('{', true);
    Json members = Json::object();
    std::unordered_set<std::string> seen;
    while (Current() != '}') {
      std::string key = Key();
      Expect('=', true);
      Json v = ExplicitValues();
      ConsumeWhitespace();
      if (Current() != '}') {
        Expect(',');
        ConsumeWhitespace();
      }
      if (seen.insert(key).second) {
        wire::AppendMember(members, std::move(key), std::move(v));
      } else {
        members[key] = std::move(v);  // a repeated key: the last value wins
      }
    }
    Expect('}');
    return members;
  }

  std::string FirstValue() {
    if (Current() == '\'') return Quoted('\'', "singled quoted");
    if (Current() == '"') return Quoted('"', "double quoted");
    if (AtEof()) return {};
    return ScanValue(&IsFirstFollowChar);
  }

  std::string SecondValue() {
    if (Current() == '\'') return Quoted('\'', "singled quoted");
    if (Current() == '"') return Quoted('"', "double quoted");
    if (AtEof() || !IsStartChar(static_cast<unsigned char>(in_[i_]))) {
      if (!(in_.substr(i_, 2) == "\\,")) Fail("<second>", "<none>", i_);
    }
    return ScanValue(&IsSecondFollowChar);
  }

  // A quoted value: inside, \<quote> is the quote and \\ a backslash.
  std::string Quoted(char quote, std::string_view name) {
    size_t j = i_ + 1;
    while (j < in_.size() && in_[j] != quote) {
      if (in_[j] == '\\' && j + 1 < in_.size() && (in_[j + 1] == '\\' || in_[j + 1] == quote)) {
        j += 2;
      } else {
        ++j;
      }
    }
    if (j >= in_.size()) Fail("<" + std::string(name) + ">", "<none>", i_);
    std::string raw(in_.substr(i_ + 1, j - i_ - 1));
    i_ = j + 1;
    std::string out;
    for (size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == quote || raw[k + 1] == '\\')) {
        out.push_back(raw[k + 1]);
        ++k;
      } else {
        out.push_back(raw[k]);
      }
    }
    return out;
  }

  void Expect(char c, bool consume_whitespace = false) {
    if (consume_whitespace) ConsumeWhitespace();
    if (AtEof()) Fail(std::string(1, c), "EOF", i_);
    if (in_[i_] != c) Fail(std::string(1, c), std::string(1, in_[i_]), i_);
    ++i_;
    if (consume_whitespace) ConsumeWhitespace();
  }

  [[noreturn]] void Fail(const std::string& expected, const std::string& actual, size_t index) {
    throw SyntaxError{"Expected: '" + expected + "', received: '" + actual + "' for input:\n" +
                      ErrorLocation(index)};
  }

  // The input with a caret under `index`, on the line where it falls.
  std::string ErrorLocation(size_t index) const {
    std::string consumed(in_);
    std::string remaining;
    size_t spaces = index;
    size_t last_newline = in_.substr(0, index).rfind('\n');
    if (last_newline != std::string_view::npos) spaces = index - last_newline - 1;
    size_t next_newline = in_.find('\n', index);
    if (next_newline != std::string_view::npos) {
      consumed = std::string(in_.substr(0, next_newline));
      remaining = std::string(in_.substr(next_newline));
    }
    return consumed + "\n" + std::string(spaces, ' ') + "^" + remaining;
  }

  char Current() const { return i_ < in_.size() ? in_[i_] : '\0'; }
  bool AtEof() const { return i_ >= in_.size(); }
  void ConsumeWhitespace() {
    while (i_ < in_.size() && IsSpace(in_[i_])) ++i_;
  }
  void BacktrackTo(char c) {
    while (i_ > 0 && (i_ >= in_.size() || in_[i_] != c)) --i_;
  }

  std::string_view in_;
  const FileAccess& files_;
  size_t i_ = 0;
  int depth_ = 0;
};

// ---- Model types (the aws CLI's BackCompatVisitor, for the members shorthand can reach) ----

const std::set<std::string, std::less<>>& IntegerMembers() {
  static const std::set<std::string, std::less<>> k = {"ReadCapacityUnits",
                                                       "WriteCapacityUnits",
                                                       "MaxReadRequestUnits",
                                                       "MaxWriteRequestUnits",
                                                       "ReadUnitsPerSecond",
                                                       "WriteUnitsPerSecond",
                                                       "Limit",
                                                       "Segment",
                                                       "TotalSegments"};
  return k;
}

const std::set<std::string, std::less<>>& BooleanMembers() {
  static const std::set<std::string, std::less<>> k = {
      "StreamEnabled",  "Enabled",          "DeletionProtectionEnabled",
      "ConsistentRead", "ScanIndexForward", "PointInTimeRecoveryEnabled",
      "Exists"};
  return k;
}

// Members whose model type is a list: a single shorthand value becomes a one-element list.
const std::set<std::string, std::less<>>& ListMembers() {
  static const std::set<std::string, std::less<>> k = {"NonKeyAttributes",
                                                       "AttributesToGet",
                                                       "KeySchema",
                                                       "AttributeDefinitions",
                                                       "GlobalSecondaryIndexes",
                                                       "LocalSecondaryIndexes",
                                                       "Tags",
                                                       "Keys",
                                                       "ReplicaUpdates",
                                                       "GlobalSecondaryIndexUpdates",
                                                       "TransactItems",
                                                       "Statements",
                                                       "TransactStatements",
                                                       "Parameters",
                                                       "ReplicationGroup"};
  return k;
}

Status ToInteger(Json& v) {
  if (!v.is_string()) return OkStatus();
  const std::string s = v.get<std::string>();
  // Python's int() accepts surrounding whitespace, a sign and digits (with underscores).
  size_t b = 0;
  size_t e = s.size();
  while (b < e && IsSpace(s[b])) ++b;
  while (e > b && IsSpace(s[e - 1])) --e;
  std::string body = s.substr(b, e - b);
  bool ok = !body.empty();
  size_t start = (ok && (body[0] == '-' || body[0] == '+')) ? 1 : 0;
  if (start == body.size()) ok = false;
  for (size_t k = start; ok && k < body.size(); ++k) {
    if (!std::isdigit(static_cast<unsigned char>(body[k]))) ok = false;
  }
  errno = 0;
  long long n = ok ? std::strtoll(body.c_str(), nullptr, 10) : 0;
  if (!ok || errno == ERANGE) {
    return ValidationError("invalid literal for int() with base 10: '" + s + "'");
  }
  v = static_cast<int64_t>(n);
  return OkStatus();
}

void ToBoolean(Json& v) {
  if (!v.is_string()) return;
  std::string lower = v.get<std::string>();
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Like the CLI, only true/false convert; anything else is left for validation to reject.
  if (lower == "true") v = true;
  if (lower == "false") v = false;
}

void ApplyAttributeValue(Json& v);

Status ApplyGeneric(Json& v) {
  if (v.is_array()) {
    for (auto& element : v) DDB_TRY(ApplyGeneric(element));
    return OkStatus();
  }
  if (!v.is_object()) return OkStatus();
  for (auto& [key, member] : v.items()) {
    if (IntegerMembers().contains(key) ||
        ModelledMembersOfKind(OptionKind::kInteger).contains(key)) {
      DDB_TRY(ToInteger(member));
    } else if (BooleanMembers().contains(key) ||
               ModelledMembersOfKind(OptionKind::kFlag).contains(key)) {
      ToBoolean(member);
    } else if (key == "AttributeValueList") {
      // Legacy conditions (--key-conditions, --query-filter, --scan-filter, --expected): a list
      // of AttributeValues.
      if (!member.is_array()) member = Json::array({member});
      for (auto& element : member) ApplyAttributeValue(element);
    } else if (key == "Value" && member.is_object()) {
      // --expected and --attribute-updates: one AttributeValue (a Tag's Value is a string).
      ApplyAttributeValue(member);
    } else {
      if (ListMembers().contains(key) && !member.is_array()) member = Json::array({member});
      DDB_TRY(ApplyGeneric(member));
    }
  }
  return OkStatus();
}

void ApplyAttributeValue(Json& v);

void ApplyAttributeMap(Json& v) {
  if (!v.is_object()) return;
  for (auto& [name, value] : v.items()) ApplyAttributeValue(value);
}

void ApplyAttributeValue(Json& v) {
  if (!v.is_object()) return;
  for (auto& [type, member] : v.items()) {
    if (type == "BOOL" || type == "NULL") {
      ToBoolean(member);
    } else if (type == "SS" || type == "NS" || type == "BS") {
      if (!member.is_array()) member = Json::array({member});
    } else if (type == "L") {
      if (!member.is_array()) member = Json::array({member});
      for (auto& element : member) ApplyAttributeValue(element);
    } else if (type == "M") {
      ApplyAttributeMap(member);
    }
  }
}

}  // namespace

Result<wire::Json> ParseShorthand(std::string_view text, const FileAccess& files) {
  ShorthandParser parser(text, files);
  try {
    return parser.Parameter();
  } catch (const SyntaxError& e) {
    return ValidationError(e.message);
  }
}

Status ApplyShorthandModel(wire::Json& value, ShorthandModel model) {
  switch (model) {
    case ShorthandModel::kGeneric:
      return ApplyGeneric(value);
    case ShorthandModel::kAttributeMap:
      ApplyAttributeMap(value);
      return OkStatus();
    case ShorthandModel::kAttributeValue:
      ApplyAttributeValue(value);
      return OkStatus();
    case ShorthandModel::kStringMap:
      return OkStatus();
  }
  return OkStatus();
}

}  // namespace ddblab::shell::cli
