#include "expr/path.h"

#include <algorithm>
#include <optional>

#include "expr/messages.h"

namespace ddblab::expr {

const AttributeValue* Lookup(const Item* item, const Path& path) {
  if (item == nullptr || path.empty() || path[0].is_index()) return nullptr;
  auto it = item->find(path[0].name);
  if (it == item->end()) return nullptr;
  const AttributeValue* cur = &it->second;
  for (size_t i = 1; i < path.size(); ++i) {
    const PathElement& e = path[i];
    if (e.is_index()) {
      if (cur->type != AttrType::kL) return nullptr;
      const List& l = cur->list();
      if (static_cast<uint64_t>(e.index) >= l.size()) return nullptr;
      cur = &l[static_cast<size_t>(e.index)];
    } else {
      if (cur->type != AttrType::kM) return nullptr;
      auto mit = cur->map().find(e.name);
      if (mit == cur->map().end()) return nullptr;
      cur = &mit->second;
    }
  }
  return cur;
}

std::string PathDisplay(const Path& path) {
  std::string out = "[";
  for (size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out += ", ";
    if (path[i].is_index()) {
      out += "[" + std::to_string(path[i].index) + "]";
    } else {
      out += path[i].name;
    }
  }
  out += "]";
  return out;
}

std::string PathText(const Path& path) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i].is_index()) {
      out += "[" + std::to_string(path[i].index) + "]";
    } else {
      if (i > 0) out += ".";
      out += path[i].name;
    }
  }
  return out;
}

Status CheckNoOverlap(const std::vector<Path>& paths, Kind kind) {
  for (size_t j = 1; j < paths.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      const Path& a = paths[i];
      const Path& b = paths[j];
      size_t common = std::min(a.size(), b.size());
      std::optional<bool> conflict;  // set at the first differing step
      for (size_t k = 0; k < common && !conflict; ++k) {
        if (a[k].is_index() != b[k].is_index()) {
          conflict = true;
        } else if (a[k].is_index() ? a[k].index != b[k].index : a[k].name != b[k].name) {
          conflict = false;
        }
      }
      if (conflict == false) continue;
      std::string what = conflict.has_value() ? "conflict" : "overlap";
      return KindError(kind, "Two document paths " + what +
                                 " with each other; must remove or rewrite one of these paths; "
                                 "path one: " +
                                 PathDisplay(a) + ", path two: " + PathDisplay(b));
    }
  }
  return OkStatus();
}

void PathTree::Add(const Path& path, size_t from) {
  if (from == path.size()) {
    leaf = true;
    return;
  }
  const PathElement& e = path[from];
  if (e.is_index()) {
    indexes[e.index].Add(path, from + 1);
  } else {
    names[e.name].Add(path, from + 1);
  }
}

namespace {

// Projects `v` through `node`; nullopt when nothing under it exists.
std::optional<AttributeValue> ProjectValue(const PathTree& node, const AttributeValue& v) {
  if (node.leaf) return v;
  if (!node.names.empty() && v.type == AttrType::kM) {
    Map out;
    for (const auto& [name, child] : node.names) {
      auto it = v.map().find(name);
      if (it == v.map().end()) continue;
      if (auto p = ProjectValue(child, it->second)) out.emplace(name, std::move(*p));
    }
    if (out.empty()) return std::nullopt;
    return AttributeValue::M(std::move(out));
  }
  if (!node.indexes.empty() && v.type == AttrType::kL) {
    List out;
    const List& l = v.list();
    for (const auto& [index, child] : node.indexes) {
      if (static_cast<uint64_t>(index) >= l.size()) continue;
      if (auto p = ProjectValue(child, l[static_cast<size_t>(index)])) out.push_back(std::move(*p));
    }
    if (out.empty()) return std::nullopt;
    return AttributeValue::L(std::move(out));
  }
  return std::nullopt;
}

}  // namespace

Item ProjectTree(const PathTree& tree, const Item& item) {
  Item out;
  for (const auto& [name, child] : tree.names) {
    auto it = item.find(name);
    if (it == item.end()) continue;
    if (auto p = ProjectValue(child, it->second)) out.emplace(name, std::move(*p));
  }
  return out;
}

}  // namespace ddblab::expr
