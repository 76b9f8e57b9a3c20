// The default template fills every key attribute of the table and of its indexes from the item's
// number, so Query, Scan and index lessons have data at any size:
//   partition key  "<NAME>#<i / 10>" (ten items per item collection when there is a sort key,
//                  one otherwise); sort key "<NAME>#<i>" zero-padded so it sorts by i;
//   index keys     "<NAME>#<i % 100>" (one hundred index partitions);
//   plus `n` (Number, i) and `data` (a String of about 100 bytes).
// Numbers use i itself and binary keys its decimal digits as bytes.
#include "shell/generate_command.h"

#include <cstdio>
#include <map>
#include <set>

#include "ddblab/bulk_load.h"

namespace ddblab::shell {

namespace {

void PrintError(Shell& shell, const Error& e) {
  shell.sink().ErrLine(std::string(ErrorTypeName(e.type)) + ": " + e.message);
}

struct KeyAttr {
  std::string name, type;
  enum class Role { kHash, kRange, kIndex } role;
};

std::string Padded(int64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%012lld", static_cast<long long>(v));
  return buf;
}

AttributeValue ValueFor(const KeyAttr& k, int64_t v, bool padded) {
  std::string digits = padded ? Padded(v) : std::to_string(v);
  if (k.type == "N") return AttributeValue::N(*Decimal::Parse(std::to_string(v)));
  if (k.type == "B") return AttributeValue::B(digits);
  return AttributeValue::S(k.name + "#" + digits);
}

}  // namespace

DotResult GenerateCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 2) return DotResult::kUsage;
  const std::string& table = args[0];
  int64_t count = 0;
  try {
    size_t used = 0;
    count = std::stoll(args[1], &used);
    if (used != args[1].size() || count < 0) return DotResult::kUsage;
  } catch (...) {
    return DotResult::kUsage;
  }
  Engine* engine = EmbeddedEngine(shell.client());
  if (engine == nullptr) {
    shell.sink().ErrLine(".generate loads into ddblab's own database, not into a remote endpoint");
    return DotResult::kError;
  }
  wire::JsonResult desc = shell.client().Call("DescribeTable", wire::Json{{"TableName", table}});
  if (!desc.ok) {
    PrintError(shell, desc.error);
    return DotResult::kEngineError;
  }
  const wire::Json& t = desc.body["Table"];
  std::map<std::string, std::string> types;
  for (const auto& d : t.value("AttributeDefinitions", wire::Json::array())) {
    types[d.value("AttributeName", "")] = d.value("AttributeType", "S");
  }
  std::vector<KeyAttr> keys;
  std::set<std::string> seen;
  bool has_range = false;
  for (const auto& k : t.value("KeySchema", wire::Json::array())) {
    std::string name = k.value("AttributeName", "");
    bool hash = k.value("KeyType", "") == "HASH";
    has_range = has_range || !hash;
    keys.push_back({name, types[name], hash ? KeyAttr::Role::kHash : KeyAttr::Role::kRange});
    seen.insert(name);
  }
  for (const char* list : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    for (const auto& ix : t.value(list, wire::Json::array())) {
      for (const auto& k : ix.value("KeySchema", wire::Json::array())) {
        std::string name = k.value("AttributeName", "");
        if (seen.insert(name).second) keys.push_back({name, types[name], KeyAttr::Role::kIndex});
      }
    }
  }
  const std::string filler(80, 'x');
  int64_t i = 0;
  auto next = [&]() -> Result<std::optional<Item>> {
    if (i == count) return std::optional<Item>();
    Item item;
    for (const KeyAttr& k : keys) {
      switch (k.role) {
        case KeyAttr::Role::kHash:
          item[k.name] = ValueFor(k, has_range ? i / 10 : i, false);
          break;
        case KeyAttr::Role::kRange:
          item[k.name] = ValueFor(k, i, true);
          break;
        case KeyAttr::Role::kIndex:
          item[k.name] = ValueFor(k, i % 100, false);
          break;
      }
    }
    if (!item.count("n")) item["n"] = AttributeValue::N(*Decimal::Parse(std::to_string(i)));
    if (!item.count("data"))
      item["data"] = AttributeValue::S("item " + std::to_string(i) + " " + filler);
    ++i;
    return std::optional<Item>(std::move(item));
  };
  Result<int64_t> written = ImportItems(*engine, table, next);
  if (!written.ok()) {
    PrintError(shell, written.error());
    shell.sink().ErrLine("nothing was generated (.generate is all or nothing)");
    return DotResult::kEngineError;
  }
  shell.sink().Line("generated " + std::to_string(*written) + " item" + (*written == 1 ? "" : "s") +
                    " in " + table);
  return DotResult::kOk;
}

}  // namespace ddblab::shell
