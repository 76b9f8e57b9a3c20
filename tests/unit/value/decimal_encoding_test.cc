#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ddblab/decimal.h"

using ddblab::Decimal;

namespace {

Decimal D(const std::string& literal) {
  auto d = Decimal::Parse(literal);
  REQUIRE(d.ok());
  return *d;
}

// SQLite's BLOB order: memcmp over the common prefix, then the shorter first.
int BlobCompare(const std::string& a, const std::string& b) {
  const int c = std::memcmp(a.data(), b.data(), std::min(a.size(), b.size()));
  if (c != 0) return c < 0 ? -1 : 1;
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

int Sign(int v) { return v < 0 ? -1 : (v > 0 ? 1 : 0); }

std::string RandomLiteral(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> kind(0, 9);
  std::uniform_int_distribution<int> digit(0, 9);
  std::string s;
  if (kind(rng) < 5) s.push_back('-');
  if (kind(rng) == 0) return s + "0";
  // Few digits and a narrow exponent band make ties and prefixes common; the rest spans the range.
  const bool narrow = kind(rng) < 6;
  std::uniform_int_distribution<int> len(1, narrow ? 4 : 38);
  const int n = len(rng);
  s.push_back(static_cast<char>('1' + digit(rng) % 9));
  for (int i = 1; i < n; ++i) s.push_back(static_cast<char>('0' + digit(rng)));
  std::uniform_int_distribution<int> exp(narrow ? -3 : -129, narrow ? 3 : 126);
  int e = exp(rng);
  // Value = 0.digits * 10^e = digits * 10^(e - n).
  s += "e" + std::to_string(e - n);
  return s;
}

}  // namespace

TEST_CASE("Ordered number encoding sorts as the numbers do") {
  const char* ascending[] = {
      "-9.9999999999999999999999999999999999999e125",
      "-1e125",
      "-1000",
      "-999.99",
      "-100",
      "-10.5",
      "-10.05",
      "-10",
      "-9",
      "-1.5",
      "-1.05",
      "-1",
      "-0.105",
      "-0.1",
      "-0.01",
      "-1e-130",
      "0",
      "1e-130",
      "2e-130",
      "0.01",
      "0.1",
      "0.105",
      "1",
      "1.05",
      "1.5",
      "9",
      "10",
      "10.05",
      "10.5",
      "100",
      "999.99",
      "1000",
      "12345678901234567890123456789012345678",
      "1e125",
      "9.9999999999999999999999999999999999999e125",
  };
  std::vector<std::string> enc;
  for (const char* lit : ascending) enc.push_back(D(lit).EncodeOrdered());
  for (size_t i = 0; i < enc.size(); ++i) {
    for (size_t j = 0; j < enc.size(); ++j) {
      INFO(ascending[i] << " vs " << ascending[j]);
      CHECK(BlobCompare(enc[i], enc[j]) == Sign(static_cast<int>(i) - static_cast<int>(j)));
    }
  }
}

TEST_CASE("Equal numbers encode to identical bytes") {
  CHECK(D("1000").EncodeOrdered() == D("1e3").EncodeOrdered());
  CHECK(D("1000").EncodeOrdered() == D("+001000.00").EncodeOrdered());
  CHECK(D("-0").EncodeOrdered() == D("0").EncodeOrdered());
  CHECK(D("-0.5").EncodeOrdered() == D("-.50").EncodeOrdered());
}

TEST_CASE("Ordered number encoding agrees with Compare on random pairs") {
  std::mt19937_64 rng(20261122);
  std::vector<Decimal> values;
  for (int i = 0; i < 3000; ++i) values.push_back(D(RandomLiteral(rng)));
  std::vector<std::string> enc;
  for (const Decimal& d : values) enc.push_back(d.EncodeOrdered());
  std::uniform_int_distribution<size_t> pick(0, values.size() - 1);
  for (int k = 0; k < 200000; ++k) {
    const size_t i = pick(rng);
    const size_t j = pick(rng);
    const int want = Sign(values[i].Compare(values[j]));
    const int got = BlobCompare(enc[i], enc[j]);
    if (want != got) {
      FAIL_CHECK(values[i].ToString() << " vs " << values[j].ToString());
      break;
    }
  }
  // Sorting by encoding and by value gives the same sequence.
  std::vector<size_t> by_enc(values.size());
  for (size_t i = 0; i < by_enc.size(); ++i) by_enc[i] = i;
  std::vector<size_t> by_val = by_enc;
  std::stable_sort(by_enc.begin(), by_enc.end(),
                   [&](size_t a, size_t b) { return enc[a] < enc[b]; });
  std::stable_sort(by_val.begin(), by_val.end(),
                   [&](size_t a, size_t b) { return values[a] < values[b]; });
  for (size_t i = 0; i < values.size(); ++i) {
    CHECK(values[by_enc[i]] == values[by_val[i]]);
  }
}

TEST_CASE("Random numbers survive text round trips and exact arithmetic") {
  std::mt19937_64 rng(7);
  for (int k = 0; k < 5000; ++k) {
    const Decimal a = D(RandomLiteral(rng));
    const Decimal b = D(RandomLiteral(rng));
    INFO(a.ToString() << " , " << b.ToString());
    CHECK(D(a.ToString()) == a);
    CHECK(D(a.ToString()).ToString() == a.ToString());
    auto sum = a.Add(b);
    auto rev = b.Add(a);
    REQUIRE(sum.ok() == rev.ok());
    if (!sum.ok()) continue;
    CHECK(*sum == *rev);
    auto back = sum->Subtract(b);
    REQUIRE(back.ok());
    CHECK(*back == a);
    // Ordering: adding a positive number increases the value.
    if (!b.IsZero() && !b.IsNegative()) CHECK(a < *sum);
  }
}
