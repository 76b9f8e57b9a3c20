#include "grading/pack_scripts.h"

#include <cstdio>
#include <sstream>

namespace ddblab::grade {

namespace {

// A character as a message can show it: control characters by name or code, so a refused
// name never writes a newline or an escape sequence into the terminal.
std::string Shown(unsigned char c) {
  if (c == '\n') return "a newline";
  if (c == '\t') return "a tab";
  if (c == ' ') return "a space";
  if (c < 0x20 || c == 0x7f) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "the control character 0x%02x", c);
    return buf;
  }
  if (c >= 0x80) return "a non-ASCII character";
  return std::string("'") + static_cast<char>(c) + "'";
}

// `name` with everything outside printable ASCII shown as \xNN, for quoting it in a message.
std::string Printable(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

bool Allowed(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '-' || c == '_';
}

// A POSIX shell word that is exactly `s`.
std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A YAML single-quoted scalar that is exactly `s` (YAML 1.2, 7.3.2: '' is a quote).
std::string YamlQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

}  // namespace

Status CheckPackName(const std::string& what, const std::string& name, bool path) {
  const std::string allowed = path ? "letters, digits, '.', '-' and '_', with '/' between folders"
                                   : "letters, digits, '.', '-' and '_'";
  auto refuse = [&](const std::string& why) {
    return ValidationError(what + " '" + Printable(name) + "' " + why +
                           ": a pack writes it into the shell scripts and YAML that run on the "
                           "grading machine, so it may hold only " +
                           allowed);
  };
  if (name.empty()) return ValidationError(what + " is empty");
  if (name[0] == '-') return refuse("starts with '-'");
  if (path && name[0] == '/') return refuse("is absolute (it is a path in the repository)");
  size_t part_start = 0;
  for (size_t i = 0; i <= name.size(); ++i) {
    if (i == name.size() || (path && name[i] == '/')) {
      const std::string part = name.substr(part_start, i - part_start);
      if (part.empty() || part == "." || part == "..") {
        return refuse("has an empty, '.' or '..' folder");
      }
      if (part[0] == '.' && !path) return refuse("starts with '.'");
      part_start = i + 1;
      continue;
    }
    if (!Allowed(static_cast<unsigned char>(name[i]))) {
      return refuse("has " + Shown(static_cast<unsigned char>(name[i])));
    }
  }
  return OkStatus();
}

std::string GradescopeSetup() {
  return R"sh(#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image: it installs the ddblab
# package bundled beside it (apt resolves its few libraries) and nothing else.
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends ./ddblab.deb
)sh";
}

std::string GradescopeRunAutograder(const std::string& id, const std::optional<uint64_t>& seed) {
  std::string seed_lines =
      seed ? "seed=" + std::to_string(*seed) + "  # fixed when the bundle was made\n"
           : R"sh(# One dataset per submission: the seed is the submission's id (Gradescope's
# submission_metadata.json), else a checksum of the submitted file.
seed=$(python3 -c 'import json,sys; print(int(json.load(open(sys.argv[1]))["id"]))' \
       "$root/submission_metadata.json" 2>/dev/null ||
       cksum < "$solution" | cut -d' ' -f1)
)sh";
  return R"sh(#!/usr/bin/env bash
# Gradescope runs this for every submission (written by `ddblab exercise pack`): it grades the
# submitted .ddb solution of the exercise named below and writes results.json.
# AUTOGRADER_ROOT replaces /autograder, to try the bundle outside Gradescope.
set -uo pipefail
exercise=)sh" +
         ShellQuote(id) +
         R"sh(
root="${AUTOGRADER_ROOT:-/autograder}"
results="$root/results/results.json"
mkdir -p "$root/results"
fail() {
  python3 -c 'import json,sys; print(json.dumps({"score": 0, "output": sys.argv[1], "tests": []}))' "$1" > "$results"
  exit 0
}
solution=$(find "$root/submission" -type f -name '*.ddb' 2>/dev/null | LC_ALL=C sort | head -n 1)
[ -n "$solution" ] || fail "No .ddb file was submitted: submit your solution file (for example solution.ddb)."
)sh" + seed_lines +
         R"sh(ddblab="${DDBLAB:-ddblab}"
