// The driver for fuzz targets built without libFuzzer (the regular gcc builds, so CI runs every
// target under AddressSanitizer and UndefinedBehaviorSanitizer): replays each corpus file, then
// mutates corpus entries at random until -max_total_time seconds have passed. The flags and the
// corpus-folder arguments are libFuzzer's, so `scripts/fuzz` and CTest call both builds alike.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<std::string> LoadCorpus(const std::vector<std::string>& dirs) {
  std::vector<std::string> corpus;
  for (const auto& d : dirs) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(d, ec), end; !ec && it != end; it.increment(ec)) {
      if (!it->is_regular_file()) continue;
      std::ifstream in(it->path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      corpus.push_back(ss.str());
    }
  }
  return corpus;
}

void Run(const std::string& input) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
}

std::string Mutate(std::string s, const std::vector<std::string>& corpus, std::mt19937_64& rng) {
  auto pick = [&](size_t n) { return n == 0 ? size_t{0} : static_cast<size_t>(rng() % n); };
  int steps = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < steps; ++k) {
    switch (rng() % 6) {
      case 0:  // flip a bit
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1 << (rng() % 8));
        break;
      case 1:  // insert a byte, often a structural one
        s.insert(s.begin() + static_cast<ptrdiff_t>(pick(s.size() + 1)),
                 "{}[]()'\"\\,:=.#-\n 0aZ\x00\xff"[pick(20)]);
        break;
      case 2:  // delete a run
        if (!s.empty()) {
          size_t at = pick(s.size());
          s.erase(at, 1 + pick(std::min<size_t>(8, s.size() - at)));
        }
        break;
      case 3:  // repeat a run (nesting, long tokens)
        if (!s.empty()) {
          size_t at = pick(s.size());
          size_t len = 1 + pick(std::min<size_t>(16, s.size() - at));
          std::string run = s.substr(at, len);
          size_t times = 1 + pick(64);
          std::string rep;
          for (size_t i = 0; i < times; ++i) rep += run;
          s.insert(at, rep);
        }
        break;
      case 4:  // splice with another entry
        if (!corpus.empty()) {
          const std::string& o = corpus[pick(corpus.size())];
          s = s.substr(0, pick(s.size() + 1)) + o.substr(pick(o.size() + 1));
        }
        break;
      default:  // overwrite a byte
        if (!s.empty()) s[pick(s.size())] = static_cast<char>(rng());
        break;
    }
  }
  if (s.size() > 64 * 1024) s.resize(64 * 1024);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 0;
  uint64_t seed = 1;
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("-max_total_time=", 0) == 0) {
      seconds = std::stod(a.substr(16));
    } else if (a.rfind("-seed=", 0) == 0) {
      seed = std::stoull(a.substr(6));
    } else if (!a.empty() && a[0] == '-') {
      continue;  // other libFuzzer flags mean nothing here
    } else {
      dirs.push_back(a);
    }
  }
  std::vector<std::string> corpus = LoadCorpus(dirs);
  for (const auto& c : corpus) Run(c);
  std::mt19937_64 rng(seed);
  uint64_t runs = corpus.size();
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (seconds > 0 && std::chrono::steady_clock::now() < until) {
    std::string base = corpus.empty() ? std::string() : corpus[rng() % corpus.size()];
    Run(Mutate(base, corpus, rng));
    ++runs;
  }
  std::printf("%s: %llu inputs (%zu from the corpus), no crash\n", argv[0],
              static_cast<unsigned long long>(runs), corpus.size());
  return 0;
}
