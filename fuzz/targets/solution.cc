// The graded-solution format: blocks, placeholders and the statement-boundary rule. Invariant:
// every statement of every block is a piece of the input, never a crash.
#include "lab/grading/solution.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  ddblab::grade::Solution s = ddblab::grade::ParseSolution(text, "fuzz.ddb");
  std::map<std::string, std::string> params = {{"id", "x"}, {"n", "1"}};
  for (const auto& b : s.blocks) {
    for (const auto& st : b.statements) {
      if (st.text.size() > text.size()) std::abort();
      (void)ddblab::grade::FillPlaceholders(st.text, params);
    }
  }
  return 0;
}
