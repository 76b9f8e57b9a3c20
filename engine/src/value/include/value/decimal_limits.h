// DynamoDB's Number limits in terms of Decimal's representation 0.d1d2...dn * 10^exponent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ddblab {

// DynamoDB: HowItWorks.NamingRulesDataTypes — at most 38 significant digits, magnitude between
// 1E-130 (0.1 * 10^-129) and 9.99...E+125 (0.99... * 10^126).
inline constexpr size_t kMaxDigits = 38;
inline constexpr int64_t kMaxExponent = 126;
inline constexpr int64_t kMinExponent = -129;
// Exponents in literals saturate here; far enough out that saturation never changes a verdict.
inline constexpr int64_t kExponentSaturation = 1'000'000'000;

inline constexpr std::string_view kOverflowMessage =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
inline constexpr std::string_view kUnderflowMessage =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";
inline constexpr std::string_view kPrecisionMessage =
    "Attempting to store more than 38 significant digits in a Number";

}  // namespace ddblab
