#include "data_dirs.h"

#include <cstdlib>
#include <filesystem>

namespace ddblab::lab {

namespace fs = std::filesystem;

namespace {

fs::path BinaryFolder() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

}  // namespace

std::string BundledDataDir(const std::string& kind) {
  const char* env = std::getenv(kind == "lessons" ? "DDBLAB_LESSONS_DIR" : "DDBLAB_EXERCISES_DIR");
  if (env != nullptr && *env != '\0') return env;
  const fs::path bin = BinaryFolder();
  const fs::path installed = bin.parent_path() / "share" / "ddblab" / kind;
  const fs::path build_copy = bin / "share" / "ddblab" / kind;
  std::error_code ec;
  if (fs::is_directory(installed, ec)) return installed.string();
  if (fs::is_directory(build_copy, ec)) return build_copy.string();
  return installed.string();
}

std::string CourseDir() {
  const char* env = std::getenv("DDBLAB_COURSE");
  return env != nullptr ? env : "";
}

std::vector<std::string> DataDirs(const std::string& kind) {
  std::vector<std::string> out;
  std::error_code ec;
  if (const std::string course = CourseDir(); !course.empty()) {
    fs::path dir = fs::path(course) / kind;
    if (fs::is_directory(dir, ec)) out.push_back(fs::absolute(dir, ec).lexically_normal().string());
  }
  out.push_back(BundledDataDir(kind));
  return out;
}

}  // namespace ddblab::lab
