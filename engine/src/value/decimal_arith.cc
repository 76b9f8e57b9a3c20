// Exact Decimal addition and subtraction.
#include <algorithm>
#include <cstdint>
#include <string>

#include "ddblab/decimal.h"
#include "value/decimal_limits.h"

namespace ddblab {

Result<Decimal> Decimal::Add(const Decimal& other) const {
  if (other.digits_.empty()) return *this;
  if (digits_.empty()) return other;

  // Lay both magnitudes out on one grid of decimal places, most significant first. Position k
  // stands for 10^(high - 1 - k). Operands are in range, so the grid is at most ~300 places.
  const int64_t na = static_cast<int64_t>(digits_.size());
  const int64_t nb = static_cast<int64_t>(other.digits_.size());
  const int64_t high = std::max<int64_t>(exponent_, other.exponent_);
  const int64_t low = std::min<int64_t>(exponent_ - na, other.exponent_ - nb);
  const size_t width = static_cast<size_t>(high - low);
  const size_t off_a = static_cast<size_t>(high - exponent_);
  const size_t off_b = static_cast<size_t>(high - other.exponent_);
  auto digit_a = [&](size_t k) -> int {
    return k >= off_a && k - off_a < digits_.size() ? digits_[k - off_a] - '0' : 0;
  };
  auto digit_b = [&](size_t k) -> int {
    return k >= off_b && k - off_b < other.digits_.size() ? other.digits_[k - off_b] - '0' : 0;
  };

  // One extra leading place for a carry out of the top digit.
  std::string sum(width + 1, '0');
  bool negative;
  if (negative_ == other.negative_) {
    negative = negative_;
    int carry = 0;
    for (size_t k = width; k-- > 0;) {
      int d = digit_a(k) + digit_b(k) + carry;
      carry = d >= 10;
      sum[k + 1] = static_cast<char>('0' + (d - (carry ? 10 : 0)));
    }
    sum[0] = static_cast<char>('0' + carry);
  } else {
    // Subtract the smaller magnitude from the larger; the result takes the larger one's sign.
    Decimal abs_a = *this;
    Decimal abs_b = other;
    abs_a.negative_ = false;
    abs_b.negative_ = false;
    const int mag = abs_a.Compare(abs_b);
    if (mag == 0) return Decimal();
    const bool a_larger = mag > 0;
    negative = a_larger ? negative_ : other.negative_;
    int borrow = 0;
    for (size_t k = width; k-- > 0;) {
      int big = a_larger ? digit_a(k) : digit_b(k);
      int small = a_larger ? digit_b(k) : digit_a(k);
      int d = big - small - borrow;
      borrow = d < 0;
      sum[k + 1] = static_cast<char>('0' + (d + (borrow ? 10 : 0)));
    }
  }

  size_t first = sum.find_first_not_of('0');
  if (first == std::string::npos) return Decimal();
  size_t last = sum.find_last_not_of('0');
  // sum[0] stands for 10^high.
  const int64_t exponent = high + 1 - static_cast<int64_t>(first);
  // DynamoDB: Expressions.UpdateExpressions — a result that would need rounding is refused with
  // the overflow text rather than rounded.
  if (last - first + 1 > kMaxDigits || exponent > kMaxExponent) {
    return ValidationError(std::string(kOverflowMessage));
  }
  if (exponent < kMinExponent) return ValidationError(std::string(kUnderflowMessage));
  Decimal out;
  out.negative_ = negative;
  out.exponent_ = static_cast<int32_t>(exponent);
  out.digits_.assign(sum, first, last - first + 1);
  return out;
}

Result<Decimal> Decimal::Subtract(const Decimal& other) const {
  Decimal negated = other;
  if (!negated.digits_.empty()) negated.negative_ = !negated.negative_;
  return Add(negated);
}

}  // namespace ddblab
