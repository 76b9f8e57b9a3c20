#include "value/key_tuple.h"

namespace ddblab {
namespace {

void AppendEscaped(const std::string& bytes, std::string* out) {
  for (char c : bytes) {
    out->push_back(c);
    if (c == '\0') out->push_back('\xFF');
  }
}

}  // namespace

void AppendKeyTuplePart(const AttributeValue& v, std::string* out) {
  AppendEscaped(EncodeKeyValue(v), out);
  out->push_back('\0');
  out->push_back('\x01');
}

void AppendKeyTuplePrefix(const AttributeValue& v, std::string* out) {
  AppendEscaped(EncodeKeyValue(v), out);
}

std::string EncodeKeyTuple(const std::vector<const AttributeValue*>& parts) {
  if (parts.size() == 1) return EncodeKeyValue(*parts[0]);
  std::string out;
  for (const AttributeValue* v : parts) AppendKeyTuplePart(*v, &out);
  return out;
}

}  // namespace ddblab
