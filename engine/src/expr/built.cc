// Built expressions written back as the text a client would send: for EXPLAIN, and for what a
// transaction counts (its payload size, its idempotency fingerprint). The engine never parses this
// text: it runs the trees (built.h).
#include "expr/built.h"

#include <string>
#include <vector>

#include "expr/parser.h"
#include "expr/render.h"

namespace ddblab::expr {
namespace {

NameRefs RefsOf(const Built& built) {
  NameRefs refs;
  for (const auto& [ref, name] : built.names) refs.emplace(name, ref);
  return refs;
}

std::string Joined(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += sep;
    out += parts[i];
  }
  return out;
}

std::string ConditionOrEmpty(const std::shared_ptr<const CondNode>& root, const Built& built) {
  if (!root) return "";
  NameRefs refs = RefsOf(built);
  return RenderCondition(*root, &refs);
}

}  // namespace

std::string KeyConditionText(const Built& built) {
  return ConditionOrEmpty(built.key_condition, built);
}

std::string ConditionText(const Built& built) { return ConditionOrEmpty(built.condition, built); }

std::string ProjectionText(const Built& built) {
  if (!built.projection) return "";
  NameRefs refs = RefsOf(built);
  std::vector<std::string> paths;
  for (const Path& p : *built.projection) paths.push_back(RenderPath(p, &refs));
  return Joined(paths, ", ");
}

std::string UpdateText(const Built& built) {
  if (!built.update) return "";
  NameRefs refs = RefsOf(built);
  constexpr const char* kWords[] = {"SET", "REMOVE", "ADD", "DELETE"};
  std::vector<std::string> clauses;
  std::vector<std::string> parts;
  auto flush = [&](int clause) {
    if (!parts.empty()) clauses.push_back(std::string(kWords[clause]) + " " + Joined(parts, ", "));
    parts.clear();
  };
  int clause = 0;
  for (const UpdateAction& a : *built.update) {
    int c = static_cast<int>(a.clause);
    if (c != clause) flush(clause);
    clause = c;
    std::string target = RenderPath(a.path, &refs);
    switch (a.clause) {
      case UpdateAction::Clause::kSet: {
        std::string value = RenderOperand(a.lhs, &refs);
        if (a.arithmetic != 0) {
          value += std::string(" ") + a.arithmetic + " " + RenderOperand(a.rhs, &refs);
        }
        parts.push_back(target + " = " + value);
        break;
      }
      case UpdateAction::Clause::kRemove:
        parts.push_back(target);
        break;
      case UpdateAction::Clause::kAdd:
      case UpdateAction::Clause::kDelete:
        parts.push_back(target + " " + RenderOperand(a.lhs, &refs));
        break;
    }
  }
  flush(clause);
  return Joined(clauses, " ");
}

ExpressionAttributeValues PlaceholderValues(const Built& built) {
  ExpressionAttributeValues out;
  auto note = [&out](const Operand& op) {
    if (op.type == Operand::Type::kValue) out.emplace(op.value_ref, op.value);
  };
  for (const auto* root : {&built.key_condition, &built.condition}) {
    if (*root) ForEachOperand(**root, note);
  }
  if (built.update) {
    for (const UpdateAction& a : *built.update) {
      ForEachOperand(a.lhs, note);
      if (a.arithmetic != 0) ForEachOperand(a.rhs, note);
    }
  }
  return out;
}

}  // namespace ddblab::expr
