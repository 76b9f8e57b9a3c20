// The scripts and workflow `ddblab exercise pack` writes into an autograder bundle, and the rule
// for the names it writes into them.
//
// The exercise id (its folder's name) and the Classroom solution file are written into bash
// scripts and YAML that run on the grading machine. A name is refused unless it is letters,
// digits, '.', '-' and '_' (and '/' between folders of a solution path): the names travel into
// several syntaxes (bash, YAML, zip paths, test names), and a short allow-list is safe in all of
// them by construction, where quoting would have to be right in each one, now and later. The
// scripts still single-quote every name they hold, so a name never reaches a shell unquoted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ddblab/error.h"

namespace ddblab::grade {

// OK when `name` may be written into a pack's scripts; else a ValidationException naming
// `what` ("the exercise folder's name"), the first character refused and why. `path`: '/'
// may separate folders (no empty, "." or ".." part, not absolute).
Status CheckPackName(const std::string& what, const std::string& name, bool path);

// Gradescope: setup.sh (installs the bundled package) and run_autograder (grades the submission
// of exercise `id`, the seed fixed or per submission).
std::string GradescopeSetup();
std::string GradescopeRunAutograder(const std::string& id, const std::optional<uint64_t>& seed);

// GitHub Classroom: the grading step (.github/classroom/grade.sh), which grades `solution` (a
// path in the repository) with partial credit, prints the checks and hands the points to the
// autograding reporter as its `result` output; and the workflow running it, out of `points`.
std::string ClassroomGrade(const std::string& id, const std::string& solution,
                           const std::optional<uint64_t>& seed);
std::string ClassroomWorkflow(const std::string& id, double points);

}  // namespace ddblab::grade
