// "1 item", "2 items": counts in shell messages agree with their noun.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ddblab::shell {

// `n` and the noun, plural unless n is 1 ("0 items", "1 item"); `many` defaults to noun + "s".
inline std::string Counted(int64_t n, std::string_view one, std::string_view many = {}) {
  std::string word(n == 1 ? one : many.empty() ? std::string(one) + "s" : std::string(many));
  return std::to_string(n) + " " + word;
}

}  // namespace ddblab::shell
