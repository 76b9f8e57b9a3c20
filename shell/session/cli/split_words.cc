// POSIX-shell word splitting for pasted `aws dynamodb ...` commands, so that quoting works exactly
// as it did in the terminal the course notes were written for.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_internal.h"
#include "shell/session/cli.h"

namespace ddblab::shell {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Characters a backslash escapes inside double quotes (POSIX 2.2.3); before any other
// character the backslash stays.
bool EscapableInDoubleQuotes(char c) {
  return c == '$' || c == '`' || c == '"' || c == '\\' || c == '\n';
}

}  // namespace

Result<std::vector<std::string>> SplitWords(std::string_view text) {
  std::vector<std::string> words;
  words.reserve(8);  // an everyday command's words, without regrowing
  std::string word;
  bool in_word = false;
  size_t i = 0;
  const size_t n = text.size();
  while (i < n) {
    char c = text[i];
    if (IsBlank(c)) {
      if (in_word) {
        words.push_back(std::move(word));
        word.clear();
        in_word = false;
      }
      ++i;
    } else if (c == '#' && !in_word) {
      // A comment runs to the end of the line, as in sh.
      while (i < n && text[i] != '\n') ++i;
    } else if (c == '\\') {
      if (i + 1 >= n) {
        // A lone trailing backslash: keep it literally (sh would wait for more input).
        word.push_back('\\');
        in_word = true;
        ++i;
      } else if (text[i + 1] == '\n') {
        i += 2;  // line continuation
      } else if (text[i + 1] == '\r' && i + 2 < n && text[i + 2] == '\n') {
        i += 3;  // line continuation pasted with Windows line ends
      } else {
        word.push_back(text[i + 1]);
        in_word = true;
        i += 2;
      }
    } else if (c == '\'') {
      size_t close = text.find('\'', i + 1);
      if (close == std::string_view::npos) {
        return cli::CliError("unexpected EOF while looking for matching `''");
      }
      word.append(text.substr(i + 1, close - i - 1));
      in_word = true;
      i = close + 1;
    } else if (c == '"') {
      size_t j = i + 1;
      bool closed = false;
      while (j < n) {
        char d = text[j];
        if (d == '"') {
          closed = true;
          break;
        }
        if (d == '\\' && j + 1 < n && EscapableInDoubleQuotes(text[j + 1])) {
          if (text[j + 1] != '\n') word.push_back(text[j + 1]);
          j += 2;
          continue;
        }
        word.push_back(d);
        ++j;
      }
      if (!closed) return cli::CliError("unexpected EOF while looking for matching `\"'");
      in_word = true;
      i = j + 1;
    } else {
      // A run of plain characters goes in at once ('#' inside a word is plain).
      size_t j = i + 1;
      while (j < n && !IsBlank(text[j]) && text[j] != '\\' && text[j] != '\'' && text[j] != '"') {
        ++j;
      }
      word.append(text.substr(i, j - i));
      in_word = true;
      i = j;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

std::string CliIncompleteReason(std::string_view text) {
  return CliIncompleteReason(text, nullptr);
}

// One pass, one character at a time, so that the state at any point is a handful of values: the
// statement assembler keeps the state at the start of the last line and, when the next line
// arrives, rescans only from there (100,000 continuation lines cost one pass, not 100,000).
std::string CliIncompleteReason(std::string_view text, CliScanResume* resume) {
  CliScanResume st = resume != nullptr ? *resume : CliScanResume{};
  const size_t n = text.size();
  size_t i = std::min(st.pos, n);
  while (i < n) {
    if (resume != nullptr && i > 0 && text[i - 1] == '\n') {
      st.pos = i;
      *resume = st;
    }
    char c = text[i];
    if (st.quote == '\'') {
      if (c == '\'') st.quote = 0;
      ++i;
    } else if (st.quote == '"') {
      if (c == '"') {
        st.quote = 0;
        ++i;
      } else {
        i += (c == '\\' && i + 1 < n) ? 2 : 1;
      }
    } else if (IsBlank(c)) {
      st.in_word = false;
      ++i;
    } else if (c == '#' && !st.in_word) {
      while (i < n && text[i] != '\n') ++i;
    } else if (c == '\\') {
      // A trailing backslash, also when the line's own newline was kept.
      std::string_view rest = text.substr(i + 1);
      if (rest.empty() || rest == "\n" || rest == "\r" || rest == "\r\n") {
        return "the line ends with \\";
      }
      st.in_word = true;
      i += 2;
    } else if (c == '\'' || c == '"') {
      st.quote = c;
      st.in_word = true;
      ++i;
    } else {
      if (c == '{' || c == '[') {
        if (st.depth == 0) st.open_bracket = c;
        ++st.depth;
      }
      if (c == '}' || c == ']') --st.depth;
      st.in_word = true;
      ++i;
    }
  }
  if (st.quote == '\'') return "a ' quote is still open";
  if (st.quote == '"') return "a \" quote is still open";
  if (st.depth > 0) return std::string("a ") + st.open_bracket + " is not closed";
  return "";
}

bool NeedsContinuation(std::string_view text) { return !CliIncompleteReason(text).empty(); }

}  // namespace ddblab::shell
