// The statement-boundary rule, written once (docs/shell.md, "Where a statement ends") and used
// by every front door: the REPL decides whether to show a continuation prompt with it, scripts,
// lesson answer files and graded solutions are split into statements with it.
//
// A statement continues onto the next line while
//   - a line ends with `\`;
//   - a quote or a bracket is still open (aws-CLI: '...', "...", {}, []; PartiQL: '...' strings
//     and "..." names with doubled-quote escapes, {}, [], (), <<>>);
//   - (PartiQL only) the text so far ends with a word or operator that cannot end a statement:
//     SELECT, FROM, WHERE, AND, OR, NOT, SET, REMOVE, INSERT, INTO, VALUE, UPDATE, DELETE,
//     BETWEEN, IN, IS, ORDER, BY, EXISTS, RETURNING, =, <>, !=, <, <=, >, >=, `,`, `.`, +, -, ||.
//   - (PartiQL only) the statement lacks a clause it cannot do without and does not end with
//     `;`: a SELECT or DELETE without FROM, an INSERT without VALUE, an UPDATE without SET or
//     REMOVE, an UPDATE or DELETE without WHERE (so `SELECT *` alone continues);
//   - (PartiQL only, where the text is read ahead: files, solution blocks, answers, pastes) the
//     statement does not end with `;` and the next line begins with a clause keyword (FROM,
//     WHERE, AND, OR, ORDER, BY, SET, REMOVE, VALUE, INTO, RETURNING).
// So a PartiQL statement can be laid out over several lines as SQL shells and course notes lay
// it out; `;` ends it. The dangling-word and missing-clause reasons are soft: a blank line or a
// dot-command line ends such a statement (cut short) instead of continuing it. Windows line
// ends (CRLF) are read as LF everywhere.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shell/session/cli.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

// Classifies an input by its first word.
InputKind ClassifyInput(std::string_view input);

// Why `buffer` (one or more lines) is not yet a complete statement, as a phrase for messages
// ("a ' quote is still open"), or empty when it is complete. Dot-commands are one line.
std::string IncompleteReason(std::string_view buffer);
inline bool InputIncomplete(std::string_view buffer) { return !IncompleteReason(buffer).empty(); }
// True when `buffer` is incomplete only because a PartiQL statement ends with a word or operator
// that cannot end it (the soft reason above).
bool SoftlyIncomplete(std::string_view buffer);

// The same two, for text whose line ends are already LF (no copy); `resume` (may be null) lets
// the aws-CLI scan continue from the start of the last line it saw (StatementAssembler).
std::string IncompleteReasonOfNormalized(std::string_view buffer, CliScanResume* resume);
bool SoftlyIncompleteNormalized(std::string_view buffer);

// Blank lines and comment lines (`#` or `--` first) between statements are skipped.
bool IsCommentLine(std::string_view line);

// `text` without leading and trailing white space.
std::string_view TrimStatement(std::string_view text);

// `text` with CRLF and lone trailing CR turned into LF.
std::string NormalizeLineEnds(std::string_view text);

// One statement of a file (script, lesson answers, solution block).
struct StatementText {
  std::string text;      // its lines joined with "\n"
  int line = 0;          // 1-based line where it starts
  bool complete = true;  // false: the file ended while it still needed more lines
};

// Gathers lines into statements by the rule above, one line at a time, so a script can run each
// statement as soon as it is complete. SplitStatements is this over a whole text.
class StatementAssembler {
 public:
  // `read_ahead` false (the REPL while nothing more is waiting to be read) hands a complete
  // statement back at once instead of holding it for a clause line that may follow.
  explicit StatementAssembler(bool read_ahead = true) : read_ahead_(read_ahead) {}
  // Adds the next line (without its newline; a trailing CR is dropped). Returns the statements
  // it completes, in order: none, one, or two when the line cuts a softly incomplete statement
  // short and is itself a dot-command (or follows a held statement it does not continue).
  std::vector<StatementText> Feed(std::string_view line);
  // At the end of the input: the held statement, or the statement still open, marked
  // incomplete, if any.
  std::optional<StatementText> Finish();
  // A complete PartiQL statement without `;` is held until the next line shows whether a clause
  // continues it. The REPL releases it when no more input is waiting.
  bool held() const { return held_.has_value(); }
  std::optional<StatementText> ReleaseHeld();
  // The REPL when nothing more is waiting to be read (the user types): a held statement typed
  // on one line (or over lines each ended by `\`) is handed back to run on Enter; one laid out
  // over several lines (its first line was incomplete) stays open until a line ends it with `;`,
  // as SQL shells wait for it, so a statement typed line by line never runs half-written.
  // Returns what is to run now, if any.
  std::optional<StatementText> ReleaseTyped();
  // True while an open statement waits only for its `;`. Blank and comment lines are skipped
  // then, and a dot-command line runs on its own without ending the statement.
  bool awaiting_semicolon() const { return until_semicolon_; }
  // True while a statement has started and needs more lines; its text so far.
  bool open() const { return open_; }
  const std::string& pending() const { return current_.text; }
  // Drops the statement being gathered (Ctrl-C in the REPL).
  void Reset() {
    open_ = false;
    current_ = StatementText{};
    held_.reset();
    until_semicolon_ = false;
  }

 private:
  std::vector<StatementText> FeedUntilSemicolon(std::string_view line);
  std::vector<StatementText> Settle(std::vector<StatementText> done);
  bool read_ahead_ = true;
  std::optional<StatementText> held_;
  StatementText current_;
  bool open_ = false;
  bool until_semicolon_ = false;  // see awaiting_semicolon()
  CliScanResume scan_;  // where the aws-CLI scan of current_ picks up when a line is added
  int line_no_ = 0;
};

// Splits a file's text into statements by the rule above.
std::vector<StatementText> SplitStatements(std::string_view text);

// The PartiQL text that is sent: backslash-newline joins become spaces and trailing `;` go.
std::string PartiqlWireText(std::string_view statement);

}  // namespace ddblab::shell
