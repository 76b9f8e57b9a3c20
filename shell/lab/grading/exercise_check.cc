// `ddblab exercise check`: grades an exercise's own solutions on a range of seeds and holds each
// to what it claims (exercises/README.md, "Checking an exercise"). The verdicts come from real
// grading runs; nothing about a solution is known here beyond its folder and its .expect file.
#include "grading/exercise_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "grading/exercise_location.h"
#include "grading/grader.h"

namespace ddblab::grade {

namespace fs = std::filesystem;

namespace {

// What a wrong/<name>.expect file says (its format is documented in exercises/README.md).
struct Expectation {
  std::set<std::string> fail, skip;
  bool skip_all = false;
  std::vector<std::pair<std::string, std::string>> messages;  // check id, fragment
  std::string lose;                                           // "", "all" or a number
};

Result<Expectation> ReadExpectation(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return ValidationError("missing " + path.filename().string());
  Expectation e;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    line = line.substr(b);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    std::string word = line.substr(0, line.find(' '));
    std::string rest = word.size() < line.size() ? line.substr(word.size() + 1) : "";
    std::istringstream ids(rest);
    std::string id;
    if (word == "fail") {
      while (ids >> id) e.fail.insert(id);
    } else if (word == "skip") {
      while (ids >> id) e.skip.insert(id);
    } else if (word == "skip-all") {
      e.skip_all = true;
    } else if (word == "message") {
      size_t sp = rest.find(' ');
      if (sp == std::string::npos) {
        return ValidationError(path.filename().string() + " line " + std::to_string(n) +
                               ": message needs a check id and a fragment");
      }
      e.messages.emplace_back(rest.substr(0, sp), rest.substr(sp + 1));
    } else if (word == "lose") {
      e.lose = rest;
    } else {
      return ValidationError(path.filename().string() + " line " + std::to_string(n) +
                             ": unknown word '" + word + "' (fail, skip, skip-all, message, lose)");
    }
  }
  return e;
}

std::string Num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

// The report without its timings, for comparing two runs.
std::string Fingerprint(const Report& r) {
  wire::Json j = ReportToJson(r, true);
  j.erase("seconds");
  for (auto& c : j["checks"]) c.erase("seconds");
  return j.dump();
}

const CheckResult* FindCheck(const Report& r, const std::string& id) {
  for (const auto& c : r.checks) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

// Problems with one graded solution, given what kind it is; empty when it behaved.
std::vector<std::string> Judge(const std::string& kind, const Report& r, const Expectation* e) {
  std::vector<std::string> out;
  if (!r.error.empty()) {
    out.push_back("grader error: " + r.error);
    return out;
  }
  if (r.max_score() <= 0) out.push_back("the exercise has no points to score");
  if (kind == "starter") {
    if (r.score() != 0) out.push_back("scores " + Num(r.score()) + ", a starter must score 0");
    return out;
  }
  if (kind != "wrong") {
    for (const auto& c : r.checks) {
      if (c.status != CheckStatus::kPassed) {
        std::string first = c.message.substr(0, c.message.find('\n'));
        out.push_back(c.id + " " + std::string(CheckStatusName(c.status)) + ": " + first);
      }
    }
    return out;
  }
  if (r.score() >= r.max_score()) out.push_back("loses no points");
  for (const auto& c : r.checks) {
    CheckStatus want = CheckStatus::kPassed;
    if (e->fail.count(c.id)) {
      want = CheckStatus::kFailed;
    } else if (e->skip.count(c.id) || e->skip_all) {
      want = CheckStatus::kSkipped;
    }
    if (c.status != want) {
      std::string first = c.message.substr(0, c.message.find('\n'));
      out.push_back(c.id + " should be " + std::string(CheckStatusName(want)) + ", is " +
                    std::string(CheckStatusName(c.status)) + (first.empty() ? "" : ": " + first));
    }
  }
  for (const auto* ids : {&e->fail, &e->skip}) {
    for (const auto& id : *ids) {
      if (!FindCheck(r, id)) out.push_back("no check " + id);
    }
  }
  for (const auto& [id, fragment] : e->messages) {
    const CheckResult* c = FindCheck(r, id);
    if (c && c->message.find(fragment) == std::string::npos) {
      out.push_back(id + " message lacks '" + fragment + "'");
    }
  }
  double lost = r.max_score() - r.score();
  if (e->lose == "all") {
    if (r.score() != 0) out.push_back("scores " + Num(r.score()) + ", expected 0");
  } else if (!e->lose.empty()) {
    char* end = nullptr;
    double want = std::strtod(e->lose.c_str(), &end);
    if (end == e->lose.c_str()) {
      out.push_back("lose '" + e->lose + "' is not a number");
    } else if (std::abs(lost - want) > 1e-9) {
      out.push_back("loses " + Num(lost) + ", expected " + Num(want));
    }
  }
  return out;
}

struct Tally {
  int good = 0, seeds = 0;
  double low = 1e300, high = -1e300, max = 0;
};

}  // namespace

Result<std::vector<uint64_t>> ParseSeeds(const std::string& text) {
  std::vector<uint64_t> out;
  std::istringstream in(text);
  std::string part;
  auto number = [](const std::string& s, uint64_t* v) {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) {
      return false;
    }
    *v = std::stoull(s);
    return true;
  };
  while (std::getline(in, part, ',')) {
    size_t dots = part.find("..");
    uint64_t a = 0, b = 0;
    if (dots == std::string::npos) {
      if (!number(part, &a)) return ValidationError("bad seed '" + part + "'");
      b = a;
    } else if (!number(part.substr(0, dots), &a) || !number(part.substr(dots + 2), &b) || b < a) {
      return ValidationError("bad seed range '" + part + "' (A..B with A <= B)");
    }
    if (b - a > 10000) return ValidationError("seed range '" + part + "' is too long");
    for (uint64_t s = a; s <= b; ++s) out.push_back(s);
  }
  if (out.empty()) return ValidationError("no seeds");
  return out;
}