"$ddblab" grade "$root/source/exercise/$exercise" "$solution" --seed "$seed" --format gradescope \
  > "$results.tmp" 2> "$root/results/grade.stderr"
if [ -s "$results.tmp" ]; then
  mv "$results.tmp" "$results"
else
  fail "The grader could not run: $(head -c 2000 "$root/results/grade.stderr")"
fi
)sh";
}

std::string ClassroomGrade(const std::string& id, const std::string& solution,
                           const std::optional<uint64_t>& seed) {
  std::string seed_lines =
      seed
          ? "seed=" + std::to_string(*seed) + "  # fixed when the bundle was made\n"
          : R"sh(# One data variant per student repository: the seed is a checksum of its owner/name, from
# GitHub Actions or, run locally, from the clone's origin (DDBLAB_SEED fixes one instead).
repository="${GITHUB_REPOSITORY:-$(git -C "$repo" remote get-url origin 2>/dev/null |
  sed -E 's#^.*github\.com[:/]##; s#\.git$##')}"
seed="${DDBLAB_SEED:-$(printf '%s\n' "$repository" | cksum | cut -d' ' -f1)}"
)sh";
  return R"sh(#!/usr/bin/env bash
# The GitHub Classroom grading step, written by `ddblab exercise pack`: grades the solution named
# below against the exercise bundled beside this script and prints the checks as `ddblab grade`
# shows them. Under GitHub Actions it also writes the step's `result` output for the autograding
# reporter: one test per check, each with the points it earned, out of the exercise's total, so
# a partly right solution gets part of the points.
# Runs locally too, from anywhere in the repository: bash .github/classroom/grade.sh
# (DDBLAB names the ddblab binary, DDBLAB_SEED the data variant).
# Exit status: 0 when the solution was graded, whatever its points; 1 when it could not be.
set -uo pipefail
exercise=)sh" +
         ShellQuote(id) + "\nsolution=" + ShellQuote(solution) + R"sh(
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
ddblab="${DDBLAB:-ddblab}"
)sh" + seed_lines +
         R"sh(result="$(mktemp)"
trap 'rm -f "$result"' EXIT
"$ddblab" grade "$here/exercise/$exercise" "$repo/$solution" --seed "$seed" \
  --also "classroom=$result"
status=$?
if [ -n "${GITHUB_OUTPUT:-}" ] && [ -s "$result" ]; then
  echo "result=$(base64 -w0 < "$result")" >> "$GITHUB_OUTPUT"
fi
exit "$status"
)sh";
}

std::string ClassroomWorkflow(const std::string& id, double points) {
  std::ostringstream p;
  p << points;
  return "# GitHub Classroom autograding of a ddblab exercise worth " + p.str() +
         R"yml( points, written by
# `ddblab exercise pack`: grade.sh grades the solution check by check and the reporter gives
# Classroom the points earned, out of that total.
name: Autograding Tests
on: [push, workflow_dispatch]
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  grade:
    # The reporter records the points on the check run of this name.
    name: Autograding Tests
    runs-on: ubuntu-latest
    container: debian:12
    steps:
      - uses: actions/checkout@v4
      - run: apt-get update && apt-get install -y --no-install-recommends ./.github/classroom/ddblab.deb
      - id: ddblab
        name: )yml" +
         YamlQuote("ddblab " + id) + R"yml(
        run: bash .github/classroom/grade.sh
        timeout-minutes: 10
      - uses: classroom-resources/autograding-grading-reporter@v1
        # Also after a grading step that failed, so its error reaches the student.
        if: always()
        env:
          DDBLAB_RESULTS: "${{ steps.ddblab.outputs.result }}"
        with:
          runners: ddblab
)yml";
}

}  // namespace ddblab::grade
