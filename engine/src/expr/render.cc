#include "expr/render.h"

#include <cstdio>

#include "ddblab/base64.h"
#include "expr/path.h"

namespace ddblab::expr {
namespace {

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string RenderValue(const AttributeValue& v) {
  std::string out;
  switch (v.type) {
    case AttrType::kS:
      return Quote(v.str());
    case AttrType::kN:
      return v.num().ToString();
    case AttrType::kB:
      return "b" + Quote(Base64Encode(v.str()));
    case AttrType::kBool:
      return v.boolean() ? "true" : "false";
    case AttrType::kNull:
      return "null";
    case AttrType::kL:
      out = "[";
      for (size_t i = 0; i < v.list().size(); ++i) {
        if (i > 0) out += ", ";
        out += RenderValue(v.list()[i]);
      }
      return out + "]";
    case AttrType::kM: {
      out = "{";
      bool first = true;
      for (const auto& [k, e] : v.map()) {
        if (!first) out += ", ";
        first = false;
        out += Quote(k) + ": " + RenderValue(e);
      }
      return out + "}";
    }
    case AttrType::kSS:
    case AttrType::kBS:
      out = "<<";
      for (size_t i = 0; i < v.str_set().size(); ++i) {
        if (i > 0) out += ", ";
        out += v.type == AttrType::kSS ? Quote(v.str_set()[i])
                                       : "b" + Quote(Base64Encode(v.str_set()[i]));
      }
      return out + ">>";
    case AttrType::kNS:
      out = "<<";
      for (size_t i = 0; i < v.num_set().size(); ++i) {
        if (i > 0) out += ", ";
        out += v.num_set()[i].ToString();
      }
      return out + ">>";
  }
  return out;
}

std::string RenderPath(const Path& path, const NameRefs* refs) {
  if (refs == nullptr) return PathText(path);
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i].is_index()) {
      out += "[" + std::to_string(path[i].index) + "]";
      continue;
    }
    if (i > 0) out += ".";
    auto ref = refs->find(path[i].name);
    out += ref != refs->end() ? ref->second : path[i].name;
  }
  return out;
}

std::string RenderOperand(const Operand& op, const NameRefs* refs) {
  switch (op.type) {
    case Operand::Type::kPath:
      return RenderPath(op.path, refs);
    case Operand::Type::kValue:
      return refs != nullptr ? op.value_ref : RenderValue(op.value);
    case Operand::Type::kFunction: {
      std::string out = op.function + "(";
      for (size_t i = 0; i < op.args.size(); ++i) {
        if (i > 0) out += ", ";
        out += RenderOperand(op.args[i], refs);
      }
      return out + ")";
    }
  }
  return "";
}

std::string RenderCondition(const CondNode& node, const NameRefs* refs) {
  auto operand = [refs](const Operand& op) { return RenderOperand(op, refs); };
  auto child = [refs](const std::unique_ptr<CondNode>& c) { return RenderCondition(*c, refs); };
  std::string out;
  switch (node.op) {
    case CondNode::Op::kCompare:
      out = operand(node.operands[0]) + " " + std::string(ComparatorText(node.cmp)) + " " +
            operand(node.operands[1]);
      break;
    case CondNode::Op::kBetween:
      out = operand(node.operands[0]) + " BETWEEN " + operand(node.operands[1]) + " AND " +
            operand(node.operands[2]);
      break;
    case CondNode::Op::kIn:
      out = operand(node.operands[0]) + " IN (";
      for (size_t i = 1; i < node.operands.size(); ++i) {
        if (i > 1) out += ", ";
        out += operand(node.operands[i]);
      }
      out += ")";
      break;
    case CondNode::Op::kFunction:
      out = operand(node.operands[0]);
      break;
    case CondNode::Op::kAnd:
      out = child(node.children[0]) + " AND " + child(node.children[1]);
      break;
    case CondNode::Op::kOr:
      out = child(node.children[0]) + " OR " + child(node.children[1]);
      break;
    case CondNode::Op::kNot:
      out = "NOT " + child(node.children[0]);
      break;
  }
  if (node.parenthesized) return "(" + out + ")";
  return out;
}

}  // namespace ddblab::expr
