// `ddblab exercise check|new`: argument parsing and dispatch; the work is in exercise_check.cc
// and exercise_new.cc.
#include "grading/exercise_command.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "grading/exercise_check.h"
#include "grading/exercise_pack.h"

namespace ddblab::lab {

namespace {

constexpr const char* kExerciseUsage =
    "usage: ddblab exercise check DIR [--seeds 1..20] [--exercises-dir DIR]\n"
    "       ddblab exercise new NAME [--dir PARENT]\n"
    "       ddblab exercise pack DIR (--gradescope OUT.zip | --github-classroom OUT.zip)...\n"
    "                            [--package FILE.deb] [--seed N] [--solution FILE.ddb]\n";

int ExerciseUsage(const std::string& error) {
  std::fprintf(stderr, "ddblab exercise: %s\n%s", error.c_str(), kExerciseUsage);
  return 2;
}

}  // namespace

int RunExerciseCommand(int argc, char** argv) {
  if (argc < 2) return ExerciseUsage("missing check, new or pack");
  std::string verb = argv[1];
  if (verb == "--help" || verb == "-h") {
    std::printf("%s", kExerciseUsage);
    return 0;
  }
  std::string positional, seeds = "1..3", dir, exercises_dir, seed;
  grade::PackOptions pack;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    if (arg == "--seeds" && verb == "check") {
      if (!value(&seeds)) return ExerciseUsage("--seeds needs a value such as 1..20");
    } else if (arg == "--exercises-dir" && verb == "check") {
      if (!value(&exercises_dir)) return ExerciseUsage("--exercises-dir needs a folder");
    } else if (arg == "--dir" && verb == "new") {
      if (!value(&dir)) return ExerciseUsage("--dir needs a folder");
    } else if (arg == "--gradescope" && verb == "pack") {
      if (!value(&pack.gradescope)) return ExerciseUsage("--gradescope needs OUT.zip");
    } else if (arg == "--github-classroom" && verb == "pack") {
      if (!value(&pack.classroom)) return ExerciseUsage("--github-classroom needs OUT.zip");
    } else if (arg == "--package" && verb == "pack") {
      if (!value(&pack.package)) return ExerciseUsage("--package needs FILE.deb");
    } else if (arg == "--solution" && verb == "pack") {
      if (!value(&pack.solution_name)) return ExerciseUsage("--solution needs a file name");
    } else if (arg == "--seed" && verb == "pack") {
      if (!value(&seed)) return ExerciseUsage("--seed needs a number");
      char* end = nullptr;
      unsigned long long n = std::strtoull(seed.c_str(), &end, 10);
      if (seed.empty() || *end != '\0' || seed[0] == '-')
        return ExerciseUsage("--seed needs a number");
      pack.seed = n;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return ExerciseUsage("unknown option " + arg);
    } else if (positional.empty()) {
      positional = arg;
    } else {
      return ExerciseUsage("unexpected argument " + arg);
    }
  }
  if (verb == "check") {
    if (positional.empty()) return ExerciseUsage("missing DIR");
    Result<std::vector<uint64_t>> s = grade::ParseSeeds(seeds);
    if (!s.ok()) return ExerciseUsage("--seeds: " + s.error().message);
    grade::CheckOptions opt;
    opt.exercise = positional;
    opt.exercises_dir = exercises_dir;
    opt.seeds = std::move(s.value());
    return grade::CheckExercise(opt, stdout);
  }
  if (verb == "new") {
    if (positional.empty()) return ExerciseUsage("missing NAME");
    Result<std::string> made = grade::ScaffoldExercise(positional, dir);
    if (!made.ok()) {
      std::fprintf(stderr, "ddblab exercise new: %s\n", made.error().message.c_str());
      return 1;
    }
    std::printf("Created %s. Check it with: ddblab exercise check %s\n", made->c_str(),
                made->c_str());
    return 0;
  }
  if (verb == "pack") {
    if (positional.empty()) return ExerciseUsage("missing DIR");
    pack.exercise = positional;
    Result<std::string> written = grade::PackExercise(pack);
    if (!written.ok()) {
      std::fprintf(stderr, "ddblab exercise pack: %s\n", written.error().message.c_str());
      return 1;
    }
    std::printf("%s", written->c_str());
    return 0;
  }
  return ExerciseUsage("unknown subcommand '" + verb + "' (check, new or pack)");
}

}  // namespace ddblab::lab
