// Resolved paths for the file policies of parameter files and data files (file_access.h).
#include <climits>
#include <cstdlib>
#include <string>

#include "cli_internal.h"

namespace ddblab::shell::cli {

std::string Resolve(const std::string& path) {
  char buf[PATH_MAX];
  if (realpath(path.c_str(), buf) == nullptr) return "";
  return buf;
}

bool Inside(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path == root || (path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
                          path[root.size()] == '/');
}

}  // namespace ddblab::shell::cli
