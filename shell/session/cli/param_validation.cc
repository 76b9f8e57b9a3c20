// The aws CLI validates a request against the service model before sending it ("Parameter
// validation failed:"): an attribute value must be a structure with one of DynamoDB's type
// members, each of its own JSON type. ddblab does the same for the members that hold attribute
// values, so `--item '{"PK":"x"}'` stops here with botocore's message instead of reaching the
// engine as a SerializationException.
#include <string>
#include <vector>

#include "cli/cli_internal.h"

namespace ddblab::shell::cli {

namespace {

using wire::Json;

// Python's str() of a JSON value, and its type, as botocore's messages print them.
std::string PythonText(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "True" : "False";
  if (v.is_null()) return "None";
  if (v.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) {
      out += i ? ", " : "";
      out += v[i].is_string() ? "'" + v[i].get<std::string>() + "'" : PythonText(v[i]);
    }
    return out + "]";
  }
  return v.dump();
}

std::string PythonType(const Json& v) {
  if (v.is_string()) return "<class 'str'>";
  if (v.is_boolean()) return "<class 'bool'>";
  if (v.is_null()) return "<class 'NoneType'>";
  if (v.is_number_float()) return "<class 'float'>";
  if (v.is_number()) return "<class 'int'>";
  if (v.is_array()) return "<class 'list'>";
  return "<class 'dict'>";
}

void InvalidType(const std::string& path, const Json& v, const char* valid,
                 std::vector<std::string>& errors) {
  errors.push_back("Invalid type for parameter " + path + ", value: " + PythonText(v) +
                   ", type: " + PythonType(v) + ", valid types: " + valid);
}

void CheckValue(const std::string& path, const Json& v, std::vector<std::string>& errors);

void CheckStringList(const std::string& path, const Json& v, std::vector<std::string>& errors) {
  if (!v.is_array()) return InvalidType(path, v, "<class 'list'>, <class 'tuple'>", errors);
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string())
      InvalidType(path + "[" + std::to_string(i) + "]", v[i], "<class 'str'>", errors);
  }
}

void CheckValue(const std::string& path, const Json& v, std::vector<std::string>& errors) {
  if (!v.is_object()) return InvalidType(path, v, "<class 'dict'>", errors);
  static constexpr const char* kTypes[] = {"S",  "N", "B", "SS",   "NS",
                                           "BS", "M", "L", "NULL", "BOOL"};
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string& type = it.key();
    const Json& x = it.value();
    std::string at = path + "." + type;
    bool known = false;
    for (const char* t : kTypes) known = known || type == t;
    if (!known) {
      errors.push_back("Unknown parameter in " + path + ": \"" + type +
                       "\", must be one of: S, N, B, SS, NS, BS, M, L, NULL, BOOL");
    } else if (type == "S" || type == "N") {
      if (!x.is_string()) InvalidType(at, x, "<class 'str'>", errors);
    } else if (type == "B") {
      if (!x.is_string())
        InvalidType(at, x, "<class 'bytes'>, <class 'bytearray'>, file-like object", errors);
    } else if (type == "BOOL" || type == "NULL") {
      if (!x.is_boolean()) InvalidType(at, x, "<class 'bool'>", errors);
    } else if (type == "SS" || type == "NS" || type == "BS") {
      CheckStringList(at, x, errors);
    } else if (type == "M") {
      if (!x.is_object()) {
        InvalidType(at, x, "<class 'dict'>", errors);
      } else {
        for (auto m = x.begin(); m != x.end(); ++m)
          CheckValue(at + "." + m.key(), m.value(), errors);
      }
    } else if (type == "L") {
      if (!x.is_array()) {
        InvalidType(at, x, "<class 'list'>, <class 'tuple'>", errors);
      } else {
        for (size_t i = 0; i < x.size(); ++i)
          CheckValue(at + "[" + std::to_string(i) + "]", x[i], errors);
      }
    }
  }
}

bool HoldsAttributeMap(const std::string& member) {
  return member == "Item" || member == "Key" || member == "ExpressionAttributeValues" ||
         member == "ExclusiveStartKey";
}

// Walks the request: members that hold attribute maps (anywhere: a transaction's Put.Item, a
// batch's PutRequest.Item, BatchGetItem's Keys) and PartiQL Parameters are checked.
void Walk(const std::string& path, const Json& v, std::vector<std::string>& errors) {
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) Walk(path + "[" + std::to_string(i) + "]", v[i], errors);
    return;
  }
  if (!v.is_object()) return;
  for (auto it = v.begin(); it != v.end(); ++it) {
    std::string at = path.empty() ? it.key() : path + "." + it.key();
    const Json& x = it.value();
    if (HoldsAttributeMap(it.key()) && x.is_object()) {
      for (auto m = x.begin(); m != x.end(); ++m) CheckValue(at + "." + m.key(), m.value(), errors);
    } else if (it.key() == "Keys" && x.is_array()) {
      for (size_t i = 0; i < x.size(); ++i) {
        if (!x[i].is_object()) continue;
        std::string k = at + "[" + std::to_string(i) + "]";
        for (auto m = x[i].begin(); m != x[i].end(); ++m)
          CheckValue(k + "." + m.key(), m.value(), errors);
      }
    } else if (it.key() == "Parameters" && x.is_array()) {
      for (size_t i = 0; i < x.size(); ++i)
        CheckValue(at + "[" + std::to_string(i) + "]", x[i], errors);
    } else if (x.is_object() || x.is_array()) {
      Walk(at, x, errors);
    }
  }
}

}  // namespace

std::string ParameterValidationErrors(const Json& request) {
  std::vector<std::string> errors;
  Walk("", request, errors);
  if (errors.empty()) return "";
  std::string out = "Parameter validation failed:";
  for (const std::string& e : errors) out += "\n" + e;
  return out;
}

}  // namespace ddblab::shell::cli
