// What renderers are told: the output settings the REPL's dot-commands change, and the key
// attributes of a table or index. Renderers own these types, so the REPL depends on the
// renderers and never the other way round.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ddblab::shell {

enum class OutputMode { kTable, kJson, kDdbJson, kJsonl, kLine };
enum class CapacityDisplay { kTotal, kIndexes, kOff };

// Everything `.mode`, `.capacity`, `.timer` and `.echo` change. Defaults are what a script gets.
struct ShellSettings {
  OutputMode mode = OutputMode::kTable;                // .mode
  CapacityDisplay capacity = CapacityDisplay::kTotal;  // .capacity
  bool timer = false;                                  // .timer: elapsed time in the footer
  bool echo = false;                                   // .echo: print each input before running it
  // .width: the columns table mode fits its rows into; kAutoWidth follows the terminal (no limit
  // when output is not a terminal), 0 turns fitting off.
  static constexpr int kAutoWidth = -1;
  int width = kAutoWidth;
};

// Key attribute names of a table or index, in display order (index keys first, then the
// table's), and whether an index is a GSI.
struct KeyInfo {
  std::vector<std::string> key_names;
  bool global_index = false;
  // How many leading key_names form the partition key (more than one for a GSI with a
  // multi-attribute partition key; 0 when unknown).
  size_t hash_key_count = 0;
};

}  // namespace ddblab::shell
