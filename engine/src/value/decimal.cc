// Decimal parsing, canonical text, comparison and conversions.
#include "ddblab/decimal.h"

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "value/decimal_limits.h"

namespace ddblab {

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

Error NotNumeric(std::string_view text) {
  // DynamoDB: HowItWorks.NamingRulesDataTypes — an empty literal gets the message without ": ".
  if (text.empty()) return ValidationError("The parameter cannot be converted to a numeric value");
  std::string msg = "The parameter cannot be converted to a numeric value: ";
  msg.append(text);
  return ValidationError(std::move(msg));
}

}  // namespace

Result<Decimal> Decimal::Parse(std::string_view text) {
  const size_t n = text.size();
  size_t i = 0;
  bool negative = false;
  if (i < n && (text[i] == '+' || text[i] == '-')) {
    negative = text[i] == '-';
    ++i;
  }
  const size_t int_start = i;
  while (i < n && IsDigit(text[i])) ++i;
  const size_t int_len = i - int_start;
  size_t frac_start = i;
  size_t frac_len = 0;
  if (i < n && text[i] == '.') {
    ++i;
    frac_start = i;
    while (i < n && IsDigit(text[i])) ++i;
    frac_len = i - frac_start;
  }
  if (int_len + frac_len == 0) return NotNumeric(text);

  // The exponent saturates far outside the legal range so absurd literals cannot overflow int64.
  int64_t exp = 0;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
      exp_negative = text[i] == '-';
      ++i;
    }
    const size_t exp_start = i;
    while (i < n && IsDigit(text[i])) {
      if (exp < kExponentSaturation) exp = exp * 10 + (text[i] - '0');
      ++i;
    }
    if (i == exp_start) return NotNumeric(text);
    if (exp_negative) exp = -exp;
  }
  if (i != n) return NotNumeric(text);

  // Mantissa digits are the integer digits followed by the fraction digits; `at` maps an index in
  // that virtual sequence back to the text without copying.
  const size_t total = int_len + frac_len;
  auto at = [&](size_t k) {
    return k < int_len ? text[int_start + k] : text[frac_start + (k - int_len)];
  };
  size_t first = 0;
  while (first < total && at(first) == '0') ++first;
  if (first == total) return Decimal();
  size_t last = total - 1;
  while (at(last) == '0') --last;

  const int64_t exponent = static_cast<int64_t>(int_len) + exp - static_cast<int64_t>(first);
  const size_t count = last - first + 1;
  // DynamoDB: HowItWorks.NamingRulesDataTypes — range is checked before precision.
  if (exponent > kMaxExponent) return ValidationError(std::string(kOverflowMessage));
  if (exponent < kMinExponent) return ValidationError(std::string(kUnderflowMessage));
  if (count > kMaxDigits) return ValidationError(std::string(kPrecisionMessage));

  Decimal d;
  d.negative_ = negative;
  d.exponent_ = static_cast<int32_t>(exponent);
  d.digits_.resize(count);
  for (size_t k = 0; k < count; ++k) d.digits_[k] = at(first + k);
  return d;
}

Decimal Decimal::FromInt(int64_t v) {
  Decimal d;
  if (v == 0) return d;
  d.negative_ = v < 0;
  // Unsigned magnitude so INT64_MIN does not overflow.
  uint64_t mag = d.negative_ ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), mag);
  (void)ec;
  std::string_view s(buf, static_cast<size_t>(end - buf));
  d.exponent_ = static_cast<int32_t>(s.size());
  while (!s.empty() && s.back() == '0') s.remove_suffix(1);
  d.digits_.assign(s);
  return d;
}

std::string Decimal::ToString() const {
  if (digits_.empty()) return "0";
  const int64_t n = static_cast<int64_t>(digits_.size());
  const int64_t e = exponent_;
  std::string out;
  out.reserve(static_cast<size_t>(n + (e > n ? e - n : 0) + (e <= 0 ? 2 - e : 1) + 1));
  if (negative_) out.push_back('-');
  if (e >= n) {
    out.append(digits_);
    out.append(static_cast<size_t>(e - n), '0');
  } else if (e > 0) {
    out.append(digits_, 0, static_cast<size_t>(e));
    out.push_back('.');
    out.append(digits_, static_cast<size_t>(e));
  } else {
    out.append("0.");
    out.append(static_cast<size_t>(-e), '0');
    out.append(digits_);
  }
  return out;
}

int Decimal::Compare(const Decimal& other) const {
  const int sa = digits_.empty() ? 0 : (negative_ ? -1 : 1);
  const int sb = other.digits_.empty() ? 0 : (other.negative_ ? -1 : 1);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  int mag;
  if (exponent_ != other.exponent_) {
    mag = exponent_ < other.exponent_ ? -1 : 1;
  } else {
    // No trailing zeros, so a digit string that is a prefix of the other is the smaller value.
    const int c = digits_.compare(other.digits_);
    mag = c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  return sa * mag;
}

double Decimal::ToDoubleForDisplay() const {
  if (digits_.empty()) return 0.0;
  std::string text;
  text.reserve(digits_.size() + 8);
  if (negative_) text.push_back('-');
  text.append(digits_);
  text.push_back('e');
  text.append(
      std::to_string(static_cast<int64_t>(exponent_) - static_cast<int64_t>(digits_.size())));
  // strtod, not from_chars: every standard library has it for double, and the text has no
  // decimal point for a locale to misread (digits, 'e', exponent).
  return std::strtod(text.c_str(), nullptr);
}

}  // namespace ddblab
