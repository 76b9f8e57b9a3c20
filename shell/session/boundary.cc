// The statement-boundary rule (see boundary.h): classification, continuation and splitting.
#include "shell/session/boundary.h"

#include <array>
#include <cctype>
#include <vector>

namespace ddblab::shell {

namespace {

constexpr size_t kMaxPartiqlScanBytes = 64 * 1024;

std::string_view TrimLeft(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return s;
}

std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string FirstWord(std::string_view s) {
  s = TrimLeft(s);
  size_t end = 0;
  while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end])) && s[end] != '(' &&
         s[end] != ';') {
    ++end;
  }
  return Upper(s.substr(0, end));
}

bool IsPartiqlWord(const std::string& upper) {
  return upper == "SELECT" || upper == "INSERT" || upper == "UPDATE" || upper == "DELETE" ||
         upper == "EXISTS";
}

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// Words after which a PartiQL statement cannot end, so the next line continues it.
bool IsDanglingKeyword(const std::string& upper) {
  static constexpr std::array<std::string_view, 20> kWords = {
      "SELECT", "FROM",   "WHERE", "AND",   "OR",     "NOT",      "SET",
      "REMOVE", "INSERT", "INTO",  "VALUE", "UPDATE", "DELETE",   "BETWEEN",
      "IN",     "IS",     "ORDER", "BY",    "EXISTS", "RETURNING"};
  for (std::string_view w : kWords) {
    if (upper == w) return true;
  }
  return false;
}

// The PartiQL part of the rule: quotes, brackets, a trailing backslash, a dangling last token
// (`*soft` is set for the last one).
std::string PartiqlIncompleteReason(std::string_view s, bool* soft = nullptr) {
  // DynamoDB refuses statements over 8,192 bytes; past 64 KiB the text is taken as complete, so
  // it runs and gets that refusal, and a quote left open cannot make every later line rescan it.
  if (s.size() > kMaxPartiqlScanBytes) return "";
  char quote = 0;
  std::vector<char> open;  // the stack of open brackets ('<' for <<)
  std::string last_word;   // the last bare word outside quotes and comments
  std::string last_operator;
  std::string first_word;  // SELECT, INSERT, UPDATE, DELETE, EXISTS
  bool has_from = false, has_value = false, has_change = false, has_where = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (quote != 0) {
      if (c == quote) {
        if (i + 1 < s.size() && s[i + 1] == quote) {
          ++i;  // '' or "" inside a literal
        } else {
          quote = 0;
        }
      }
      continue;
    }
    if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {  // a comment to the end of the line
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (IsWordChar(c)) {
      size_t b = i;
      while (i + 1 < s.size() && IsWordChar(s[i + 1])) ++i;
      last_word = Upper(s.substr(b, i - b + 1));
      last_operator.clear();
      if (open.empty()) {
        if (first_word.empty()) first_word = last_word;
        has_from = has_from || last_word == "FROM";
        has_value = has_value || last_word == "VALUE";
        has_change = has_change || last_word == "SET" || last_word == "REMOVE";
        has_where = has_where || last_word == "WHERE";
      }
      continue;
    }
    last_word.clear();
    last_operator.assign(1, c);
    if (c == '\'' || c == '"') {
      quote = c;
      last_operator.clear();
    } else if (c == '{' || c == '[' || c == '(') {
      open.push_back(c);
    } else if (c == '<' && i + 1 < s.size() && s[i + 1] == '<') {
      open.push_back('<');
      ++i;
    } else if (c == '>' && i + 1 < s.size() && s[i + 1] == '>') {
      if (!open.empty()) open.pop_back();
      ++i;
      last_operator.clear();
    } else if (c == '}' || c == ']' || c == ')') {
      if (!open.empty()) open.pop_back();
      last_operator.clear();
    } else if ((c == '<' || c == '>' || c == '!') && i + 1 < s.size() &&
               (s[i + 1] == '=' || s[i + 1] == '>')) {
      last_operator += s[++i];
    } else if (c == '|' && i + 1 < s.size() && s[i + 1] == '|') {
      last_operator = "||";
      ++i;
    }
  }
  if (quote != 0) {
    return quote == '\'' ? "a ' string is still open" : "a \" name is still open";
  }
  if (!open.empty()) {
    char o = open.back();
    return o == '<' ? std::string("a << is not closed") : std::string("a ") + o + " is not closed";
  }
  std::string_view t = TrimRight(s);
  if (!t.empty() && t.back() == '\\') return "the line ends with \\";
  if (soft != nullptr) *soft = true;
  if (!last_word.empty() && IsDanglingKeyword(last_word)) return "it ends with " + last_word;
  static constexpr std::array<std::string_view, 12> kOperators = {
      "=", "<>", "!=", "<", "<=", ">", ">=", ",", ".", "+", "-", "||"};
  for (std::string_view op : kOperators) {
    if (last_operator == op) return "it ends with " + last_operator;
  }
  // A statement that lacks a clause it cannot do without is not over yet, unless `;` ends it
  // (then it runs and DynamoDB says what is missing).
  if (last_operator != ";") {
    if ((first_word == "SELECT" || first_word == "DELETE") && !has_from)
      return "it has no FROM yet";
    if (first_word == "INSERT" && !has_value) return "it has no VALUE yet";
    if (first_word == "UPDATE" && !has_change) return "it has no SET or REMOVE yet";
    if ((first_word == "UPDATE" || first_word == "DELETE") && !has_where)
      return "it has no WHERE yet";
  }
  if (soft != nullptr) *soft = false;
  return "";
}

