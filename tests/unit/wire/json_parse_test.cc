// ParseJson's fast reader (wire/json_fast_parse.cc) must never disagree with nlohmann's parser:
// when it answers, the document is the one nlohmann builds, with the same number types, member
// order and duplicate handling; what it declines still parses exactly as before.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "ddblab/wire.h"
#include "wire/json_fast_parse.h"

using ddblab::wire::Json;
using ddblab::wire::internal::FastParseJson;

namespace {

// The document written with each value's type, so 1 (unsigned) and 1 (signed) differ.
std::string Typed(const Json& j) {
  std::string out = std::to_string(static_cast<int>(j.type())) + ":";
  if (j.is_object()) {
    out += "{";
    for (auto it = j.begin(); it != j.end(); ++it) out += Json(it.key()).dump() + "=" + Typed(*it);
    return out + "}";
  }
  if (j.is_array()) {
    out += "[";
    for (const Json& e : j) out += Typed(e) + ",";
    return out + "]";
  }
  return out + j.dump();
}

// nlohmann's own parser: the reference (quadratic in an object's members, fine for tests).
Json Reference(std::string_view text) { return Json::parse(text, nullptr, false); }

// Checks the fast reader's answer for `text` against the reference; returns whether it answered.
bool AgreesWithReference(const std::string& text) {
  Json fast;
  if (!FastParseJson(text, &fast)) return false;
  Json full = Reference(text);
  INFO(text);
  REQUIRE_FALSE(full.is_discarded());
  REQUIRE(Typed(fast) == Typed(full));
  return true;
}

// Random documents of the shapes requests have, with the characters that need care.
class DocumentMaker {
 public:
  explicit DocumentMaker(uint32_t seed) : rng_(seed) {}

  std::string Make(int depth = 0) {
    switch (Pick(depth > 4 ? 5 : 7)) {
      case 0:
        return Int();
      case 1:
        return Str();
      case 2:
        return std::vector<const char*>{"true", "false", "null"}[Pick(3)];
      case 3:
        return std::vector<const char*>{"1.5", "-0.0", "2e3", "1E-2",
                                        "123456789012345678901"}[Pick(5)];
      case 4:
        return Str();
      case 5: {
        std::string out = "[";
        for (int i = 0, n = Pick(5); i < n; ++i) out += (i ? "," : "") + Space() + Make(depth + 1);
        return out + Space() + "]";
      }
      default: {
        std::string out = "{";
        for (int i = 0, n = Pick(depth == 0 ? 24 : 6); i < n; ++i) {
          // Few distinct keys, so members repeat, some beyond the scanned first sixteen.
          out += (i ? "," : "") + Space() + "\"k" + std::to_string(Pick(20)) + "\"" + Space() +
                 ":" + Space() + Make(depth + 1);
        }
        return out + Space() + "}";
      }
    }
  }

  // Flips, inserts or deletes a few bytes.
  std::string Mutate(std::string s) {
    for (int i = 0, n = 1 + Pick(3); i < n && !s.empty(); ++i) {
      size_t at = static_cast<size_t>(Pick(static_cast<int>(s.size())));
      static constexpr std::string_view kBytes = "{}[]\",:\\u0-9e.\x01\x7f\xc3\xa9\xed\xf4 ";
      const char c = kBytes[static_cast<size_t>(Pick(static_cast<int>(kBytes.size())))];
      switch (Pick(3)) {
        case 0:
          s[at] = c;
          break;
        case 1:
          s.insert(at, 1, c);
          break;
        default:
          s.erase(at, 1);
      }
    }
    return s;
  }

 private:
  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  std::string Space() { return std::vector<const char*>{"", "", " ", "\n\t", "\r\n "}[Pick(5)]; }
  std::string Int() {
    return std::vector<const char*>{"0",
                                    "-0",
                                    "7",
                                    "-12",
                                    "9223372036854775807",
                                    "9223372036854775808",
                                    "-9223372036854775808",
                                    "-9223372036854775809",
                                    "18446744073709551615",
                                    "18446744073709551616"}[Pick(10)];
  }
  std::string Str() {
    return std::vector<const char*>{"\"\"",
                                    "\"plain\"",
                                    "\"tab\\tquote\\\" back\\\\ slash\\/\"",
                                    "\"\\u0000\\u001f\\u00e9\\u20ac\"",
                                    "\"\\ud83d\\ude00 pair\"",
                                    "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"",
                                    "\"\\b\\f\\n\\r\""}[Pick(7)];
  }

