// NoSQL Workbench data models: .import-model creates the tables of a model's JSON (key schemas,
// GSIs, billing) and loads its sample data; .export-model writes tables back as a model that
// Workbench imports, so a design can move between Workbench and ddblab in both directions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shell/dot/dot_commands.h"

namespace ddblab::shell {

DotResult ImportModelCommand(Shell& shell, const std::vector<std::string>& args, std::string_view);
DotResult ExportModelCommand(Shell& shell, const std::vector<std::string>& args, std::string_view);

}  // namespace ddblab::shell
