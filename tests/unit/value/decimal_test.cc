#include "ddblab/decimal.h"

#include <catch2/catch.hpp>
#include <string>

using ddblab::Decimal;

namespace {

std::string Canon(const std::string& literal) {
  auto d = Decimal::Parse(literal);
  REQUIRE(d.ok());
  return d->ToString();
}

std::string ParseError(const std::string& literal) {
  auto d = Decimal::Parse(literal);
  REQUIRE_FALSE(d.ok());
  CHECK(d.error().type == ddblab::ErrorType::kValidationException);
  return d.error().message;
}

Decimal D(const std::string& literal) {
  auto d = Decimal::Parse(literal);
  REQUIRE(d.ok());
  return *d;
}

const char kOverflow[] =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const char kUnderflow[] =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";
const char kPrecision[] = "Attempting to store more than 38 significant digits in a Number";

}  // namespace

TEST_CASE("Numbers come back in canonical decimal form") {
  const std::pair<const char*, const char*> cases[] = {
      {"007", "7"},
      {"001.23", "1.23"},
      {"00", "0"},
      {"+3", "3"},
      {"+0", "0"},
      {"1.0", "1"},
      {"1.10", "1.1"},
      {"100.000", "100"},
      {"0.10", "0.1"},
      {"1e3", "1000"},
      {"1E+3", "1000"},
      {"1.5e2", "150"},
      {"-3e2", "-300"},
      {"1e-3", "0.001"},
      {"123e-2", "1.23"},
      {"-0", "0"},
      {"-0.0", "0"},
      {"0e5", "0"},
      {".5", "0.5"},
      {"-.5", "-0.5"},
      {"0042.1200", "42.12"},
      {"149.00", "149"},
      {"1.", "1"},
      {"0.0e126", "0"},
      {"12.5e-1", "1.25"},
      {"-0.000123", "-0.000123"},
      {"5e-0", "5"},
      {"1e0000000002", "100"},
  };
  for (const auto& [in, out] : cases) {
    INFO(in);
    CHECK(Canon(in) == out);
  }
  CHECK(Canon("1e125") == "1" + std::string(125, '0'));
  CHECK(Canon("1e125").size() == 126);
  CHECK(Canon("1e-130") == "0." + std::string(129, '0') + "1");
}

TEST_CASE("Malformed number literals are not numeric values") {
  const char* bad[] = {"NaN", "Infinity", "-Infinity", "abc", " 1",   "1 ",  "1e",  "e5",   ".",
                       "-",   "+",        "1.2.3",     "1e+", "0x10", "1,5", "--1", "1e5.5"};
  for (const char* lit : bad) {
    INFO(lit);
    CHECK(ParseError(lit) ==
          std::string("The parameter cannot be converted to a numeric value: ") + lit);
  }
  CHECK(ParseError("") == "The parameter cannot be converted to a numeric value");
}

TEST_CASE("Numbers keep 38 significant digits and reject the 39th") {
  const std::string d38(38, '7');
  CHECK(Canon(d38) == d38);
  CHECK(Canon("-" + d38) == "-" + d38);
  CHECK(ParseError(d38 + "7") == kPrecision);
  CHECK(ParseError("0." + d38 + "1") == kPrecision);
  // Leading and trailing zeros are not significant.
  CHECK(Canon("000" + d38 + "000") == d38 + "000");
  CHECK(Canon("1" + std::string(60, '0')) == "1" + std::string(60, '0'));
  CHECK(Canon("1." + std::string(36, '0') + "1") == "1." + std::string(36, '0') + "1");
  CHECK(ParseError("1." + std::string(37, '0') + "1") == kPrecision);
}

TEST_CASE("Number magnitude is bounded by 1E-130 and 9.99E+125") {
  const std::string max = "9." + std::string(37, '9') + "E+125";
  CHECK(Canon(max) == std::string(38, '9') + std::string(88, '0'));
  CHECK(Canon("-" + max).size() == 127);
  CHECK(ParseError("1e126") == kOverflow);
  CHECK(ParseError("-1e126") == kOverflow);
  CHECK(ParseError("10e125") == kOverflow);
  CHECK(ParseError("1e999999999999999999999") == kOverflow);
  CHECK(Canon("1E-130").size() == 132);
  CHECK(ParseError("1e-131") == kUnderflow);
  CHECK(ParseError("-0.1e-130") == kUnderflow);
  CHECK(ParseError("1e-999999999999999999999") == kUnderflow);
  // Zero never leaves the range, whatever its exponent.
  CHECK(Canon("0e999") == "0");
  // Range is judged before precision.
  CHECK(ParseError(std::string(39, '1') + "e200") == kOverflow);
}

