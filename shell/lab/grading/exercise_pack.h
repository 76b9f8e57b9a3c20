// `ddblab exercise pack DIR --gradescope OUT.zip | --github-classroom OUT.zip`: an exercise as
// a ready autograder.
//
// Gradescope: the zip holds setup.sh (installs the ddblab package bundled beside it, nothing
// else), run_autograder (finds the submitted .ddb under /autograder/submission, grades it,
// writes /autograder/results/results.json) and the exercise folder with its grading library.
// The seed is fixed (--seed N) or, by default, derived from the submission's id, so students
// do not share one dataset.
//
// GitHub Classroom: the zip unpacks at a repository's root into .github/ (a workflow running
// the grading step, then GitHub Classroom's autograding reporter) and .github/classroom/ (the
// package, the exercise and grade.sh, the step: it grades the solution check by check and hands
// the reporter the points earned, so partial solutions get partial credit).
//
// What goes into a bundle is checked first: the exercise's name and --solution may hold only the
// characters pack_scripts.h allows, the exercise's files must be its own regular files (a
// symbolic link is refused by name), and the package must be a Debian package of ddblab
// (debian_package.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ddblab/error.h"

namespace ddblab::grade {

struct PackOptions {
  std::string exercise;          // an id or a folder holding grader.lua
  std::string gradescope;        // OUT.zip for Gradescope ("" = none)
  std::string classroom;         // OUT.zip for GitHub Classroom ("" = none)
  std::string package;           // the ddblab .deb to bundle ("" = the build's package/ folder)
  std::optional<uint64_t> seed;  // fixed seed; none = derived from the submission
  std::string solution_name = "solution.ddb";  // the file a Classroom repository grades
};

// Writes the bundles asked for; returns what was written, one line each.
Result<std::string> PackExercise(const PackOptions& options);

}  // namespace ddblab::grade
