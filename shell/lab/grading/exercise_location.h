// Where an exercise lives: an id under the exercises folder ("edtech"), or a path to any folder
// that holds a grader.lua ("~/course/labs/shop/"), so instructors can keep labs in their own
// repositories. The grading library comes from the folder's sibling lib/ when there is one,
// else from the built-in exercises folder.
#pragma once

#include <string>

#include "ddblab/error.h"

namespace ddblab::grade {

struct ExerciseLocation {
  std::string id;        // the folder's name: "edtech"
  std::string dir;       // the folder holding generate.lua and grader.lua
  std::string library;   // lib/grading.lua to load first
  std::string replaces;  // the bundled exercise of the same id a course's exercise sets aside
};

// `root` is the exercises folder for ids (its lib/ is also the fallback library). An id wins
// over a relative path of the same name. The error names what was looked for.
Result<ExerciseLocation> LocateExercise(const std::string& exercise, const std::string& root);

}  // namespace ddblab::grade
