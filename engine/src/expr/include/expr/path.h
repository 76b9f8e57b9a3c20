// Document paths: lookup in items, DynamoDB's display form, overlap/conflict checks, and the
// path trees that projections and updates walk.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/value.h"
#include "expr/expr.h"

namespace ddblab::expr {

// The value at `path` in `item`, or null when any step is missing or of the wrong container type.
// `item` null means no item.
const AttributeValue* Lookup(const Item* item, const Path& path);

// DynamoDB's rendering inside overlap/conflict messages: "[a, b, [1]]".
std::string PathDisplay(const Path& path);
// Expression-like rendering for traces: "a.b[1]".
std::string PathText(const Path& path);

// Rejects two paths that overlap (equal, or one a prefix of the other) or conflict (one steps
// into a map where the other steps into a list): "Two document paths overlap with each other;
// must remove or rewrite one of these paths; path one: [a], path two: [a]".
Status CheckNoOverlap(const std::vector<Path>& paths, Kind kind);

// Paths merged into a tree; a node is either a leaf (the path ends here) or has children of one
// kind (names or indexes) once CheckNoOverlap has passed.
struct PathTree {
  bool leaf = false;
  std::map<std::string, PathTree, std::less<>> names;
  std::map<int64_t, PathTree> indexes;
  void Add(const Path& path, size_t from = 0);
};

// The parts of `item` the tree selects, keeping structure; list elements are kept in index order.
Item ProjectTree(const PathTree& tree, const Item& item);

}  // namespace ddblab::expr
