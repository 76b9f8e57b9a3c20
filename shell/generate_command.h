// .generate TABLE N [--script GEN.lua]: N synthetic items for a table, loaded as .import loads
// a file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shell/dot_commands.h"
#include "shell/item_generator.h"

namespace ddblab::shell {

DotResult GenerateCommand(Shell& shell, const std::vector<std::string>& args, std::string_view);

// How --script generators are opened. The lab runtime, which owns Lua, sets it when it registers
// its extensions (the REPL tier cannot depend on Lua). The opener is stateless, so one per
// process serves every shell; until it is set, --script is refused with a message.
void SetItemGeneratorOpener(ItemGeneratorOpener opener);

}  // namespace ddblab::shell
