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

std::string RenderOperand(const Operand& op) {
  switch (op.type) {
    case Operand::Type::kPath:
      return PathText(op.path);
    case Operand::Type::kValue:
      return RenderValue(op.value);
    case Operand::Type::kFunction: {
      std::string out = op.function + "(";
      for (size_t i = 0; i < op.args.size(); ++i) {
        if (i > 0) out += ", ";
        out += RenderOperand(op.args[i]);
      }
      return out + ")";
    }
  }
  return "";
}

std::string RenderCondition(const CondNode& node) {
  std::string out;
  switch (node.op) {
    case CondNode::Op::kCompare:
      out = RenderOperand(node.operands[0]) + " " + std::string(ComparatorText(node.cmp)) + " " +
            RenderOperand(node.operands[1]);
      break;
    case CondNode::Op::kBetween:
      out = RenderOperand(node.operands[0]) + " BETWEEN " + RenderOperand(node.operands[1]) +
            " AND " + RenderOperand(node.operands[2]);
      break;
    case CondNode::Op::kIn:
      out = RenderOperand(node.operands[0]) + " IN (";
      for (size_t i = 1; i < node.operands.size(); ++i) {
        if (i > 1) out += ", ";
        out += RenderOperand(node.operands[i]);
      }
      out += ")";
      break;
    case CondNode::Op::kFunction:
      out = RenderOperand(node.operands[0]);
      break;
    case CondNode::Op::kAnd:
      out = RenderCondition(*node.children[0]) + " AND " + RenderCondition(*node.children[1]);
      break;
    case CondNode::Op::kOr:
      out = RenderCondition(*node.children[0]) + " OR " + RenderCondition(*node.children[1]);
      break;
    case CondNode::Op::kNot:
      out = "NOT " + RenderCondition(*node.children[0]);
      break;
  }
  if (node.parenthesized) return "(" + out + ")";
  return out;
}

}  // namespace ddblab::expr
