#include "grading/exercise_location.h"

#include <filesystem>

#include "data_dirs.h"

namespace ddblab::grade {

namespace fs = std::filesystem;

Result<ExerciseLocation> LocateExercise(const std::string& exercise, const std::string& root) {
  std::error_code ec;
  if (exercise.empty()) return ValidationError("no exercise given");
  ExerciseLocation loc;
  fs::path by_id = fs::path(root) / exercise;
  bool plain_id = exercise.find('/') == std::string::npos && exercise != "." && exercise != "..";
  // A course (DDBLAB_COURSE) is searched first: its exercise of this id is the one meant.
  if (const std::string course = lab::CourseDir(); plain_id && !course.empty()) {
    fs::path in_course = fs::path(course) / "exercises" / exercise;
    if (fs::exists(in_course / "grader.lua", ec)) {
      if (fs::exists(by_id / "grader.lua", ec)) loc.replaces = by_id.string();
      by_id = fs::absolute(in_course, ec).lexically_normal();
    }
  }
  if (plain_id && fs::exists(by_id / "grader.lua", ec)) {
    loc.id = exercise;
    loc.dir = by_id.string();
  } else {
    // A folder anywhere: "exercises/edtech/" and "/home/me/labs/shop" both name one.
    fs::path dir = fs::path(exercise).lexically_normal();
    if (dir.has_filename() == false && dir.has_parent_path()) dir = dir.parent_path();
    if (!fs::is_directory(dir, ec)) {
      return ValidationError("no exercise '" + exercise + "': not an exercise id in " + root +
                             " and not a folder");
    }
    if (!fs::exists(dir / "grader.lua", ec)) {
      return ValidationError("no exercise '" + exercise + "': the folder has no grader.lua");
    }
    fs::path abs = fs::absolute(dir, ec);
    if (!ec) dir = abs.lexically_normal();
    if (!dir.has_filename() && dir.has_parent_path()) dir = dir.parent_path();
    loc.id = dir.filename().string();
    loc.dir = dir.string();
  }
  fs::path sibling = fs::path(loc.dir).parent_path() / "lib" / "grading.lua";
  loc.library = fs::exists(sibling, ec) ? sibling.string()
                                        : (fs::path(root) / "lib" / "grading.lua").string();
  if (!fs::exists(loc.library, ec)) {
    return ValidationError("no grading library: neither " + sibling.string() + " nor " +
                           loc.library + " exists");
  }
  return loc;
}

}  // namespace ddblab::grade