// Words that begin a clause and never a statement: a line that starts with one continues the
// PartiQL statement above it when the text is read ahead (files, blocks, pastes).
bool StartsWithClauseKeyword(std::string_view line) {
  static constexpr std::array<std::string_view, 11> kWords = {
      "FROM", "WHERE", "AND", "OR", "ORDER", "SET", "REMOVE", "VALUE", "RETURNING", "INTO", "BY"};
  std::string w = FirstWord(line);
  for (std::string_view k : kWords) {
    if (w == k) return true;
  }
  return false;
}

}  // namespace

std::string_view InputKindName(InputKind kind) {
  switch (kind) {
    case InputKind::kEmpty:
      return "";
    case InputKind::kDot:
      return "dot";
    case InputKind::kCli:
      return "cli";
    case InputKind::kPartiql:
      return "partiql";
    case InputKind::kExplain:
      return "explain";
    case InputKind::kCall:
      return "call";
  }
  return "";
}

InputKind ClassifyInput(std::string_view input) {
  std::string_view t = TrimLeft(input);
  if (t.empty()) return InputKind::kEmpty;
  if (t.front() == '.') return InputKind::kDot;
  std::string w = FirstWord(t);
  if (w == "EXPLAIN") return InputKind::kExplain;
  if (IsPartiqlWord(w)) return InputKind::kPartiql;
  return InputKind::kCli;
}

std::string IncompleteReason(std::string_view buffer_in) {
  return IncompleteReasonOfNormalized(NormalizeLineEnds(buffer_in), nullptr);
}

std::string IncompleteReasonOfNormalized(std::string_view buffer, CliScanResume* resume) {
  switch (ClassifyInput(buffer)) {
    case InputKind::kEmpty:
    case InputKind::kDot:
    case InputKind::kCall:
      return "";
    case InputKind::kPartiql:
      return PartiqlIncompleteReason(buffer);
    case InputKind::kExplain: {
      std::string_view rest = TrimLeft(TrimLeft(buffer).substr(7));
      if (rest.empty()) return "";
      return IsPartiqlWord(FirstWord(rest)) ? PartiqlIncompleteReason(rest)
                                            : CliIncompleteReason(rest, resume);
    }
    case InputKind::kCli:
      return CliIncompleteReason(buffer, resume);
  }
  return "";
}

bool SoftlyIncomplete(std::string_view buffer_in) {
  return SoftlyIncompleteNormalized(NormalizeLineEnds(buffer_in));
}

bool SoftlyIncompleteNormalized(std::string_view text) {
  InputKind kind = ClassifyInput(text);
  if (kind == InputKind::kExplain) {
    text = TrimLeft(TrimLeft(text).substr(7));
    kind = ClassifyInput(text);
  }
  if (kind != InputKind::kPartiql) return false;
  bool soft = false;
  return !PartiqlIncompleteReason(text, &soft).empty() && soft;
}

std::string_view TrimStatement(std::string_view text) { return TrimRight(TrimLeft(text)); }

bool IsCommentLine(std::string_view line) {
  size_t i = line.find_first_not_of(" \t\r");
  if (i == std::string_view::npos) return true;
  line.remove_prefix(i);
  return line.starts_with("#") || line.starts_with("--");
}

std::string NormalizeLineEnds(std::string_view text) {
  if (text.find('\r') == std::string_view::npos) return std::string(text);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] == '\n')) continue;
    out += text[i];
  }
  return out;
}

// A complete PartiQL statement not ended by `;` waits for the next line, which continues it when
// it begins with a clause keyword.
static bool WaitsForReadAhead(std::string_view text) {
  InputKind kind = ClassifyInput(text);
  if (kind == InputKind::kExplain) {
    text = TrimLeft(TrimLeft(text).substr(7));
    kind = ClassifyInput(text);
  }
  if (kind != InputKind::kPartiql) return false;
  std::string_view t = TrimRight(text);
  return !t.empty() && t.back() != ';';
}

