// Decimal: DynamoDB's Number type. Exact, up to 38 significant digits, magnitude between 1E-130
// and 9.99...E+125, no binary floating point anywhere.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddblab/error.h"

namespace ddblab {

class Decimal {
 public:
  // Zero.
  Decimal() = default;

  // Parses a DynamoDB number literal: optional sign, digits with optional fraction (a leading '.'
  // is fine), optional e/E exponent. No spaces, NaN or Infinity.
  // Errors (ValidationException, DynamoDB's texts):
  //   "The parameter cannot be converted to a numeric value: <literal>"
  //   "Attempting to store more than 38 significant digits in a Number"
  //   "Number overflow. Attempting to store a number with magnitude larger than supported range"
  //   "Number underflow. Attempting to store a number with magnitude smaller than supported range"
  static Result<Decimal> Parse(std::string_view text);

  // Builds from an integer (always in range).
  static Decimal FromInt(int64_t v);

  // Canonical decimal text as DynamoDB returns it: no exponent, no leading/trailing zeros,
  // "-0" becomes "0" ("149.00" -> "149", "1e3" -> "1000", ".5" -> "0.5").
  std::string ToString() const;

  // Numeric comparison: <0, 0, >0.
  int Compare(const Decimal& other) const;
  bool operator==(const Decimal& o) const { return Compare(o) == 0; }
  bool operator<(const Decimal& o) const { return Compare(o) < 0; }

  // Exact arithmetic for UpdateExpression SET a = b + c and ADD; an error when the result needs
  // more than 38 significant digits or leaves the range (DynamoDB reuses the overflow text).
  Result<Decimal> Add(const Decimal& other) const;
  Result<Decimal> Subtract(const Decimal& other) const;

  bool IsZero() const { return digits_.empty(); }
  bool IsNegative() const { return negative_; }

  // Bytes this number counts for in DynamoDB's item-size formula:
  // 1 + ceil(int_digits/2) + ceil(frac_digits/2) + (negative ? 1 : 0); zero costs 1.
  size_t ItemSizeBytes() const;

  // Order-preserving byte encoding: memcmp order of encodings equals numeric order.
  std::string EncodeOrdered() const;

  // Converts to double for display-only purposes (capacity rendering, partition heuristics).
  double ToDoubleForDisplay() const;

 private:
  // Value = (negative_ ? -1 : 1) * 0.d1d2...dn * 10^exponent_, digits_ without leading or
  // trailing zeros; zero is digits_ empty.
  bool negative_ = false;
  std::string digits_;
  int32_t exponent_ = 0;
};

}  // namespace ddblab
