// The reserved-word hint (hint_rules.h). DynamoDB refuses the first reserved word it meets and
// names only that one; the hint rewrites every expression of the request with a placeholder for
// every reserved word, so one correction is enough.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "ddblab/reserved_words.h"
#include "hint_rules.h"

namespace ddblab::shell {

using wire::Json;

namespace {

// The request members that hold an expression, in the order the hint shows them.
constexpr std::string_view kExpressionMembers[] = {"KeyConditionExpression", "FilterExpression",
                                                   "ConditionExpression", "UpdateExpression",
                                                   "ProjectionExpression"};

bool IsAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// A token of an expression, read as the engine's expression lexer reads it: a word starts with a
// letter, #name and :value references keep their mark, anything else is one character.
struct Piece {
  size_t offset = 0, length = 0;
  bool word = false;  // a bare word (not a reference or a number)
};

std::vector<Piece> Pieces(std::string_view s) {
  std::vector<Piece> out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    size_t start = i++;
    bool word = IsAlpha(c);
    if (word || c == '#' || c == ':' || std::isdigit(static_cast<unsigned char>(c))) {
      while (i < s.size() && IsWordChar(s[i])) ++i;
    }
    out.push_back({start, i - start, word});
  }
  return out;
}

// The words the expression grammar itself uses; a name can never be one of them.
bool IsGrammarWord(std::string_view w) {
  std::string u(w);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const char* kw : {"AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE"}) {
    if (u == kw) return true;
  }
  return false;
}

// The bare reserved words an expression uses as attribute names (not as functions: size(x)).
std::vector<Piece> ReservedNames(std::string_view s) {
  std::vector<Piece> pieces = Pieces(s), out;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    if (!p.word) continue;
    std::string_view w = s.substr(p.offset, p.length);
    bool call = i + 1 < pieces.size() && s[pieces[i + 1].offset] == '(';
    if (!call && !IsGrammarWord(w) && IsReservedWord(w)) out.push_back(p);
  }
  return out;
}

// Placeholders for the reserved words of one request: #n for name, #s for status, longer when
// that one is taken (by the request's own names or by another word).
class Placeholders {
 public:
  explicit Placeholders(std::set<std::string> taken) : taken_(std::move(taken)) {}

  const std::string& For(const std::string& word) {
    auto it = chosen_.find(word);
    if (it != chosen_.end()) return it->second;
    std::string lower = word;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string name = "#" + lower.substr(0, 1);
    if (taken_.contains(name)) name = "#" + lower;
    for (int n = 2; taken_.contains(name); ++n) name = "#" + lower + std::to_string(n);
    taken_.insert(name);
    order_.push_back(word);
    return chosen_[word] = name;
  }
  // Word -> placeholder, in the order the words were met.
  std::vector<std::pair<std::string, std::string>> Chosen() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& w : order_) out.emplace_back(w, chosen_.at(w));
    return out;
  }

 private:
  std::set<std::string> taken_;
  std::map<std::string, std::string> chosen_;
  std::vector<std::string> order_;
};

std::string Rewrite(std::string_view s, Placeholders& placeholders) {
  std::string out;
  size_t at = 0;
  for (const Piece& p : ReservedNames(s)) {
    out += s.substr(at, p.offset - at);
    out += placeholders.For(std::string(s.substr(p.offset, p.length)));
    at = p.offset + p.length;
  }
  out += s.substr(at);
  return out;
}

// The object (the request, or one action of a transaction or batch) whose `member` expression
// uses `word` bare; null when there is none.
const Json* HolderOf(const Json& j, const std::string& member, const std::string& word,
                     int depth = 0) {
  if (depth > 8) return nullptr;
  if (j.is_object()) {
    if (j.contains(member) && j[member].is_string()) {
      std::string text = j[member].get<std::string>();
      for (const Piece& p : ReservedNames(text)) {
        if (text.substr(p.offset, p.length) == word) return &j;
      }
    }
    for (const auto& [key, value] : j.items()) {
      if (const Json* found = HolderOf(value, member, word, depth + 1)) return found;
    }
  } else if (j.is_array()) {
    for (const Json& e : j) {
      if (const Json* found = HolderOf(e, member, word, depth + 1)) return found;
    }
  }
  return nullptr;
}

// FilterExpression -> --filter-expression.
std::string OptionName(std::string_view member) {
  std::string out = "--";
  for (size_t i = 0; i < member.size(); ++i) {
    char c = member[i];
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (i > 0) out += '-';
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    out += c;
  }
  return out;
}

std::string JoinAnd(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
    out += parts[i];
  }
  return out;
}