std::vector<StatementText> StatementAssembler::Feed(std::string_view line) {
  ++line_no_;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (until_semicolon_) return FeedUntilSemicolon(line);
  std::vector<StatementText> done;
  if (held_) {
    if (StartsWithClauseKeyword(line)) {
      current_ = std::move(*held_);
      held_.reset();
      open_ = true;
      current_.text += "\n";
      current_.text += line;
      return Settle(std::move(done));
    }
    done.push_back(std::move(*held_));
    held_.reset();
  }
  if (open_ && SoftlyIncompleteNormalized(current_.text)) {
    // A blank line or a dot-command cuts a softly incomplete statement short.
    std::string_view t = line.substr(std::min(line.size(), line.find_first_not_of(" \t")));
    if (t.empty() || t.front() == '.') {
      if (auto cut = Finish()) done.push_back(std::move(*cut));
    }
  }
  if (!open_) {
    if (IsCommentLine(line)) return done;
    current_ = StatementText{std::string(line), line_no_, true};
    open_ = true;
    scan_ = CliScanResume{};
  } else {
    current_.text += "\n";
    current_.text += line;
  }
  return Settle(std::move(done));
}

std::vector<StatementText> StatementAssembler::Settle(std::vector<StatementText> done) {
  if (!IncompleteReasonOfNormalized(current_.text, &scan_).empty()) return done;
  open_ = false;
  if (read_ahead_ && WaitsForReadAhead(current_.text)) {
    held_ = std::move(current_);
    return done;
  }
  done.push_back(std::move(current_));
  return done;
}

std::vector<StatementText> StatementAssembler::FeedUntilSemicolon(std::string_view line) {
  std::string_view t = TrimLeft(line);
  if (IsCommentLine(line)) return {};
  if (t.front() == '.') return {StatementText{std::string(t), line_no_, true}};
  current_.text += "\n";
  current_.text += line;
  std::string_view text = TrimRight(current_.text);
  if (text.back() != ';' || !IncompleteReasonOfNormalized(current_.text, &scan_).empty()) return {};
  open_ = false;
  until_semicolon_ = false;
  return {std::move(current_)};
}

std::optional<StatementText> StatementAssembler::ReleaseTyped() {
  if (!held_) return std::nullopt;
  // Lines joined only by a trailing `\` were joined on purpose: the line without one ends it,
  // as it ends an aws-CLI command.
  bool joined_by_backslash = true;
  for (size_t nl = held_->text.find('\n'); nl != std::string::npos;
       nl = held_->text.find('\n', nl + 1)) {
    if (!TrimRight(std::string_view(held_->text).substr(0, nl)).ends_with('\\')) {
      joined_by_backslash = false;
      break;
    }
  }
  if (joined_by_backslash) return ReleaseHeld();
  current_ = std::move(*held_);
  held_.reset();
  open_ = true;
  until_semicolon_ = true;
  return std::nullopt;
}

std::optional<StatementText> StatementAssembler::ReleaseHeld() {
  std::optional<StatementText> out = std::move(held_);
  held_.reset();
  return out;
}

std::optional<StatementText> StatementAssembler::Finish() {
  if (held_) return ReleaseHeld();
  if (!open_) return std::nullopt;
  open_ = false;
  until_semicolon_ = false;
  current_.complete = false;
  return std::move(current_);
}

std::vector<StatementText> SplitStatements(std::string_view text) {
  std::vector<StatementText> out;
  StatementAssembler assembler;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    for (auto& s : assembler.Feed(text.substr(pos, nl - pos))) out.push_back(std::move(s));
    pos = nl + 1;
  }
  if (auto s = assembler.Finish()) out.push_back(std::move(*s));
  return out;
}

std::string PartiqlWireText(std::string_view statement) {
  std::string s(TrimRight(TrimLeft(statement)));
  while (!s.empty() && s.back() == ';') {
    s.pop_back();
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  }
  std::string out;
  if (s.find("\\\n") == std::string::npos) {
    out = std::move(s);  // one line: nothing to join
  } else {
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
        out += ' ';
        ++i;
      } else {
        out += s[i];
      }
    }
  }
  // A trailing backslash that continued into nothing is not part of the statement.
  while (!out.empty() &&
         (out.back() == '\\' || std::isspace(static_cast<unsigned char>(out.back()))))
    out.pop_back();
  return out;
}

}  // namespace ddblab::shell
