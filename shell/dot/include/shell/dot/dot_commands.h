// The REPL's built-in dot-commands (.help, .mode, .partitions, .import, ...) as a table (its row
// type and dispatch: shell/repl/dot_table.h). Each Shell is made with it.
#pragma once

#include <vector>

#include "shell/repl/dot_table.h"
#include "shell/repl/shell.h"

namespace ddblab::shell {

// The built-in commands and the help topics beyond them (cli, partiql, explain, modes, capacity,
// partitions, keys).
const DotCommandTable& BuiltInDotCommands();
const std::vector<HelpTopic>& HelpTopics();

}  // namespace ddblab::shell
