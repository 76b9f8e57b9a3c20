// The autograder: grades one solution file against one exercise folder on a fresh in-memory
// engine, and renders the result in the formats instructors and course platforms read.
//
// An exercise folder (exercises/<id>/) holds generate.lua (seeded data) and grader.lua (the
// exercise table: templates, access patterns, extra checks); exercises/lib/grading.lua turns
// that table into checks. The C++ side owns the order, the dependencies, the budgets and the
// result model; Lua owns what each check looks at. Nothing here throws.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/wire.h"

namespace ddblab::grade {

enum class CheckStatus { kPassed, kFailed, kError, kSkipped, kTimeout };
// "visible" checks show their feedback; "hidden" ones show only their title and status until
// an instructor reveals them (Gradescope: after_due_date).
enum class Visibility { kVisible, kHidden };

std::string_view CheckStatusName(CheckStatus s);
std::string_view VisibilityName(Visibility v);

// One check as it ended.
struct CheckResult {
  std::string id;     // stable: "AP3", "AP3.cost", "entity.Student", "setup.table"
  std::string title;  // one line a student understands
  double points = 0;
  double max_points = 0;
  CheckStatus status = CheckStatus::kSkipped;
  std::string message;  // expected vs actual and the concept to revisit; may be empty
  Visibility visibility = Visibility::kVisible;
  std::vector<std::string> depends;  // ids that must pass before this check runs
  double seconds = 0;                // wall time spent in the check
  // Skipped because the database graded on cannot run it (an endpoint has no partition model,
  // virtual clock or stream handlers of ddblab's): status kSkipped, max_points 0, and
  // `unavailable_points` what the check is worth on ddblab's own engine.
  bool unavailable = false;
  double unavailable_points = 0;
};

// Everything one grading run produced. `error` is set when the grader itself could not run
// (missing exercise, broken grader script); the checks that did run are still listed.
struct Report {
  std::string exercise;
  std::string exercise_title;
  std::string solution;  // the path as given
  uint64_t seed = 0;
  std::vector<CheckResult> checks;
  std::vector<std::string> problems;  // solution parse warnings
  std::string error;
  double seconds = 0;
  // Where it was graded: empty for a fresh in-memory engine, else the client's description
  // ("endpoint http://... (tables ddblab-1a2b3c4d-*)").
  std::string database;
  // Capacity the grading's calls consumed, as the database reported it (ddblab's own
  // accounting, or an endpoint's ConsumedCapacity): what one grading run costs on DynamoDB.
  // The throughput check's simulation runs elsewhere and is not counted.
  double read_units = 0;
  double write_units = 0;

  double score() const;
  double max_score() const;  // without the checks the database could not run
  size_t unavailable_checks() const;
  double unavailable_points() const;
};

struct GradeOptions {
  std::string exercises_dir;  // the folder holding <id>/ and lib/; empty = ExercisesDir()
  uint64_t seed = 1;
  // Per-check budget unless the exercise sets its own (Lua instructions, wall seconds).
  int64_t check_instructions = 50'000'000;
  double check_seconds = 10.0;
  // Told what the grader is about to run ("setup", "check AP3 (...)"), so that a process
  // stopped by a limit can say where it was.
  std::function<void(const std::string&)> progress;
  // Grade on this client instead of a fresh in-memory engine (`grade --endpoint`: a view of the
  // endpoint that shows only this run's tables, endpoint_database.h). It must show no tables
  // when grading starts. Over a remote client, checks that need ddblab's own engine are
  // skipped (CheckResult::unavailable) and each check's wall-time budget covers network waits.
  wire::Client* database = nullptr;
};

// $DDBLAB_EXERCISES_DIR, else the source tree's exercises/, else <exe>/../share/ddblab/exercises.
std::string ExercisesDir();

// Exercise ids found in `dir` (folders with a grader.lua), sorted.
std::vector<std::string> ListExercises(const std::string& dir);

// Grades `solution_path` against exercise `exercise`. Always returns a report.
Report GradeSolution(const std::string& exercise, const std::string& solution_path,
                     const GradeOptions& options);

// Runs one entry point of an exercise's Lua (`__load`, `__info`) with `arg`, against `client`
// and the solution at `solution_path` (may be empty: no blocks). For the REPL's `.exercise`.
Result<wire::Json> CallExercise(const std::string& exercise, const std::string& solution_path,
                                wire::Client& client, const std::string& function,
                                const wire::Json& arg, const std::string& exercises_dir = "");

// Renderers. `reveal_hidden` shows hidden checks' messages (for instructors).
std::string RenderText(const Report& r, bool reveal_hidden);
wire::Json ReportToJson(const Report& r, bool reveal_hidden);  // our stable shape
wire::Json ReportToGradescope(const Report& r);                // Gradescope results.json
// GitHub Classroom's autograding reporter reads a grading step's `result` (base64 of this
// JSON): {version 1, status pass|fail|error, max_score, tests[{name, status, score, message,
// ...}]}, and gives Classroom the sum of the tests' scores out of max_score. One test per check,
// each with the points it earned, so a partly right solution gets part of the points.
wire::Json ReportToClassroom(const Report& r);
std::string RenderJUnit(const std::vector<Report>& reports);  // JUnit XML, one suite each
// Parses ReportToJson output back (for reports passed between processes).
Report ReportFromJson(const wire::Json& j);

}  // namespace ddblab::grade
