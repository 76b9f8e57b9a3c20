// The ordered encoding of a multi-attribute GSI key (a tuple of typed key values), used for the
// index's ipk and isk columns.
//
// Each part is its EncodeKeyValue bytes with 0x00 escaped as 0x00 0xFF and a 0x00 0x01
// terminator, so memcmp order on the concatenation is the tuple's order part by part (a part
// that is a prefix of another sorts first), and a byte prefix of the last part stays a byte
// prefix of the encoding (begins_with on the last sort-key attribute of a Query).
// A key of one attribute keeps its plain EncodeKeyValue bytes, so single-attribute indexes store
// and hash exactly as before.
#pragma once

#include <string>
#include <vector>

#include "ddblab/value.h"

namespace ddblab {

// Appends one escaped, terminated part.
void AppendKeyTuplePart(const AttributeValue& v, std::string* out);

// Appends a part's escaped bytes without the terminator: the encoding of every tuple whose part
// here begins with `v` (S or B) starts with the result.
void AppendKeyTuplePrefix(const AttributeValue& v, std::string* out);

// The encoding of a key of `parts` (1 part: EncodeKeyValue; more: the tuple encoding).
std::string EncodeKeyTuple(const std::vector<const AttributeValue*>& parts);

}  // namespace ddblab
