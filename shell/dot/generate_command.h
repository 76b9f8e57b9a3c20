// .generate TABLE N [--script GEN.lua]: N synthetic items for a table, loaded as .import loads
// a file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shell/dot/dot_commands.h"

namespace ddblab::shell {

DotResult GenerateCommand(Shell& shell, const std::vector<std::string>& args, std::string_view);

}  // namespace ddblab::shell
