// Where .import and .export may open files: the front door's FileAccess, as for file:// values.
#include "shell/session/data_file.h"

#include <climits>
#include <cstdlib>
#include <string>

#include "cli_internal.h"

namespace ddblab::shell {

Result<std::string> ResolveDataFile(const FileAccess& access, const std::string& path,
                                    bool for_write) {
  auto fail = [&](const std::string& why) -> Result<std::string> {
    return ValidationError("Unable to open " + path + ": " + why);
  };
  if (access.mode == FileAccess::Mode::kRefused) return fail(access.refused_reason);
  if (path.empty()) return fail("no file name");
  std::string full = path;
  if (access.mode == FileAccess::Mode::kLocal && path.rfind("~/", 0) == 0) {
    const char* home = std::getenv("HOME");
    if (home != nullptr) full = std::string(home) + path.substr(1);
  } else if (path[0] != '/' && !access.dir.empty()) {
    full = access.dir + "/" + path;
  }
  if (access.mode == FileAccess::Mode::kConfined) {
    std::string root = cli::Resolve(access.dir.empty() ? "." : access.dir);
    std::string probe = full;
    if (for_write) {
      size_t slash = full.find_last_of('/');
      probe = slash == std::string::npos ? "." : full.substr(0, slash + (slash == 0 ? 1 : 0));
    }
    std::string real = cli::Resolve(probe);
    if (root.empty() || real.empty() || !cli::Inside(real, root)) {
      return fail("only files inside the lesson's own folder can be used");
    }
    // An existing target may be a symlink out of the folder.
    if (std::string target = cli::Resolve(full);
        for_write && !target.empty() && !cli::Inside(target, root)) {
      return fail("only files inside the lesson's own folder can be used");
    }
  }
  return full;
}

}  // namespace ddblab::shell
