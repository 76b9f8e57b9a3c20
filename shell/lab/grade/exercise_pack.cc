#include "grade/exercise_pack.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "grade/exercise_location.h"
#include "grade/grader.h"
#include "grade/zip_writer.h"

namespace ddblab::grade {

namespace fs = std::filesystem;

namespace {

Result<std::string> ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ValidationError("cannot read " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The exercise's own files, under `prefix`: what grading needs, without the solutions kept for
// `exercise check` (reference.ddb, right/, wrong/), which an autograder has no use for.
Status AddExercise(const ExerciseLocation& loc, const std::string& prefix,
                   std::vector<ZipEntry>* entries) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::recursive_directory_iterator it(loc.dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path rel = fs::relative(it->path(), loc.dir, ec);
    const std::string top = rel.begin()->string();
    if (top == "right" || top == "wrong" || rel == "reference.ddb") {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec)) files.push_back(rel);
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& rel : files) {
    DDB_ASSIGN_OR_RETURN(std::string data, ReadFile(fs::path(loc.dir) / rel));
    entries->push_back({prefix + "/" + loc.id + "/" + rel.generic_string(), std::move(data)});
  }
  DDB_ASSIGN_OR_RETURN(std::string library, ReadFile(loc.library));
  entries->push_back({prefix + "/lib/grading.lua", std::move(library)});
  return OkStatus();
}

// The package built by scripts/package, beside this binary (build/<flavour>/package/).
Result<std::string> FindPackage(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  const fs::path dir = fs::read_symlink("/proc/self/exe", ec).parent_path() / "package";
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".deb") return it->path().string();
  }
  return ValidationError(
      "no ddblab package to bundle: build one with scripts/package, or give --package FILE.deb");
}

std::string SeedLines(const std::optional<uint64_t>& seed) {
  if (seed) return "seed=" + std::to_string(*seed) + "  # fixed when the bundle was made\n";
  return "# One dataset per submission: the seed is the submission's id (Gradescope's\n"
         "# submission_metadata.json), else a checksum of the submitted file.\n"
         "seed=$(python3 -c 'import json,sys; print(int(json.load(open(sys.argv[1]))[\"id\"]))' "
         "\\\n"
         "       \"$root/submission_metadata.json\" 2>/dev/null ||\n"
         "       cksum < \"$solution\" | cut -d' ' -f1)\n";
}

std::string RunAutograder(const std::string& id, const std::optional<uint64_t>& seed) {
  return "#!/usr/bin/env bash\n"
         "# Gradescope runs this for every submission (written by `ddblab exercise pack`): it "
         "grades\n"
         "# the submitted .ddb solution of exercise " +
         id +
         " and writes results.json.\n"
         "# AUTOGRADER_ROOT replaces /autograder, to try the bundle outside Gradescope.\n"
         "set -uo pipefail\n"
         "root=\"${AUTOGRADER_ROOT:-/autograder}\"\n"
         "results=\"$root/results/results.json\"\n"
         "mkdir -p \"$root/results\"\n"
         "fail() {\n"
         "  python3 -c 'import json,sys; print(json.dumps({\"score\": 0, \"output\": sys.argv[1], "
         "\"tests\": []}))' \"$1\" > \"$results\"\n"
         "  exit 0\n"
         "}\n"
         "solution=$(find \"$root/submission\" -type f -name '*.ddb' 2>/dev/null | LC_ALL=C sort | "
         "head -n 1)\n"
         "[ -n \"$solution\" ] || fail \"No .ddb file was submitted: submit your solution file "
         "(for example solution.ddb).\"\n" +
         SeedLines(seed) +
         "ddblab=\"${DDBLAB:-ddblab}\"\n"
         "\"$ddblab\" grade \"$root/source/exercise/" +
         id +
         "\" \"$solution\" --seed \"$seed\" --format gradescope \\\n"
         "  > \"$results.tmp\" 2> \"$root/results/grade.stderr\"\n"
         "if [ -s \"$results.tmp\" ]; then\n"
         "  mv \"$results.tmp\" \"$results\"\n"
         "else\n"
         "  fail \"The grader could not run: $(head -c 2000 \"$root/results/grade.stderr\")\"\n"
         "fi\n";
}

const char* kSetup =
    "#!/usr/bin/env bash\n"
    "# Gradescope runs this once when it builds the autograder image: it installs the ddblab\n"
    "# package bundled beside it (apt resolves its few libraries) and nothing else.\n"
    "set -euo pipefail\n"
    "cd \"$(dirname \"$0\")\"\n"
    "export DEBIAN_FRONTEND=noninteractive\n"
    "apt-get update\n"
    "apt-get install -y --no-install-recommends ./ddblab.deb\n";

