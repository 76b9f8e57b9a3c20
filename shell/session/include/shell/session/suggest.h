// "Did you mean" suggestions: the aws-CLI parser's and the REPL hints' shared word distance.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ddblab::shell::cli {

// Levenshtein distance.
size_t EditDistance(std::string_view a, std::string_view b);
// The candidate closest to `word` (a prefix match or a small edit distance), or empty.
std::string Suggest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace ddblab::shell::cli
