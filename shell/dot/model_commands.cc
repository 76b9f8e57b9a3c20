// The Workbench model format (ModelName, ModelMetadata, DataModel[]): each DataModel entry has
// TableName, KeyAttributes {PartitionKey, SortKey?} of {AttributeName, AttributeType},
// NonKeyAttributes, TableFacets (access patterns, a Workbench view only), GlobalSecondaryIndexes
// [{IndexName, KeyAttributes, Projection}], TableData (items in DynamoDB JSON), BillingMode and,
// when provisioned, ProvisionedCapacitySettings.ProvisionedThroughput. Local secondary indexes
// are written and read as LocalSecondaryIndexes, in the shape of GlobalSecondaryIndexes (their
// KeyAttributes repeat the table's PartitionKey; CreateTable checks the rest).
#include "model_commands.h"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "shell/session/data_file.h"

namespace ddblab::shell {

namespace {

using wire::Json;

// A model is a design with sample data, read whole; DynamoDB's request limit bounds it.
constexpr std::uintmax_t kMaxModelBytes = std::uintmax_t{16} << 20;
// .export-model writes sample data, not the table: at most this many items per table.
constexpr int64_t kMaxSampleItems = 1000;

void PrintModelError(Shell& shell, const Error& e) {
  shell.sink().ErrLine(std::string(ErrorTypeName(e.type)) + ": " + e.message);
}

Error ModelError(const std::string& file, const std::string& why) {
  // No DynamoDB text applies (Workbench's own format); the message names the file and the member.
  return ValidationError("model " + file + ": " + why);
}

Result<Json> KeyPair(const Json& keys, const std::string& file, const std::string& where) {
  if (!keys.is_object() || !keys.contains("PartitionKey") || !keys["PartitionKey"].is_object()) {
    return ModelError(file, where + " has no KeyAttributes.PartitionKey");
  }
  return keys;
}

// The CreateTable request for one DataModel entry.
Result<Json> CreateRequest(const Json& t, const std::string& file) {
  if (!t.is_object() || !t.contains("TableName") || !t["TableName"].is_string()) {
    return ModelError(file, "a DataModel entry has no TableName");
  }
  const std::string name = t["TableName"].get<std::string>();
  Json defs = Json::array();
  std::set<std::string> defined;
  auto key_schema = [&](const Json& keys) -> Json {
    Json schema = Json::array();
    for (const char* part : {"PartitionKey", "SortKey"}) {
      if (!keys.contains(part) || !keys[part].is_object()) continue;
      std::string attr = keys[part].value("AttributeName", "");
      std::string type = keys[part].value("AttributeType", "S");
      if (defined.insert(attr).second) {
        defs.push_back(Json{{"AttributeName", attr}, {"AttributeType", type}});
      }
      schema.push_back(Json{{"AttributeName", attr},
                            {"KeyType", std::string(part) == "PartitionKey" ? "HASH" : "RANGE"}});
    }
    return schema;
  };
  DDB_ASSIGN_OR_RETURN(Json keys, KeyPair(t.value("KeyAttributes", Json()), file, "table " + name));
  Json req = {{"TableName", name}, {"KeySchema", key_schema(keys)}};
  const bool provisioned = t.value("BillingMode", "PAY_PER_REQUEST") == "PROVISIONED";
  Json throughput = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  if (provisioned) {
    const Json settings = t.value("ProvisionedCapacitySettings", Json::object());
    if (settings.contains("ProvisionedThroughput")) throughput = settings["ProvisionedThroughput"];
  }
  // Both kinds of index: a GSI has its own throughput on a provisioned table, an LSI never.
  auto indexes = [&](const char* member, bool global) -> Result<Json> {
    Json out = Json::array();
    const Json list = t.value(member, Json::array());
    if (!list.is_array())
      return ModelError(file, "table " + name + ": " + member + " is not a list");
    for (const auto& ix : list) {
      std::string ix_name = ix.is_object() ? ix.value("IndexName", "") : "";
      DDB_ASSIGN_OR_RETURN(
          Json ix_keys, KeyPair(ix.is_object() ? ix.value("KeyAttributes", Json()) : Json(), file,
                                "index " + ix_name + " of table " + name));
      Json entry = {{"IndexName", ix_name},
                    {"KeySchema", key_schema(ix_keys)},
                    {"Projection", ix.value("Projection", Json{{"ProjectionType", "ALL"}})}};
      if (global && provisioned) entry["ProvisionedThroughput"] = throughput;
      out.push_back(std::move(entry));
    }
    return out;
  };
  DDB_ASSIGN_OR_RETURN(Json gsis, indexes("GlobalSecondaryIndexes", true));
  DDB_ASSIGN_OR_RETURN(Json lsis, indexes("LocalSecondaryIndexes", false));
  req["AttributeDefinitions"] = defs;
  if (!gsis.empty()) req["GlobalSecondaryIndexes"] = gsis;
  if (!lsis.empty()) req["LocalSecondaryIndexes"] = lsis;
  if (provisioned) {
    req["BillingMode"] = "PROVISIONED";
    req["ProvisionedThroughput"] = throughput;
  } else {
    req["BillingMode"] = "PAY_PER_REQUEST";
  }
  return req;
}

std::string Today() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%b %d, %Y, %I:%M %p", &tm);
  return buf;
}

Json KeyAttributesOf(const Json& key_schema, const std::map<std::string, std::string>& types) {
  Json out = Json::object();
  for (const auto& k : key_schema) {
    std::string attr = k.value("AttributeName", "");
    auto it = types.find(attr);
    Json key = {{"AttributeName", attr}, {"AttributeType", it == types.end() ? "S" : it->second}};
    out[k.value("KeyType", "") == "HASH" ? "PartitionKey" : "SortKey"] = key;
  }
  return out;
}

}  // namespace

