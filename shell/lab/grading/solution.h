// A student's solution file (.ddb): plain statements in the shell's own languages, grouped into
// named blocks by marker comments. The file is parsed, never executed as Lua.
//
//   -- @table                 the table definition (create-table, ...)
//   -- @entity NAME           the template that writes one NAME (one or more statements)
//   -- @transition NAME       the template for a state change (update-item, ...)
//   -- @pattern ID            the one statement that serves access pattern ID
//   -- @handler EVENT [FILTER] statements a stream handler runs for each record of that event
//                             (INSERT, MODIFY, REMOVE) the optional Lambda filter pattern keeps
//
// Inside a block, `${param}` placeholders are filled in by the grader; other lines starting with
// `-- ` are comments. exercises/README.md is the student-facing description.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "shell/session/boundary.h"

namespace ddblab::grade {

enum class BlockKind { kTable, kEntity, kTransition, kPattern, kHandler };

// "table", "entity", "transition", "pattern", "handler".
std::string_view BlockKindName(BlockKind kind);
bool ParseBlockKind(std::string_view name, BlockKind* kind);

struct Block {
  BlockKind kind = BlockKind::kTable;
  std::string name;  // empty for the table block
  int line = 0;      // 1-based line of the marker
  // As written, placeholders unfilled, split by the session's statement-boundary rule.
  std::vector<shell::StatementText> statements;
};

struct Solution {
  std::string path;
  std::vector<Block> blocks;
  // Problems found while parsing (duplicate blocks, unknown markers, statements outside any
  // block), each "line N: message". The blocks that did parse are still usable.
  std::vector<std::string> problems;

  // The block of that kind and name, or nullptr.
  const Block* Find(BlockKind kind, std::string_view name) const;
};

// Parses solution text. Never fails: problems are collected in Solution::problems.
Solution ParseSolution(std::string_view text, std::string path);

// Reads and parses a file; a file that cannot be read is an error.
Result<Solution> LoadSolution(const std::string& path);

// Replaces every `${name}` in `text` with params[name]. A placeholder with no value is a
// ValidationException naming it and the parameters that exist.
Result<std::string> FillPlaceholders(std::string_view text,
                                     const std::map<std::string, std::string>& params);

}  // namespace ddblab::grade
