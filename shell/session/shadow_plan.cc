// EXPLAIN over a remote endpoint from DescribeTable (shadow_plan.h).
#include "shell/session/shadow_plan.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>

namespace ddblab::shell {

namespace {

using wire::Json;

std::string UpperWord(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// The CreateTable request that makes an empty copy of a described table: keys, attribute
// definitions and indexes, which is all a plan depends on.
CreateTableRequest CreateRequestFor(const TableDescription& table) {
  CreateTableRequest req;
  req.table_name = table.table_name;
  req.attribute_definitions = table.attribute_definitions;
  req.key_schema = table.key_schema;
  req.billing_mode = "PAY_PER_REQUEST";
  auto copy = [](const std::vector<IndexDescription>& from) {
    std::optional<std::vector<SecondaryIndexSpec>> out;
    if (from.empty()) return out;
    out.emplace();
    for (const IndexDescription& ix : from) {
      SecondaryIndexSpec one;
      one.index_name = ix.index_name;
      one.key_schema = ix.key_schema;
      one.projection = ix.projection;
      if (!one.projection.projection_type) one.projection.projection_type = "ALL";
      out->push_back(std::move(one));
    }
    return out;
  };
  req.global_secondary_indexes = copy(table.global_secondary_indexes);
  req.local_secondary_indexes = copy(table.local_secondary_indexes);
  return req;
}

// A failed typed call in the JSON answer ExplainAnywhere gives.
wire::JsonResult Failed(Error e) {
  wire::JsonResult out;
  out.http_status = ErrorHttpStatus(e.type);
  out.body = wire::ErrorToJson(e);
  out.error = std::move(e);
  return out;
}

}  // namespace

std::string PartiqlTableName(std::string_view s, std::string* index, PartiqlTableSpan* span) {
  bool want_table = false;  // the token before was FROM or INTO, or a leading UPDATE
  bool want_index = false;  // the table was read and a '.' followed it
  bool first = true;
  std::string table;
  if (index != nullptr) index->clear();
  size_t i = 0;
  while (i < s.size()) {
    if (!table.empty()) {
      // After the table: an index only when a '.' follows at once.
      if (!want_index && s[i] == '.') {
        want_index = true;
        ++i;
        continue;
      }
      if (!want_index) return table;
    }
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    // Comments are whitespace, as PartiQL reads them (-- to the end of the line, /* to */): a
    // FROM inside one names nothing.
    if (s.compare(i, 2, "--") == 0) {
      const size_t nl = s.find('\n', i);
      i = nl == std::string_view::npos ? s.size() : nl + 1;
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      const size_t end = s.find("*/", i + 2);
      i = end == std::string_view::npos ? s.size() : end + 2;
      continue;
    }
    std::string token;
    bool quoted = false;
    const size_t token_begin = i;
    if (c == '"' || c == '\'') {  // a "name" or a 'string'; a doubled quote escapes itself
      quoted = c == '"';
      for (++i; i < s.size(); ++i) {
        if (s[i] != c) {
          token += s[i];
        } else if (i + 1 < s.size() && s[i + 1] == c) {
          token += c;
          ++i;
        } else {
          break;
        }
      }
      ++i;
      if (!quoted) token.clear();
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' ||
                              (s[i] == '-' && s.compare(i, 2, "--") != 0)))
        ++i;
      token = std::string(s.substr(b, i - b));
    } else {
      ++i;
    }
    if (want_index) {
      if (index != nullptr) *index = token;
      return table;
    }
    if (want_table && !token.empty()) {
      table = token;
      if (span != nullptr) *span = PartiqlTableSpan{token_begin, std::min(i, s.size())};
      continue;
    }
    std::string word = quoted ? "" : UpperWord(token);
    want_table = word == "FROM" || word == "INTO" || (first && word == "UPDATE");
    first = false;
  }
  return table;
}

wire::JsonResult ExplainAnywhere(wire::Client& client, std::string_view operation,
                                 const Json& request) {
  Json body = {{"Operation", std::string(operation)}, {"Request", request}};
  if (!client.IsRemote()) return client.Call(wire::kExplainOperation, body);
  std::string table = OperationFromName(operation) == Operation::ExecuteStatement
                          ? PartiqlTableName(request.value("Statement", std::string()))
                          : request.value("TableName", std::string());
  DescribeTableRequest describe;
  describe.table_name = table;
  auto described = wire::Invoke<Operation::DescribeTable>(client, std::move(describe));
  if (!described.ok()) return Failed(std::move(described.error()));
  auto engine = Engine::Open();
  if (!engine.ok()) return Failed(std::move(engine.error()));
  std::unique_ptr<wire::Client> shadow =
      wire::MakeEmbeddedClient(std::move(engine.value()), "plan of " + table);
  auto created = wire::Invoke<Operation::CreateTable>(*shadow, CreateRequestFor(described->table));
  if (!created.ok()) return Failed(std::move(created.error()));
  wire::JsonResult plan = shadow->Call(wire::kExplainOperation, body);
  if (plan.ok && plan.body.is_object()) {
    plan.body["partitions_known"] = false;
    // The private engine's partitions are not the endpoint's: its reason must not count them.
    std::string reason = plan.body.value("reason", std::string());
    if (size_t at = reason.find(" in all "); at != std::string::npos) {
      size_t end = reason.find(" partitions", at);
      if (end != std::string::npos) reason.erase(at, end + 11 - at);
      plan.body["reason"] = reason;
    }
  }
  return plan;
}

}  // namespace ddblab::shell
