// ProjectionExpression: a comma-separated list of document paths.
#include <string>

#include "expr/built.h"
#include "expr/parser.h"
#include "expr/path.h"

namespace ddblab::expr {

std::vector<std::string> ProjectionExpr::TopLevelAttributes() const {
  std::vector<std::string> out;
  for (const Path& p : paths) {
    bool seen = false;
    for (const auto& name : out) seen = seen || name == p[0].name;
    if (!seen) out.push_back(p[0].name);
  }
  return out;
}

Result<ProjectionExpr> ParseProjection(std::string_view text, Context& ctx) {
  constexpr Kind kKind = Kind::kProjection;
  Parser parser(text, kKind);
  DDB_TRY(parser.Begin());
  ProjectionExpr out;
  while (true) {
    DDB_ASSIGN_OR_RETURN(Path path, parser.ParsePath());
    out.paths.push_back(std::move(path));
    if (!parser.At(TokenType::kComma)) break;
    parser.Next();
  }
  DDB_TRY(parser.ExpectEnd());
  for (Path& p : out.paths) DDB_TRY(ResolvePath(p, kKind, ctx));
  return ProjectionFromPaths(std::move(out.paths));
}

Result<ProjectionExpr> ProjectionFromPaths(std::vector<Path> paths) {
  // DynamoDB: overlapping or conflicting paths are rejected, compared by resolved names
  // (Developer Guide "Projection expressions").
  DDB_TRY(CheckNoOverlap(paths, Kind::kProjection));
  ProjectionExpr out;
  out.paths = std::move(paths);
  return out;
}

Item Project(const ProjectionExpr& p, const Item& item) {
  PathTree tree;
  for (const Path& path : p.paths) tree.Add(path);
  return ProjectTree(tree, item);
}

}  // namespace ddblab::expr