DotResult ImportModelCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 1) return DotResult::kUsage;
  auto path = ResolveDataFile(shell.DataFileAccess(), args[0], false);
  if (!path.ok()) {
    PrintModelError(shell, path.error());
    return DotResult::kError;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(*path, ec) ||
      std::filesystem::file_size(*path, ec) > kMaxModelBytes) {
    PrintModelError(shell, ValidationError("Unable to open " + args[0] +
                                           ": not a regular file of at most 16 MiB"));
    return DotResult::kError;
  }
  std::ifstream in(*path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  Json model = wire::ParseJson(text.str());
  if (model.is_discarded() || !model.is_object() || !model.contains("DataModel") ||
      !model["DataModel"].is_array()) {
    PrintModelError(shell, ModelError(args[0], "not a NoSQL Workbench model (no DataModel list)"));
    return DotResult::kError;
  }
  // Validate every table before creating any, so a bad model creates nothing.
  std::vector<Json> creates;
  for (const auto& t : model["DataModel"]) {
    auto req = CreateRequest(t, args[0]);
    if (!req.ok()) {
      PrintModelError(shell, req.error());
      return DotResult::kError;
    }
    creates.push_back(std::move(*req));
  }
  // A table CreateTable refuses, or a sample item PutItem refuses, takes back the tables this
  // import already made: a model is imported whole or not at all.
  std::vector<std::string> made;
  std::vector<std::string> lines;
  auto undo = [&](Error e) {
    for (const std::string& name : made) {
      (void)shell.client().Call("DeleteTable", Json{{"TableName", name}});
    }
    shell.InvalidateKeyCache();
    PrintModelError(shell, e);
    if (!made.empty())
      shell.sink().ErrLine("nothing was imported: the tables made before are deleted");
    return DotResult::kEngineError;
  };
  size_t i = 0;
  for (const auto& t : model["DataModel"]) {
    const Json& req = creates[i++];
    const std::string name = req["TableName"].get<std::string>();
    wire::JsonResult created = shell.client().Call("CreateTable", req);
    shell.InvalidateKeyCache();
    if (!created.ok) return undo(created.error);
    made.push_back(name);
    int64_t items = 0;
    for (const auto& item : t.value("TableData", Json::array())) {
      wire::JsonResult put =
          shell.client().Call("PutItem", Json{{"TableName", name}, {"Item", item}});
      if (!put.ok) {
        Error e = put.error;
        e.message =
            "table " + name + ", sample item " + std::to_string(items + 1) + ": " + e.message;
        return undo(std::move(e));
      }
      ++items;
    }
    std::vector<std::string> parts;
    for (const auto& [member, kind] :
         {std::pair{"GlobalSecondaryIndexes", "GSI"}, std::pair{"LocalSecondaryIndexes", "LSI"}}) {
      size_t n = req.value(member, Json::array()).size();
      if (n > 0) parts.push_back(std::to_string(n) + " " + kind + (n == 1 ? "" : "s"));
    }
    std::string with;
    for (size_t k = 0; k < parts.size(); ++k) with += (k == 0 ? " with " : ", ") + parts[k];
    lines.push_back("created table " + name + with + " and " + std::to_string(items) + " item" +
                    (items == 1 ? "" : "s"));
  }
  for (const std::string& line : lines) shell.sink().Line(line);
  return DotResult::kOk;
}