std::string ClassroomGrade(const std::string& id, const std::string& solution,
                           const std::optional<uint64_t>& seed) {
  return "#!/usr/bin/env bash\n"
         "# The autograding command: grades " +
         solution + " against exercise " + id +
         " and passes only with full marks.\n"
         "set -uo pipefail\n"
         "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
         "seed=" +
         (seed ? std::to_string(*seed)
               : std::string("\"$(echo \"$GITHUB_REPOSITORY\" | cksum | cut -d' ' -f1)\"")) +
         "\n"
         "report=$(ddblab grade \"$here/exercise/" +
         id + "\" " + solution +
         " --seed \"$seed\" --format json) || exit 1\n"
         "echo \"$report\"\n"
         "python3 -c 'import json,sys; r=json.loads(sys.argv[1])[\"reports\"][0]; "
         "sys.exit(0 if not r.get(\"error\") and r[\"score\"] >= r[\"max_score\"] else 1)' "
         "\"$report\"\n";
}

std::string ClassroomWorkflow(const std::string& id, double points) {
  std::ostringstream p;
  p << points;
  return "# GitHub Classroom autograding for exercise " + id +
         ", written by `ddblab exercise pack`.\n"
         "name: Autograding\n"
         "on: [push, workflow_dispatch]\n"
         "permissions:\n"
         "  checks: write\n"
         "  actions: read\n"
         "  contents: read\n"
         "jobs:\n"
         "  grade:\n"
         "    runs-on: ubuntu-latest\n"
         "    container: debian:12\n"
         "    steps:\n"
         "      - uses: actions/checkout@v4\n"
         "      - run: apt-get update && apt-get install -y --no-install-recommends "
         "./.github/classroom/ddblab.deb python3\n"
         "      - id: ddblab\n"
         "        uses: classroom-resources/autograding-command-grader@v1\n"
         "        with:\n"
         "          test-name: ddblab " +
         id +
         "\n"
         "          command: bash .github/classroom/grade.sh\n"
         "          timeout: 10\n"
         "          max-score: " +
         p.str() +
         "\n"
         "      - uses: classroom-resources/autograding-grading-reporter@v1\n"
         "        env:\n"
         "          DDBLAB_RESULTS: \"${{ steps.ddblab.outputs.result }}\"\n"
         "        with:\n"
         "          runners: ddblab\n";
}

}  // namespace

Result<std::string> PackExercise(const PackOptions& options) {
  if (options.gradescope.empty() && options.classroom.empty()) {
    return ValidationError("say which bundle: --gradescope OUT.zip or --github-classroom OUT.zip");
  }
  DDB_ASSIGN_OR_RETURN(ExerciseLocation loc, LocateExercise(options.exercise, ExercisesDir()));
  DDB_ASSIGN_OR_RETURN(std::string package_path, FindPackage(options.package));
  DDB_ASSIGN_OR_RETURN(std::string package, ReadFile(package_path));
  std::string written;
  if (!options.gradescope.empty()) {
    std::vector<ZipEntry> entries;
    entries.push_back({"setup.sh", kSetup, true});
    entries.push_back({"run_autograder", RunAutograder(loc.id, options.seed), true});
    entries.push_back({"ddblab.deb", package});
    DDB_TRY(AddExercise(loc, "exercise", &entries));
    DDB_TRY(WriteZip(options.gradescope, entries));
    written += "Gradescope autograder: " + options.gradescope + " (exercise " + loc.id + ", " +
               (options.seed ? "seed " + std::to_string(*options.seed)
                             : std::string("a seed per submission")) +
               ")\n";
  }
  if (!options.classroom.empty()) {
    // The points total is what the reference solution scores.
    const fs::path reference = fs::path(loc.dir) / "reference.ddb";
    GradeOptions go;
    Report r = GradeSolution(loc.dir, reference.string(), go);
    if (!r.error.empty() || r.max_score() <= 0) {
      return ValidationError("cannot find the points total: grading " + reference.string() +
                             " gave " + (r.error.empty() ? "no points" : r.error));
    }
    std::vector<ZipEntry> entries;
    entries.push_back(
        {".github/workflows/classroom.yml", ClassroomWorkflow(loc.id, r.max_score())});
    entries.push_back({".github/classroom/grade.sh",
                       ClassroomGrade(loc.id, options.solution_name, options.seed), true});
    entries.push_back({".github/classroom/ddblab.deb", package});
    DDB_TRY(AddExercise(loc, ".github/classroom/exercise", &entries));
    DDB_TRY(WriteZip(options.classroom, entries));
    std::ostringstream pts;
    pts << r.max_score();
    written += "GitHub Classroom autograding: " + options.classroom + " (exercise " + loc.id +
               ", " + pts.str() + " points; unzip at the repository's root)\n";
  }
  return written;
}

}  // namespace ddblab::grade
