// ParseJson (wire/parse_json.cc) against nlohmann's parser as a reference: the same documents,
// number types, member order and duplicate handling, and an error exactly where it errs (but for
// text after a NUL byte, which nlohmann's lexer ignores).
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "ddblab/wire.h"

using ddblab::wire::Json;
using ddblab::wire::ParseJson;

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

// Checks ParseJson's answer for `text` against the reference; returns whether the text is JSON.
bool AgreesWithReference(const std::string& text) {
  Json parsed = ParseJson(text);
  Json reference = Reference(text);
  INFO(text);
  REQUIRE(parsed.is_discarded() == reference.is_discarded());
  if (reference.is_discarded()) return false;
  REQUIRE(Typed(parsed) == Typed(reference));
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

TEST_CASE("ParseJson reads request bodies as nlohmann's parser does, types included") {
  const std::vector<std::string> bodies = {
      R"({"TableName":"Bench","Item":{"PK":{"S":"W#1"},"SK":{"S":"O#1"},"total":{"N":"12345"}}})",
      R"({"TableName":"T","Limit":10,"Segment":0,"TotalSegments":4,"ConsistentRead":true})",
      R"( { "a" : [ 1 , -2 , 0 , -0 , 18446744073709551615 , -9223372036854775808 ] } )",
      "{\"s\":\"\\u00e9\\ud83d\\ude00\\n\\\"\\/\",\"raw\":\"caf\xc3\xa9 \xf4\x8f\xbf\xbf\"}",
      R"({"a":1,"b":2,"a":{"c":null}})",  // a repeated member: first position, last value
      R"([[],{},"",false])",
      "\"a string alone\"",
      "42",
      // Numbers that are doubles: fractions, exponents, integers past 64 bits.
      "1.5",
      "-0.0",
      "1e3",
      "2E-1",
      "1E+2",
      "99999999999999999999",
      "-9223372036854775809",
      "[0.1, 123456789012345678901234567890, -1.7976931348623157e308, 5e-324]",
      "\xef\xbb\xbf{}",  // a byte order mark
      std::string(200, '[') + std::string(200, ']'),
  };
  for (const std::string& body : bodies) CHECK(AgreesWithReference(body));
}

TEST_CASE("ParseJson refuses malformed text where nlohmann's parser does") {
  const std::vector<std::string> malformed = {
      "",
      " ",
      "{",
      "[1,]",
      "[,1]",
      "[1 2]",
      R"({"a":1,})",
      R"({"a" 1})",
      R"({"a":1 "b":2})",
      R"({1:2})",
      "[1}",
      "{\"a\":1]",
      "01",
      "-",
      "-01",
      "1.",
      ".5",
      "1e",
      "1e+",
      "+1",
      "1e400",
      "-1e400",
      "NaN",
      "Infinity",
      "\xef\xbb{}",
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
      std::string(300, '[') + std::string(299, ']'),
      std::string(300, '[') + std::string(299, ']') + "}",
  };
  for (const std::string& text : malformed) {
    INFO(text);
    CHECK(ParseJson(text).is_discarded());
    CHECK(Reference(text).is_discarded());
  }
  // Text after a NUL byte is still text: nlohmann's lexer takes NUL for the end of its input and
  // ignores what follows, RFC 8259 does not.
  CHECK(ParseJson(std::string("{\"a\":\"b\"}\0", 10)).is_discarded());
  CHECK(ParseJson(std::string("{\"a\":\"b\"}\0{}", 12)).is_discarded());
}

TEST_CASE("ParseJson agrees with nlohmann on 20,000 random and mutated documents") {
  DocumentMaker maker(20261125);
  int valid_mutations = 0;
  for (int i = 0; i < 10000; ++i) {
    REQUIRE(AgreesWithReference(maker.Make()));
    // A mutated document is mostly invalid: both must refuse it, or both read it alike.
    if (AgreesWithReference(maker.Mutate(maker.Make()))) ++valid_mutations;
  }
  CHECK(valid_mutations > 0);
}

TEST_CASE("ParseJson reads nesting past 256 levels without building it, in linear time") {
  // Containers past 256 levels are left empty (no request is valid that deep); the brackets
  // must still match, and a million of them neither overflow the stack nor take long.
  const size_t deep = 1000000;
  Json doc = ParseJson("{\"a\":" + std::string(deep, '[') + std::string(deep, ']') + "}");
  REQUIRE_FALSE(doc.is_discarded());
  const Json* at = &doc["a"];
  size_t level = 2;  // of `at`: the object is level 1
  while (at->is_array() && !at->empty()) {
    at = &(*at)[0];
    ++level;
  }
  CHECK(level == 257);  // 256 levels built, the next one empty
  CHECK(at->is_array());
  CHECK(ParseJson("[" + std::string(deep, '{') + "]").is_discarded());
  CHECK(ParseJson(std::string(deep, '[') + std::string(deep - 1, ']') + "}").is_discarded());
  std::string mixed;
  for (int i = 0; i < 1000; ++i) mixed += "{\"k\":[";
  mixed += "1,2";
  for (int i = 0; i < 1000; ++i) mixed += "],\"z\":true}";
  CHECK_FALSE(ParseJson(mixed).is_discarded());
}

TEST_CASE("ParseJson keeps a large object's repeated members linear and in order") {
  std::string text = "{";
  for (int i = 0; i < 5000; ++i) {
    text += (i ? ",\"m" : "\"m") + std::to_string(i % 3000) + "\":" + std::to_string(i);
  }
  text += "}";
  Json out = ParseJson(text);
  REQUIRE(out.size() == 3000);
  CHECK(out["m0"] == 3000);
  CHECK(out["m2999"] == 2999);
  CHECK(AgreesWithReference(text));
}

TEST_CASE("ParseJson's tape is kept between texts and a failed text leaves nothing behind") {
  // The reader keeps one tape per thread (json_tape.h): a text that ends in a syntax error
  // inside a large object must not leave its member names for the next object read there, and a
  // huge text's room is given back without changing what the next text reads.
  std::string broken = "{\"a\":{";
  for (int i = 0; i < 40; ++i)
    broken += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  CHECK(ParseJson(broken).is_discarded());
  std::string after = "{\"a\":{";
  for (int i = 0; i < 40; ++i) after += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":true";
  after += "}}";
  Json out = ParseJson(after);
  REQUIRE(out["a"].size() == 40);
  CHECK(AgreesWithReference(after));
  std::string huge = "[";
  for (int i = 0; i < 200000; ++i) huge += i ? ",\"x\\u0041\"" : "\"x\\u0041\"";
  huge += "]";
  CHECK(ParseJson(huge).size() == 200000);
  CHECK(AgreesWithReference(R"({"b":"y\u0042","c":[1,-2,3.5]})"));
}
