// .import and .export: DynamoDB's export format (JSON lines, one {"Item": {...}} per line, as S3
// exports and ImportTable use), optionally gzip-compressed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shell/dot/dot_commands.h"

namespace ddblab::shell {

DotResult ImportCommand(Shell& shell, const std::vector<std::string>& args, std::string_view);
DotResult ExportCommand(Shell& shell, const std::vector<std::string>& args, std::string_view);

}  // namespace ddblab::shell
