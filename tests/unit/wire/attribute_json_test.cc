// AttributeValue JSON: DynamoDB's serialization vs validation errors and canonical output.
#include <catch2/catch.hpp>

#include "ddblab/wire.h"
#include "wire/base64.h"

using ddblab::ErrorType;
using ddblab::wire::Json;

namespace {

ddblab::Error ValueError(const char* text) {
  auto r = ddblab::wire::ValueFromJson(Json::parse(text));
  REQUIRE_FALSE(r.ok());
  return r.error();
}

std::string RoundTrip(const char* text) {
  auto r = ddblab::wire::ValueFromJson(Json::parse(text));
  REQUIRE(r.ok());
  return ddblab::wire::ValueToJson(*r).dump();
}

}  // namespace

TEST_CASE("A number sent as a JSON number is a SerializationException") {
  auto e = ValueError(R"({"N": 1})");
  CHECK(e.type == ErrorType::kSerializationException);
  CHECK(e.message == "NUMBER_VALUE cannot be converted to String");
  CHECK(ValueError(R"({"N": 1.5})").message == "DECIMAL_VALUE cannot be converted to String");
  CHECK(ValueError(R"({"S": true})").message == "TRUE_VALUE cannot be converted to String");
  CHECK(ValueError(R"({"S": {"S": "x"}})").message ==
        "Start of structure or map found where not expected");
  CHECK(ValueError(R"({"S": ["x"]})").message ==
        "Unrecognized collection type class java.lang.String");
}

TEST_CASE("Invalid base64 in B and BS is a SerializationException") {
  auto e = ValueError(R"({"B": "abcde"})");
  CHECK(e.type == ErrorType::kSerializationException);
  CHECK(e.message == "Base64 encoded length is expected a multiple of 4 bytes but found: 5");
  CHECK(ValueError(R"({"B": "+/+="})").message ==
        "Invalid last non-pad Base64 character dectected");
  CHECK(ValueError(R"({"BS": ["AA=="," a=="]})").type == ErrorType::kSerializationException);
  CHECK(ValueError(R"({"B": 5})").message ==
        "only base-64-encoded strings are convertible to bytes");
}

TEST_CASE("Serialization problems win over value problems in the same value") {
  auto e = ValueError(R"({"L": [{"SS": []}, {"N": 3}]})");
  CHECK(e.type == ErrorType::kSerializationException);
}

TEST_CASE("AttributeValue envelope errors are ValidationException with DynamoDB's texts") {
  auto empty = ValueError("{}");
  CHECK(empty.type == ErrorType::kValidationException);
  CHECK(empty.message ==
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  CHECK(ValueError(R"({"S": "a", "N": "1"})").message ==
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
        "the supported datatypes");
  CHECK(ValueError(R"({"NULL": false})").message ==
        "One or more parameter values were invalid: Null attribute value types must have the "
        "value of true");
  CHECK(ValueError(R"({"N": "abc"})").message ==
        "The parameter cannot be converted to a numeric value: abc");
}

TEST_CASE("Unknown members of an AttributeValue are ignored") {
  CHECK(RoundTrip(R"({"S": "x", "Q": 5})") == R"({"S":"x"})");
  CHECK(ValueError(R"({"Q": 5})").message.starts_with("Supplied AttributeValue is empty"));
}

TEST_CASE("Values come back in DynamoDB's canonical form") {
  CHECK(RoundTrip(R"({"N": "149.00"})") == R"({"N":"149"})");
  CHECK(RoundTrip(R"({"N": "1e3"})") == R"({"N":"1000"})");
  CHECK(RoundTrip(R"({"B": "AAEC"})") == R"({"B":"AAEC"})");
  CHECK(RoundTrip(R"({"BOOL": false})") == R"({"BOOL":false})");
  CHECK(RoundTrip(R"({"NULL": true})") == R"({"NULL":true})");
  CHECK(RoundTrip(R"({"L": [{"S": "a"}, {"N": "2"}]})") == R"({"L":[{"S":"a"},{"N":"2"}]})");
  CHECK(RoundTrip(R"({"M": {"b": {"S": "x"}, "a": {"N": "1"}}})") ==
        R"({"M":{"a":{"N":"1"},"b":{"S":"x"}}})");
  CHECK(RoundTrip(R"({"SS": ["x", "y"]})") == R"({"SS":["x","y"]})");
}

TEST_CASE("Items: a list where a map belongs is a SerializationException") {
  auto r = ddblab::wire::ItemFromJson(Json::parse("[]"));
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().type == ErrorType::kSerializationException);
  auto scalar = ddblab::wire::ItemFromJson(Json::parse(R"({"a": "x"})"));
  REQUIRE_FALSE(scalar.ok());
  CHECK(scalar.error().message == "Unexpected value type in payload");
}

TEST_CASE("Base64 round-trips every length") {
  std::string bytes;
  for (int n = 0; n < 10; ++n) {
    std::string decoded, message;
    std::string encoded = ddblab::wire::Base64Encode(bytes);
    CHECK(encoded.size() % 4 == 0);
    REQUIRE(ddblab::wire::Base64Decode(encoded, &decoded, &message));
    CHECK(decoded == bytes);
    bytes.push_back(static_cast<char>(250 - n * 7));
  }
  std::string out, message;
  CHECK(ddblab::wire::Base64Encode("hello") == "aGVsbG8=");
  CHECK_FALSE(ddblab::wire::Base64Decode("aGVsbG9=", &out, &message));  // stray bits
  CHECK_FALSE(ddblab::wire::Base64Decode("aG=sbG8=", &out, &message));  // inner padding
  CHECK_FALSE(ddblab::wire::Base64Decode("aGV*bG8=", &out, &message));
}

TEST_CASE("Absurdly deep values are rejected without deep recursion") {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += R"({"L":[)";
  text += R"({"S":"x"})";
  for (int i = 0; i < 100000; ++i) text += "]}";
  auto e = ValueError(text.c_str());
  CHECK(e.type == ErrorType::kValidationException);
  CHECK(e.message.starts_with("Nesting Levels have exceeded supported limits"));
}
