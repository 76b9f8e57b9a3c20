// Files that dot-commands stream (.import, .export): where they may be opened, by the same
// policy as parameter files (shell/file_access.h).
#pragma once

#include <string>

#include "shell/session/file_access.h"

namespace ddblab::shell {

// The path to open for `path` under `access`: relative to `dir`, `~/` in kLocal, confined or
// refused as for parameter files, but with no size limit (these commands stream). `for_write`:
// the file may not exist yet, so its folder must resolve inside a confined `dir`. Errors are
// ValidationExceptions naming the path.
Result<std::string> ResolveDataFile(const FileAccess& access, const std::string& path,
                                    bool for_write);

}  // namespace ddblab::shell
