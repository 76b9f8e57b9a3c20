// Refilling prose to the terminal's width (wrap_text.h).
#include "shell/render/wrap_text.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <vector>

#include "display_width.h"

namespace ddblab::shell {

namespace {

// A line that keeps its own break: indented, a list or table row, or a statement to type.
bool KeepsItsBreak(std::string_view line) {
  if (line.empty()) return true;
  char c = line.front();
  if (c == ' ' || c == '\t' || c == '-' || c == '*' || c == '|' || c == '.') return true;
  for (std::string_view word : {"aws ", "SELECT ", "INSERT ", "UPDATE ", "DELETE ", "EXPLAIN "}) {
    if (line.starts_with(word)) return true;
  }
  return false;
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      if (start < text.size()) out.push_back(text.substr(start));
      break;
    }
    out.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

void Fill(const std::vector<std::string_view>& words, size_t width, std::string& out) {
  size_t used = 0;
  for (std::string_view w : words) {
    size_t cols = DisplayWidth(w);
    if (used > 0 && used + 1 + cols > width) {
      out += '\n';
      used = 0;
    }
    if (used > 0) {
      out += ' ';
      ++used;
    }
    out += w;
    used += cols;
  }
  out += '\n';
}

}  // namespace

std::string WrapProse(std::string_view text, size_t width) {
  if (width == 0) return std::string(text);
  std::string out;
  std::vector<std::string_view> words;  // of the paragraph being filled
  auto flush = [&] {
    if (!words.empty()) Fill(words, width, out);
    words.clear();
  };
  for (std::string_view line : Lines(text)) {
    if (KeepsItsBreak(line)) {
      flush();
      out += line;
      out += '\n';
      continue;
    }
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && line[i] == ' ') ++i;
      size_t b = i;
      while (i < line.size() && line[i] != ' ') ++i;
      if (i > b) words.push_back(line.substr(b, i - b));
    }
  }
  flush();
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

namespace {
std::atomic<size_t> g_set_columns{0};
}  // namespace

void SetTerminalColumns(size_t columns) { g_set_columns.store(columns); }

size_t TerminalColumns() {
  if (size_t set = g_set_columns.load(); set > 0) return set;
  struct winsize size {};
  if (isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0)
    return size.ws_col;
  return 0;
}

}  // namespace ddblab::shell