TEST_CASE("Numbers compare by value") {
  CHECK(D("1000") == D("1e3"));
  CHECK(D("1000") == D("+1000"));
  CHECK(D("1000") == D("001000.000"));
  CHECK(D("-0") == D("0"));
  CHECK(D("1") == D("1.0"));
  CHECK(D("-1") < D("0"));
  CHECK(D("0") < D("1e-130"));
  CHECK(D("-1e-130") < D("0"));
  CHECK(D("0.1") < D("0.105"));
  CHECK(D("-0.105") < D("-0.1"));
  CHECK(D("9") < D("10"));
  CHECK(D("-10") < D("-9"));
  CHECK(D("1.5").Compare(D("1.5")) == 0);
  CHECK(D("2").Compare(D("1.99999")) > 0);
  CHECK(D("-2").Compare(D("-1.99999")) < 0);
  CHECK(Decimal().IsZero());
  CHECK(D("-0").IsNegative() == false);
}

TEST_CASE("FromInt covers the whole int64 range") {
  CHECK(Decimal::FromInt(0).ToString() == "0");
  CHECK(Decimal::FromInt(100).ToString() == "100");
  CHECK(Decimal::FromInt(-42).ToString() == "-42");
  CHECK(Decimal::FromInt(INT64_MAX).ToString() == "9223372036854775807");
  CHECK(Decimal::FromInt(INT64_MIN).ToString() == "-9223372036854775808");
  CHECK(Decimal::FromInt(1000) == D("1e3"));
}

TEST_CASE("Addition and subtraction are exact") {
  auto add = [](const char* a, const char* b) {
    auto r = D(a).Add(D(b));
    REQUIRE(r.ok());
    return r->ToString();
  };
  auto sub = [](const char* a, const char* b) {
    auto r = D(a).Subtract(D(b));
    REQUIRE(r.ok());
    return r->ToString();
  };
  CHECK(add("1", "2") == "3");
  CHECK(add("0.1", "0.2") == "0.3");
  CHECK(add("999", "1") == "1000");
  CHECK(add("-5", "3") == "-2");
  CHECK(add("5", "-5") == "0");
  CHECK(add("0", "-7.5") == "-7.5");
  CHECK(add("-7.5", "0") == "-7.5");
  CHECK(add("1e20", "1e-17") == "100000000000000000000.00000000000000001");
  CHECK(add("-0.001", "-0.009") == "-0.01");
  CHECK(sub("10", "0.01") == "9.99");
  CHECK(sub("3", "5") == "-2");
  CHECK(sub("0", "5") == "-5");
  CHECK(sub("-1e-130", "-1e-130") == "0");
  CHECK(sub("1.000000000000000000000000000000000001", "1") ==
        "0.000000000000000000000000000000000001");
  const std::string max = "9." + std::string(37, '9') + "E+125";
  auto r = D(max.c_str()).Subtract(D(max.c_str()));
  REQUIRE(r.ok());
  CHECK(r->IsZero());
}

TEST_CASE("Arithmetic needing more than 38 digits fails with the overflow text") {
  auto imprecise = D("1e50").Add(D("1"));
  REQUIRE_FALSE(imprecise.ok());
  CHECK(imprecise.error().message == kOverflow);
  CHECK(imprecise.error().type == ddblab::ErrorType::kValidationException);
  auto big = D(std::string(38, '9')).Add(D("1"));  // 1e38: one significant digit, fine
  REQUIRE(big.ok());
  CHECK(big->ToString() == "1" + std::string(38, '0'));
  auto carry = D(std::string(38, '9')).Add(D("0.1"));
  REQUIRE_FALSE(carry.ok());
  CHECK(carry.error().message == kOverflow);
  const std::string max = "9." + std::string(37, '9') + "E+125";
  auto over = D(max).Add(D("1e88"));
  REQUIRE_FALSE(over.ok());
  CHECK(over.error().message == kOverflow);
  auto neg_over = D("-" + max).Subtract(D("1e88"));
  REQUIRE_FALSE(neg_over.ok());
  CHECK(neg_over.error().message == kOverflow);
}

TEST_CASE("Number item size follows the measured formula") {
  // DynamoDB: CapacityUnitCalculations; every literal of the measured table (reference 3.2).
  const std::pair<std::string, size_t> cases[] = {
      {"0", 1},         {"1", 2},      {"12", 2},
      {"123", 3},       {"1234", 3},   {std::string(38, '1'), 20},
      {"0042", 2},      {"100", 2},    {"1010", 3},
      {"0.0000001", 2}, {"1E125", 2},  {"1E-100", 2},
      {"1.200", 3},     {"1.5", 3},    {"15", 2},
      {"3.14159", 5},   {"123456", 4}, {"100.5", 4},
      {"0.15", 2},      {"-42", 3},    {"-0", 1},
  };
  for (const auto& [lit, bytes] : cases) {
    INFO(lit);
    CHECK(D(lit).ItemSizeBytes() == bytes);
  }
  CHECK(D("-0.5").ItemSizeBytes() == 3);
  CHECK(D("1000").ItemSizeBytes() == 2);
}

TEST_CASE("Numbers convert to double only for display") {
  CHECK(D("1.5").ToDoubleForDisplay() == 1.5);
  CHECK(D("-250").ToDoubleForDisplay() == -250.0);
  CHECK(D("0").ToDoubleForDisplay() == 0.0);
  CHECK(D("1e125").ToDoubleForDisplay() == Approx(1e125));
}
