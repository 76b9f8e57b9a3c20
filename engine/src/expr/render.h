// Human-readable rendering of resolved expressions for traces and EXPLAIN: placeholders are
// shown substituted, values in a compact literal form ("x", 5, true, [1, "a"], {k: 1}, <<"a">>).
#pragma once

#include <string>

#include "ddblab/value.h"
#include "expr/ast.h"

namespace ddblab::expr {

std::string RenderValue(const AttributeValue& v);
std::string RenderOperand(const Operand& op);
std::string RenderCondition(const CondNode& node);

}  // namespace ddblab::expr
