// Decimal's item-size cost and its order-preserving byte encoding.
#include <cstdint>
#include <string>

#include "ddblab/decimal.h"
#include "value/decimal_limits.h"

namespace ddblab {

namespace {

// Leading byte of an encoded number; negatives sort first, then zero, then positives.
constexpr unsigned char kNegativeTag = 0x40;
constexpr unsigned char kZeroTag = 0x80;
constexpr unsigned char kPositiveTag = 0xC0;
// Ends a negative encoding. Greater than every complemented digit byte, so a shorter negative
// mantissa (smaller magnitude, larger value) sorts after a longer one it is a prefix of.
constexpr unsigned char kNegativeTerminator = 0xFF;

}  // namespace

size_t Decimal::ItemSizeBytes() const {
  // DynamoDB: CapacityUnitCalculations — 1 + ceil(int_digits/2) + ceil(frac_digits/2) + sign
  // byte; measured byte-exact against the service (reference section 3.2).
  if (digits_.empty()) return 1;
  const int64_t n = static_cast<int64_t>(digits_.size());
  const int64_t e = exponent_;
  int64_t int_digits;
  int64_t frac_digits;
  if (e >= n) {
    int_digits = n;  // an integer: its trailing zeros are free
    frac_digits = 0;
  } else if (e > 0) {
    int_digits = e;
    frac_digits = n - e;
  } else {
    int_digits = 0;
    frac_digits = n;  // no integer part: the zeros after the point are free
  }
  return static_cast<size_t>(1 + (int_digits + 1) / 2 + (frac_digits + 1) / 2 +
                             (negative_ ? 1 : 0));
}

std::string Decimal::EncodeOrdered() const {
  // Layout: sign tag, exponent byte, then the mantissa two digits per byte (pair value + 1, so
  // 1..100; an odd last digit is padded with 0, harmless because mantissas have no trailing
  // zeros). Negatives complement the exponent and digit bytes and add a terminator.
  if (digits_.empty()) return std::string(1, static_cast<char>(kZeroTag));
  const int64_t biased = static_cast<int64_t>(exponent_) - kMinExponent;  // 0..255 in range
  const unsigned char exp_byte =
      static_cast<unsigned char>(biased < 0 ? 0 : (biased > 255 ? 255 : biased));
  const size_t pairs = (digits_.size() + 1) / 2;
  std::string out;
  out.reserve(2 + pairs + 1);
  out.push_back(static_cast<char>(negative_ ? kNegativeTag : kPositiveTag));
  out.push_back(static_cast<char>(negative_ ? 255 - exp_byte : exp_byte));
  for (size_t p = 0; p < pairs; ++p) {
    const int hi = digits_[2 * p] - '0';
    const int lo = 2 * p + 1 < digits_.size() ? digits_[2 * p + 1] - '0' : 0;
    const int byte = hi * 10 + lo + 1;
    out.push_back(static_cast<char>(negative_ ? 101 - byte : byte));
  }
  if (negative_) out.push_back(static_cast<char>(kNegativeTerminator));
  return out;
}

}  // namespace ddblab