int CheckExercise(const CheckOptions& options, std::FILE* out) {
  std::string root = options.exercises_dir.empty() ? ExercisesDir() : options.exercises_dir;
  Result<ExerciseLocation> loc = LocateExercise(options.exercise, root);
  if (!loc.ok()) {
    std::fprintf(out, "FAIL %s\n", loc.error().message.c_str());
    return 1;
  }
  fs::path dir = loc->dir;
  std::error_code ec;
  // Every solution the folder holds, with its kind, in a stable order.
  std::vector<std::pair<std::string, std::string>> solutions;  // kind, path relative to dir
  std::vector<std::string> problems;
  for (const char* f : {"reference.ddb", "starter.ddb"}) {
    if (fs::exists(dir / f, ec)) {
      solutions.emplace_back(std::string(f) == "reference.ddb" ? "reference" : "starter", f);
    } else {
      problems.push_back(std::string("the folder has no ") + f);
    }
  }
  for (const char* sub : {"right", "wrong"}) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir / sub, ec)) {
      if (e.path().extension() == ".ddb") names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    for (const auto& n : names) solutions.emplace_back(sub, std::string(sub) + "/" + n);
  }
  std::map<std::string, Expectation> expectations;
  for (const auto& [kind, rel] : solutions) {
    if (kind != "wrong") continue;
    fs::path spec = (dir / rel).replace_extension(".expect");
    Result<Expectation> e = ReadExpectation(spec);
    if (!e.ok()) {
      problems.push_back(rel + ": " + e.error().message);
    } else {
      expectations[rel] = std::move(e.value());
    }
  }
  std::fprintf(out, "exercise %s (%s): %zu solutions, %zu seeds\n", loc->id.c_str(),
               loc->dir.c_str(), solutions.size(), options.seeds.size());
  for (const auto& p : problems) std::fprintf(out, "FAIL %s\n", p.c_str());
  bool ok = problems.empty();

  GradeOptions go;
  go.exercises_dir = root;
  std::map<std::string, Tally> tally;
  for (size_t si = 0; si < options.seeds.size(); ++si) {
    go.seed = options.seeds[si];
    for (const auto& [kind, rel] : solutions) {
      if (kind == "wrong" && !expectations.count(rel)) continue;
      std::string path = (dir / rel).string();
      Report r = GradeSolution(loc->dir, path, go);
      const Expectation* e = kind == "wrong" ? &expectations[rel] : nullptr;
      std::vector<std::string> bad = Judge(kind, r, e);
      // Grading is deterministic: the same solution on the same seed gives the same report.
      // Every solution is graded twice on the first seed, the reference on every seed.
      if (si == 0 || kind == "reference") {
        Report again = GradeSolution(loc->dir, path, go);
        if (Fingerprint(again) != Fingerprint(r)) {
          bad.push_back("two runs on this seed gave different reports");
        }
      }
      Tally& t = tally[rel];
      t.seeds++;
      t.max = r.max_score();
      t.low = std::min(t.low, r.max_score() - r.score());
      t.high = std::max(t.high, r.max_score() - r.score());
      if (bad.empty()) {
        t.good++;
        continue;
      }
      ok = false;
      std::fprintf(out, "FAIL seed %llu %s:\n", static_cast<unsigned long long>(go.seed),
                   rel.c_str());
      for (const auto& b : bad) std::fprintf(out, "       %s\n", b.c_str());
    }
  }
  std::fprintf(out, "verdicts (seeds as claimed / seeds graded, points lost):\n");
  for (const auto& [kind, rel] : solutions) {
    auto it = tally.find(rel);
    if (it == tally.end()) continue;
    const Tally& t = it->second;
    std::string lost = t.low == t.high ? Num(t.low) : Num(t.low) + ".." + Num(t.high);
    std::fprintf(out, "  %-4s %-44s %3d/%-3d loses %s of %s\n", t.good == t.seeds ? "ok" : "FAIL",
                 rel.c_str(), t.good, t.seeds, lost.c_str(), Num(t.max).c_str());
  }
  std::fprintf(out, "%s %s\n", ok ? "ok  " : "FAIL", loc->id.c_str());
  return ok ? 0 : 1;
}

}  // namespace ddblab::grade