std::string ExpressionHint(const StatementResult& r) {
  // DynamoDB: "Invalid <Kind>Expression: Attribute name is a reserved keyword; reserved
  // keyword: <word as written>".
  // A single-item write's message comes in DynamoDB's envelope ("1 validation error detected: ").
  std::string_view m = r.error.message;
  constexpr std::string_view kEnvelope = "1 validation error detected: ";
  if (m.starts_with(kEnvelope)) m.remove_prefix(kEnvelope.size());
  const std::string_view marker =
      "Expression: Attribute name is a reserved keyword; reserved "
      "keyword: ";
  size_t at = m.find(marker);
  if (!m.starts_with("Invalid ") || at == std::string_view::npos) return "";
  std::string member = std::string(m.substr(8, at - 8)) + "Expression";
  std::string word(m.substr(at + marker.size()));
  const Json* holder = HolderOf(r.request(), member, word);
  if (holder == nullptr) return "";

  const Json names = holder->value("ExpressionAttributeNames", Json::object());
  std::set<std::string> taken;
  if (names.is_object()) {
    for (const auto& [key, value] : names.items()) taken.insert(key);
  }
  std::vector<std::pair<std::string, std::string>> exprs;  // member, its text
  for (std::string_view name : kExpressionMembers) {
    std::string key(name);
    if (!holder->contains(key) || !(*holder)[key].is_string()) continue;
    std::string text = (*holder)[key].get<std::string>();
    for (const Piece& p : Pieces(text)) {
      if (text[p.offset] == '#') taken.insert(text.substr(p.offset, p.length));
    }
    exprs.emplace_back(key, std::move(text));
  }
  Placeholders placeholders(std::move(taken));
  std::vector<std::pair<std::string, std::string>> rewritten;
  for (const auto& [key, text] : exprs) {
    std::string now = Rewrite(text, placeholders);
    if (now != text) rewritten.emplace_back(key, std::move(now));
  }
  auto chosen = placeholders.Chosen();
  if (chosen.empty()) return "";

  std::vector<std::string> words, entries;
  Json added = Json::object();
  for (const auto& [w, p] : chosen) {
    words.push_back(w);
    entries.push_back(Json(p).dump() + ":" + Json(w).dump());
    added[p] = w;
  }
  bool has_names = names.is_object() && !names.empty();
  // An aws-CLI command's own members are its options; a member inside a JSON value (a
  // transaction's action) is shown as JSON.
  bool options = r.kind == InputKind::kCli && holder == &r.request();
  std::string hint = JoinAnd(words) +
                     (words.size() == 1 ? " is a reserved word" : " are reserved words") +
                     ", so an expression names " + (words.size() == 1 ? "it" : "them") +
                     " through " + (words.size() == 1 ? "a placeholder" : "placeholders") + ": ";
  std::vector<std::string> parts;
  for (const auto& [key, text] : rewritten) {
    parts.push_back(options ? OptionName(key) + " " + Json(text).dump()
                            : Json(key).dump() + ": " + Json(text).dump());
  }
  // Options follow one another as on a command line; JSON members as in an object.
  for (size_t i = 0; i < parts.size(); ++i) hint += (i == 0 ? "" : options ? " " : ", ") + parts[i];
  std::string names_member =
      options ? "--expression-attribute-names" : "\"ExpressionAttributeNames\"";
  if (has_names) {
    std::string list;
    for (const auto& e : entries) list += (list.empty() ? "" : ", ") + e;
    hint += ", and add " + list + " to " + names_member;
  } else {
    hint += options ? " " + names_member + " '" + added.dump() + "'"
                    : ", with " + names_member + ": " + added.dump();
  }
  return hint;
}

// ---- PartiQL ----

// "Unexpected keyword at L:C:N": the keyword's line, column and length.
bool KeywordPosition(const std::string& m, int* line, int* column, int* length) {
  const std::string_view marker = "Unexpected keyword at ";
  size_t at = m.find(marker);
  if (!m.starts_with("Statement wasn't well formed") || at == std::string::npos) return false;
  return std::sscanf(m.c_str() + at + marker.size(), "%d:%d:%d", line, column, length) == 3;
}

// A PartiQL keyword used bare where a name belongs (WHERE value = 1, SELECT order FROM ...):
// DynamoDB says only "Unexpected keyword"; the name in double quotes is the fix.
std::string PartiqlHint(const StatementResult& r) {
  const Json& request = r.request();
  if (!request.is_object() || !request.contains("Statement") || !request["Statement"].is_string()) {
    return "";
  }
  int line = 0, column = 0, length = 0;
  if (!KeywordPosition(r.error.message, &line, &column, &length) || line < 1 || column < 1 ||
      length < 1) {
    return "";
  }
  const std::string text = request["Statement"].get<std::string>();
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos) return "";
    ++start;
  }
  size_t offset = start + static_cast<size_t>(column - 1);
  if (offset + static_cast<size_t>(length) > text.size()) return "";
  std::string word = text.substr(offset, static_cast<size_t>(length));
  if (!IsAlpha(word[0])) return "";
  // Only where a name belongs: after a comparison, a comma, a bracket, SELECT or SET, or before
  // a comparison or the word that follows a name (IS, IN, BETWEEN).
  std::vector<Piece> pieces = Pieces(text);
  auto it = std::find_if(pieces.begin(), pieces.end(),
                         [&](const Piece& p) { return p.offset == offset; });
  if (it == pieces.end()) return "";
  auto upper = [&](const Piece& p) {
    std::string u = text.substr(p.offset, p.length);
    for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return u;
  };
  auto is_operator = [&](const Piece& p) {
    return p.length == 1 && std::string_view("=<>!,([.").find(text[p.offset]) != std::string::npos;
  };
  bool before = it != pieces.begin() && (is_operator(*(it - 1)) || upper(*(it - 1)) == "SELECT" ||
                                         upper(*(it - 1)) == "SET");
  bool after =
      it + 1 != pieces.end() &&
      ((is_operator(*(it + 1)) && text[(it + 1)->offset] != '(') || upper(*(it + 1)) == "IS" ||
       upper(*(it + 1)) == "IN" || upper(*(it + 1)) == "BETWEEN");
  if (!before && !after) return "";
  std::string quoted = "\"" + word + "\"";
  return word + " is a PartiQL keyword; an attribute named " + word +
         " is written in double quotes: " + quoted;
}

}  // namespace

std::string ReservedWordHint(const StatementResult& r) {
  if (r.ok || r.error.type != ErrorType::kValidationException) return "";
  // PartiQL's message (its own words) and the expressions' never both match.
  std::string hint = PartiqlHint(r);
  return hint.empty() ? ExpressionHint(r) : hint;
}

}  // namespace ddblab::shell