DotResult ExportModelCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.empty()) return DotResult::kUsage;
  auto path = ResolveDataFile(shell.DataFileAccess(), args[0], true);
  if (!path.ok()) {
    PrintModelError(shell, path.error());
    return DotResult::kError;
  }
  std::vector<std::string> tables(args.begin() + 1, args.end());
  if (tables.empty()) tables = shell.TableNames();
  Json data_model = Json::array();
  for (const std::string& name : tables) {
    wire::JsonResult desc = shell.client().Call("DescribeTable", Json{{"TableName", name}});
    if (!desc.ok) {
      PrintModelError(shell, desc.error);
      return DotResult::kEngineError;
    }
    const Json& t = desc.body["Table"];
    std::map<std::string, std::string> types;
    for (const auto& d : t.value("AttributeDefinitions", Json::array())) {
      types[d.value("AttributeName", "")] = d.value("AttributeType", "S");
    }
    Json entry = {{"TableName", name},
                  {"KeyAttributes", KeyAttributesOf(t.value("KeySchema", Json::array()), types)}};
    std::set<std::string> keys;
    for (const auto& k : t.value("KeySchema", Json::array())) {
      keys.insert(k.value("AttributeName", ""));
    }
    // Sample data: the first items of a Scan, as Workbench models carry a sample, not a table.
    Json items = Json::array();
    Json request = {{"TableName", name}};
    bool more = true;
    while (more && static_cast<int64_t>(items.size()) < kMaxSampleItems) {
      wire::JsonResult page = shell.client().Call("Scan", request);
      if (!page.ok) {
        PrintModelError(shell, page.error);
        return DotResult::kEngineError;
      }
      for (const auto& item : page.body.value("Items", Json::array())) {
        if (static_cast<int64_t>(items.size()) == kMaxSampleItems) break;
        items.push_back(item);
      }
      more = page.body.contains("LastEvaluatedKey");
      if (more) request["ExclusiveStartKey"] = page.body["LastEvaluatedKey"];
    }
    // NonKeyAttributes: every other attribute the sample or the indexes use, with its type.
    std::map<std::string, std::string> non_key;
    for (const auto& [attr, type] : types) {
      if (!keys.count(attr)) non_key[attr] = type;
    }
    for (const auto& item : items) {
      for (auto it = item.begin(); it != item.end(); ++it) {
        if (keys.count(it.key()) || non_key.count(it.key()) || !it.value().is_object() ||
            it.value().empty()) {
          continue;
        }
        non_key[it.key()] = it.value().begin().key();
      }
    }
    Json nk = Json::array();
    for (const auto& [attr, type] : non_key) {
      nk.push_back(Json{{"AttributeName", attr}, {"AttributeType", type}});
    }
    entry["NonKeyAttributes"] = nk;
    entry["TableFacets"] = Json::array();
    for (const char* member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      Json list = Json::array();
      for (const auto& ix : t.value(member, Json::array())) {
        list.push_back(
            Json{{"IndexName", ix.value("IndexName", "")},
                 {"KeyAttributes", KeyAttributesOf(ix.value("KeySchema", Json::array()), types)},
                 {"Projection", ix.value("Projection", Json::object())}});
      }
      if (!list.empty()) entry[member] = list;
    }
    entry["TableData"] = items;
    entry["DataAccess"] = Json{{"MySql", Json::object()}};
    const Json billing = t.value("BillingModeSummary", Json::object());
    if (billing.value("BillingMode", "PROVISIONED") == "PAY_PER_REQUEST") {
      entry["BillingMode"] = "PAY_PER_REQUEST";
    } else {
      const Json pt = t.value("ProvisionedThroughput", Json::object());
      entry["BillingMode"] = "PROVISIONED";
      entry["ProvisionedCapacitySettings"] =
          Json{{"ProvisionedThroughput",
                Json{{"ReadCapacityUnits", pt.value("ReadCapacityUnits", int64_t{5})},
                     {"WriteCapacityUnits", pt.value("WriteCapacityUnits", int64_t{5})}}}};
    }
    data_model.push_back(std::move(entry));
    int64_t count = t.value("ItemCount", int64_t{0});
    if (count > kMaxSampleItems) {
      shell.sink().Line("table " + name + ": the model carries the first " +
                        std::to_string(kMaxSampleItems) + " of " + std::to_string(count) +
                        " items as sample data (use .export for all of them)");
    }
  }
  std::string stem = std::filesystem::path(args[0]).stem().string();
  Json model = {{"ModelName", stem},
                {"ModelMetadata", Json{{"Author", ""},
                                       {"DateCreated", Today()},
                                       {"DateLastModified", Today()},
                                       {"Description", "Exported from ddblab"},
                                       {"AWSService", "Amazon DynamoDB"},
                                       {"Version", "3.0"}}},
                {"DataModel", data_model}};
  std::ofstream out(*path, std::ios::binary | std::ios::trunc);
  out << model.dump(2) << "\n";
  out.close();
  if (!out) {
    PrintModelError(shell, ValidationError("Unable to write " + args[0]));
    return DotResult::kError;
  }
  shell.sink().Line("exported " + std::to_string(data_model.size()) + " table" +
                    (data_model.size() == 1 ? "" : "s") + " to " + args[0]);
  return DotResult::kOk;
}

}  // namespace ddblab::shell