  std::mt19937 rng_;
};

}  // namespace

TEST_CASE("The fast JSON reader answers for request bodies, with nlohmann's documents and types") {
  const std::vector<std::string> bodies = {
      R"({"TableName":"Bench","Item":{"PK":{"S":"W#1"},"SK":{"S":"O#1"},"total":{"N":"12345"}}})",
      R"({"TableName":"T","Limit":10,"Segment":0,"TotalSegments":4,"ConsistentRead":true})",
      R"( { "a" : [ 1 , -2 , 0 , -0 , 18446744073709551615 , -9223372036854775808 ] } )",
      "{\"s\":\"\\u00e9\\ud83d\\ude00\\n\\\"\\/\",\"raw\":\"caf\xc3\xa9 \xf4\x8f\xbf\xbf\"}",
      R"({"a":1,"b":2,"a":{"c":null}})",  // a repeated member: first position, last value
      R"([[],{},"",false])",
      "\"a string alone\"",
      "42",
  };
  for (const std::string& body : bodies) CHECK(AgreesWithReference(body));
}

TEST_CASE("The fast JSON reader declines malformed text and the rare forms it leaves to nlohmann") {
  const std::vector<std::string> declined = {
      "",
      " ",
      "{",
      "[1,]",
      R"({"a":1,})",
      R"({"a" 1})",
      "01",
      "-",
      "-01",
      "1.5",
      "1e3",
      "2E-1",
      "99999999999999999999",
      "-9223372036854775809",
      "\xef\xbb\xbf{}",
      "\"\\ud800\"",
      "\"\\ud800\\u0041\"",
      "\"\\udc00\"",
      "\"\\x\"",
      "\"\\u12g4\"",
      "\"abc",
      "\"a\x01\"",
      "\"\xc0\xaf\"",
      "\"\xed\xa0\x80\"",
      "\"\xf4\x90\x80\x80\"",
      "\"\xe0\x80\xaf\"",
      "\"\xc3\"",
      "tru",
      "nul",
      "truex",
      "{} {}",
      std::string("{\"a\":\"b\"}\0", 10),
      std::string(ddblab::wire::internal::kFastParseMaxDepth + 1, '[') +
          std::string(ddblab::wire::internal::kFastParseMaxDepth + 1, ']')};
  for (const std::string& text : declined) {
    Json out;
    INFO(text);
    CHECK_FALSE(FastParseJson(text, &out));
    // ParseJson still answers exactly as nlohmann does, valid or not.
    Json parsed = ddblab::wire::ParseJson(text);
    Json reference = Reference(text);
    CHECK(parsed.is_discarded() == reference.is_discarded());
    if (!reference.is_discarded()) CHECK(Typed(parsed) == Typed(reference));
  }
}

TEST_CASE("The fast JSON reader agrees with nlohmann on 20,000 random and mutated documents") {
  DocumentMaker maker(20261125);
  int answered = 0, valid = 0;
  for (int i = 0; i < 10000; ++i) {
    std::string doc = maker.Make();
    valid += 1;
    if (AgreesWithReference(doc)) ++answered;
    // A mutated document is mostly invalid; the reader must then decline.
    std::string mutated = maker.Mutate(doc);
    Json out;
    if (FastParseJson(mutated, &out)) AgreesWithReference(mutated);
  }
  // Floats and 65-bit integers make some documents go to nlohmann; most must not.
  CHECK(answered > valid / 2);
}

TEST_CASE("The fast JSON reader keeps a large object's repeated members linear and in order") {
  std::string text = "{";
  for (int i = 0; i < 5000; ++i) {
    text += (i ? ",\"m" : "\"m") + std::to_string(i % 3000) + "\":" + std::to_string(i);
  }
  text += "}";
  Json out;
  REQUIRE(FastParseJson(text, &out));
  CHECK(out.size() == 3000);
  CHECK(out["m0"] == 3000);
  CHECK(out["m2999"] == 2999);
  CHECK(AgreesWithReference(text));
}
