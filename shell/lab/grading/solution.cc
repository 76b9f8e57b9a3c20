#include "grading/solution.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lab_runtime.h"

namespace ddblab::grade {

namespace {

std::string_view Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// `-- ` or a bare `--` starts a comment; `--option` (an aws-CLI continuation line) does not.
bool IsComment(std::string_view trimmed) {
  if (trimmed.substr(0, 1) == "#") return true;
  if (trimmed.substr(0, 2) != "--") return false;
  return trimmed.size() == 2 || trimmed[2] == ' ' || trimmed[2] == '\t' || trimmed[2] == '-';
}

}  // namespace

std::string_view BlockKindName(BlockKind kind) {
  switch (kind) {
    case BlockKind::kTable:
      return "table";
    case BlockKind::kEntity:
      return "entity";
    case BlockKind::kTransition:
      return "transition";
    case BlockKind::kPattern:
      return "pattern";
    case BlockKind::kHandler:
      return "handler";
  }
  return "table";
}

bool ParseBlockKind(std::string_view name, BlockKind* kind) {
  for (BlockKind k : {BlockKind::kTable, BlockKind::kEntity, BlockKind::kTransition,
                      BlockKind::kPattern, BlockKind::kHandler}) {
    if (name == BlockKindName(k)) {
      *kind = k;
      return true;
    }
  }
  return false;
}

const Block* Solution::Find(BlockKind kind, std::string_view name) const {
  for (const auto& b : blocks) {
    if (b.kind == kind && b.name == name) return &b;
  }
  return nullptr;
}

Solution ParseSolution(std::string_view text, std::string path) {
  Solution sol;
  sol.path = std::move(path);
  // Each block's body is collected as text (comments dropped) and split into statements with
  // the same continuation rules the shell's scripts use.
  std::vector<std::string> bodies;
  std::string outside;
  int outside_line = 0;
  size_t pos = 0;
  int line_no = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    std::string_view t = Trim(line);
    if (t.substr(0, 4) == "-- @") {
      std::string_view rest = Trim(t.substr(4));
      size_t sp = rest.find_first_of(" \t");
      std::string_view word = rest.substr(0, sp);
      std::string_view name = sp == std::string_view::npos ? "" : Trim(rest.substr(sp));
      BlockKind kind;
      if (!ParseBlockKind(word, &kind)) {
        sol.problems.push_back("line " + std::to_string(line_no) + ": unknown marker '-- @" +
                               std::string(word) +
                               "' (expected @table, @entity, @transition, @pattern or @handler)");
      } else if (kind != BlockKind::kTable && name.empty()) {
        sol.problems.push_back("line " + std::to_string(line_no) + ": '-- @" + std::string(word) +
                               "' needs a name");
      } else if (sol.Find(kind, name) != nullptr) {
        sol.problems.push_back("line " + std::to_string(line_no) + ": a second -- @" +
                               std::string(word) + (name.empty() ? "" : " ") + std::string(name) +
                               " block; only the first one is used");
      } else {
        Block b;
        b.kind = kind;
        b.name = std::string(name);
        b.line = line_no;
        sol.blocks.push_back(std::move(b));
        bodies.emplace_back();
        if (pos > text.size()) break;
        continue;
      }
      // A rejected marker opens no block; its lines are ignored until the next marker.
      sol.blocks.push_back(Block{BlockKind::kTable, "\x01rejected", line_no, {}});
      bodies.emplace_back();
      if (pos > text.size()) break;
      continue;
    }
    if (t.empty() || IsComment(t)) {
      // Comments vanish; a blank line is kept so the statement splitter sees the gap.
      if (t.empty() && !bodies.empty()) bodies.back() += "\n";
      if (pos > text.size()) break;
      continue;
    }
    if (bodies.empty()) {
      if (outside.empty()) outside_line = line_no;
      outside += std::string(line) + "\n";
    } else {
      bodies.back() += std::string(line) + "\n";
    }
    if (pos > text.size()) break;
  }
  if (!Trim(outside).empty()) {
    sol.problems.push_back("line " + std::to_string(outside_line) +
                           ": statements before the first '-- @' marker are ignored");
  }
  std::vector<Block> kept;
  for (size_t i = 0; i < sol.blocks.size(); ++i) {
    if (sol.blocks[i].name == "\x01rejected") continue;
    sol.blocks[i].statements = shell::SplitStatements(bodies[i]);
    kept.push_back(std::move(sol.blocks[i]));
  }
  sol.blocks = std::move(kept);
  return sol;
}

constexpr size_t kMaxSolutionBytes = size_t{16} << 20;

Result<Solution> LoadSolution(const std::string& path) {
  // A solution is a text file of statements; anything else (a device, a FIFO, a file larger
  // than the largest request it could hold) is refused before it is read.
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (!ec && !std::filesystem::is_regular_file(status)) {
    return ValidationError("solution " + path + " is not a regular file");
  }
  auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxSolutionBytes) {
    return ValidationError("solution " + path + " is larger than " +
                           std::to_string(kMaxSolutionBytes >> 20) + " MiB");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return ValidationError("cannot read solution file " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ParseSolution(ss.str(), path);
}

Result<std::string> FillPlaceholders(std::string_view text,
                                     const std::map<std::string, std::string>& params) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      size_t close = text.find('}', i + 2);
      if (close == std::string_view::npos) {
        return ValidationError("unclosed placeholder '" + std::string(text.substr(i, 20)) + "'");
      }
      std::string name(Trim(text.substr(i + 2, close - i - 2)));
      auto it = params.find(name);
      if (it == params.end()) {
        std::string known;
        for (const auto& [k, v] : params) known += (known.empty() ? "" : ", ") + k;
        return ValidationError("no value for placeholder ${" + name +
                               "} (parameters given: " + (known.empty() ? "none" : known) + ")");
      }
      out += it->second;
      i = close + 1;
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace ddblab::grade
