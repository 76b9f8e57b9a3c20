// Prose wrapped to the terminal: lesson text is written as paragraphs of lines, and a terminal
// narrower than those lines would break them mid-word.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ddblab::shell {

// Refills each paragraph of prose in `text` to at most `width` columns, breaking between words.
// A paragraph is a run of lines separated by blank lines; lines that start with white space, a
// list marker (-, *, |) or that look like commands (aws, SELECT, ...) keep their own line
// breaks. A word longer than `width` stands on a line of its own. `width` 0 returns `text`.
std::string WrapProse(std::string_view text, size_t width);

// The columns of the terminal the shell writes to: the one a front end set (the browser's
// terminal is not the process's), else the terminal on stdout, else 0 (not a terminal: output
// is never cut).
size_t TerminalColumns();
void SetTerminalColumns(size_t columns);

}  // namespace ddblab::shell
