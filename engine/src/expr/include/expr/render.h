// Human-readable rendering of resolved expressions for traces and EXPLAIN: placeholders are
// shown substituted (unless NameRefs asks for them), values in a compact literal form ("x", 5,
// true, [1, "a"], {k: 1}, <<"a">>).
#pragma once

#include <map>
#include <string>

#include "ddblab/value.h"
#include "expr/ast.h"

namespace ddblab::expr {

std::string RenderValue(const AttributeValue& v);

// Given to the renderers below, each attribute name is written as its #placeholder (name ->
// placeholder) and each value as its :placeholder (Operand::value_ref): the text a client sends.
using NameRefs = std::map<std::string, std::string>;

std::string RenderPath(const Path& path, const NameRefs* refs = nullptr);
std::string RenderOperand(const Operand& op, const NameRefs* refs = nullptr);
std::string RenderCondition(const CondNode& node, const NameRefs* refs = nullptr);

}  // namespace ddblab::expr
