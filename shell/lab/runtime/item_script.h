// .generate TABLE N --script GEN.lua: the Lua side. GEN.lua runs in the lessons' sandbox (same
// libraries and limits) and defines `function item(i, r)`, which returns item number i as a
// table of plain values, marshalled as the ddb helpers marshal them (string -> S, number -> N,
// boolean -> BOOL, array -> L, table -> M). `r` is the exercises' seeded generator, rng(1);
// rng(seed) is there for others. read_file(NAME) reads a file in the script's own folder.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "shell/repl/item_generator.h"

namespace ddblab::lab {

Result<std::unique_ptr<shell::ItemGenerator>> OpenItemScript(const std::string& path, int64_t count,
                                                             shell::OutputSink& sink);

// Plain JSON (what Sandbox::ToJson gives for a Lua value) -> a DynamoDB JSON value, as the ddb
// prelude's ddb.marshal does it; JSON null becomes {"NULL": true}.
wire::Json MarshalPlain(const wire::Json& plain);

}  // namespace ddblab::lab
