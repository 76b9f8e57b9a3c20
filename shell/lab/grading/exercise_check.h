// Validating and scaffolding exercise folders (`ddblab exercise check|new`).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "ddblab/error.h"

namespace ddblab::grade {

struct CheckOptions {
  std::string exercise;       // an id under exercises_dir or a folder path
  std::string exercises_dir;  // empty = ExercisesDir()
  std::vector<uint64_t> seeds{1, 2, 3};
};

// "1..20", "7", "1..3,9": the seeds in order. A bad piece is an error naming it.
Result<std::vector<uint64_t>> ParseSeeds(const std::string& text);

// Grades the exercise's reference, starter, right/*.ddb and wrong/*.ddb on every seed, prints
// each problem and a verdict table to `out`. Returns 0 when every solution behaved as it claims.
int CheckExercise(const CheckOptions& options, std::FILE* out);

// Creates PARENT/NAME with a small exercise that passes CheckExercise. Returns the folder.
Result<std::string> ScaffoldExercise(const std::string& name, const std::string& parent);

}  // namespace ddblab::grade
