// "Did you mean ...?" for mistyped subcommands and options: students retype from slides and
// PDFs, where `--key-condition-expresion` or `qurey` are the usual slips.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_internal.h"

namespace ddblab::shell::cli {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> previous(b.size() + 1);
  std::vector<size_t> current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::string Suggest(std::string_view word, const std::vector<std::string>& candidates) {
  if (word.empty()) return {};
  // A truncated name (`--key-condition`) is a prefix of the one meant; several matching
  // prefixes are ambiguous, so fall through to edit distance then.
  std::string prefix_match;
  int prefix_count = 0;
  for (const std::string& c : candidates) {
    if (c.size() > word.size() && c.compare(0, word.size(), word) == 0) {
      prefix_match = c;
      ++prefix_count;
    }
  }
  if (prefix_count == 1 && word.size() >= 4) return prefix_match;

  // Allow roughly one slip per four characters, at least two.
  size_t limit = std::max<size_t>(2, word.size() / 4);
  std::string best;
  size_t best_distance = limit + 1;
  for (const std::string& c : candidates) {
    size_t d = EditDistance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace ddblab::shell::cli
