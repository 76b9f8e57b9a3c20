// `ddblab simulate SCENARIO.lua [--seconds N] [--format text|json|svg] [--out FILE]`.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "simulation/simulate.h"

namespace ddblab::lab::simulate {
namespace {

constexpr const char* kUsage =
    "usage: ddblab simulate SCENARIO.lua [--seconds N] [--format text|json|svg] [--out FILE]\n"
    "\n"
    "Runs the scenario's clients on a virtual clock against a fresh in-memory table set with\n"
    "the throughput model on, and shows what every partition served and throttled.\n"
    "  --seconds N   virtual seconds to run (default: the scenario's `seconds`, else 60)\n"
    "  --format F    text (summary and heat map, the default), json, or svg\n"
    "  --out FILE    write there instead of standard output\n";

int Usage(const std::string& message) {
  std::cerr << "ddblab simulate: " << message << "\n" << kUsage;
  return 252;
}

}  // namespace

int RunSimulateCommand(int argc, char** argv) {
  std::string path, format = "text", out_path;
  std::optional<int64_t> seconds;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (a == "--seconds") {
      const char* v = value();
      char* end = nullptr;
      long long n = v != nullptr ? std::strtoll(v, &end, 10) : 0;
      if (v == nullptr || end == v || *end != '\0') return Usage("--seconds needs a number");
      seconds = n;
    } else if (a == "--format") {
      const char* v = value();
      if (v == nullptr ||
          (std::string(v) != "text" && std::string(v) != "json" && std::string(v) != "svg")) {
        return Usage("--format needs text, json or svg");
      }
      format = v;
    } else if (a == "--out") {
      const char* v = value();
      if (v == nullptr) return Usage("--out needs a file");
      out_path = v;
    } else if (!a.empty() && a[0] == '-') {
      return Usage("unknown option " + a);
    } else if (path.empty()) {
      path = a;
    } else {
      return Usage("unexpected argument " + a);
    }
  }
  if (path.empty()) return Usage("give a scenario file");
  auto result = Simulate(path, seconds, std::cerr);
  if (!result.ok()) {
    std::cerr << "ddblab simulate: " << path << ": " << result.error().message << "\n";
    return 1;
  }
  std::string text = format == "json"  ? RenderJson(*result)
                     : format == "svg" ? RenderSvg(*result)
                                       : RenderText(*result);
  if (out_path.empty()) {
    std::cout << text;
  } else {
    std::ofstream f(out_path, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) {
      std::cerr << "ddblab simulate: cannot write " << out_path << "\n";
      return 1;
    }
  }
  // The speed, on standard error so that the output stays the document alone.
  if (std::getenv("DDBLAB_SIMULATE_SPEED") != nullptr && result->wall_seconds > 0) {
    std::cerr << "simulated " << result->requests << " requests in " << result->wall_seconds
              << " s: "
              << static_cast<int64_t>(static_cast<double>(result->requests) / result->wall_seconds)
              << " requests per second\n";
  }
  return 0;
}

}  // namespace ddblab::lab::simulate
