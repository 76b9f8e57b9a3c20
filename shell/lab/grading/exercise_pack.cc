#include "grading/exercise_pack.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "grading/debian_package.h"
#include "grading/exercise_location.h"
#include "grading/grader.h"
#include "grading/pack_scripts.h"
#include "grading/zip_writer.h"

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

// A file of the exercise, read only when it is the exercise's own: a symbolic link (to a
// secret beside the course, say) would put its target in a zip uploaded to a grading service,
// so it is refused by name, as is anything but a regular file. `shown` names it in errors.
Result<std::string> ReadOwnFile(const fs::path& path, const std::string& shown) {
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(path, ec);
  if (fs::is_symlink(st)) {
    return ValidationError(shown +
                           " is a symbolic link: a pack holds only the exercise's own "
                           "files, never what a link points to; copy the file in instead");
  }
  if (!fs::is_regular_file(st)) {
    return ValidationError(shown + " is not a regular file; a pack holds only regular files");
  }
  return ReadFile(path);
}

// The exercise's own files, under `prefix`: what grading needs, without the solutions kept for
// `exercise check` (reference.ddb, right/, wrong/), which an autograder has no use for.
Status AddExercise(const ExerciseLocation& loc, const std::string& prefix,
                   std::vector<ZipEntry>* entries) {
  std::error_code ec;
  std::vector<fs::path> files;
  // Links are not followed into folders either: each entry is looked at as it is.
  for (fs::recursive_directory_iterator it(loc.dir, ec), end; !ec && it != end; it.increment(ec)) {
    // Lexically: fs::relative would resolve a link to where it points.
    const fs::path rel = it->path().lexically_relative(loc.dir);
    const std::string top = rel.begin()->string();
    if (top == "right" || top == "wrong" || rel == "reference.ddb") {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    const fs::file_status st = it->symlink_status(ec);
    if (!fs::is_directory(st)) files.push_back(rel);
  }
  if (ec) return ValidationError("cannot list " + loc.dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  for (const fs::path& rel : files) {
    DDB_ASSIGN_OR_RETURN(std::string data,
                         ReadOwnFile(fs::path(loc.dir) / rel, loc.id + "/" + rel.generic_string()));
    entries->push_back({prefix + "/" + loc.id + "/" + rel.generic_string(), std::move(data)});
  }
  DDB_ASSIGN_OR_RETURN(std::string library, ReadOwnFile(loc.library, loc.library));
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

}  // namespace

Result<std::string> PackExercise(const PackOptions& options) {
  if (options.gradescope.empty() && options.classroom.empty()) {
    return ValidationError("say which bundle: --gradescope OUT.zip or --github-classroom OUT.zip");
  }
  DDB_ASSIGN_OR_RETURN(ExerciseLocation loc, LocateExercise(options.exercise, ExercisesDir()));
  // Both names are written into the bundle's scripts (pack_scripts.h says why they are refused
  // rather than only quoted).
  DDB_TRY(CheckPackName("the exercise folder's name", loc.id, false));
  if (!options.classroom.empty()) {
    DDB_TRY(CheckPackName("--solution", options.solution_name, true));
  }
  DDB_ASSIGN_OR_RETURN(std::string package_path, FindPackage(options.package));
  DDB_ASSIGN_OR_RETURN(std::string package, ReadDdblabPackage(package_path));
  std::string written;
  if (!options.gradescope.empty()) {
    std::vector<ZipEntry> entries;
    entries.push_back({"setup.sh", GradescopeSetup(), true});
    entries.push_back({"run_autograder", GradescopeRunAutograder(loc.id, options.seed), true});
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
