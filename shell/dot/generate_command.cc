// .generate TABLE N [--script GEN.lua]: N synthetic items, loaded through .import's bulk path.
//
// With --script, a Lua generator makes each item (shell/lab/runtime/item_script.h). Without it, the
// default template fills every key attribute of the table and of its indexes from the item's
// number, so Query, Scan and index lessons have data at any size:
//   partition key  "<NAME>#<i / 10>" (ten items per item collection when there is a sort key,
//                  one otherwise); sort key "<NAME>#<i>" zero-padded so it sorts by i;
//   index keys     "<NAME>#<i % 100>" (one hundred index partitions);
//   plus `n` (Number, i) and `data` (a String of about 100 bytes).
// Numbers use i itself and binary keys its decimal digits as bytes.
#include "generate_command.h"

#include <cstdio>
#include <functional>
#include <map>
#include <set>

#include "bulk_load_note.h"
#include "progress_line.h"
#include "shell/session/data_file.h"

namespace ddblab::shell {

namespace {

void PrintGenerateError(Shell& shell, const Error& e) {
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

// Loads `count` items made by `make` (called with 0 .. count-1), all or nothing, with a progress
// line on a terminal. An item the table refuses is reported with its number (1-based).
DotResult Load(Shell& shell, const std::string& table, int64_t count,
               const std::function<Result<Item>(int64_t)>& make) {
  ProgressLine progress(shell, "generating");
  int64_t i = 0;
  bool from_generator = false;
  auto next = [&]() -> Result<std::optional<Item>> {
    if (i == count) return std::optional<Item>();
    from_generator = true;
    DDB_ASSIGN_OR_RETURN(Item item, make(i));
    from_generator = false;
    ++i;
    progress.Tick(i, static_cast<double>(i) / static_cast<double>(count));
    return std::optional<Item>(std::move(item));
  };
  BulkLoadResult loaded = shell.client().BulkLoad(table, next);
  progress.Done();
  shell.InvalidateKeyCache();
  if (loaded.error) {
    Error e = *loaded.error;
    if (!from_generator && i > 0 && e.type == ErrorType::kValidationException) {
      e.message = "item " + std::to_string(i) + ": " + e.message;
    }
    PrintGenerateError(shell, e);
    shell.sink().ErrLine(BulkLoadFailureNote(loaded, "generated", ".generate"));
    return DotResult::kEngineError;
  }
  shell.sink().Line("generated " + ItemCount(loaded.written) + " in " + table);
  return DotResult::kOk;
}

DotResult GenerateFromScript(Shell& shell, const std::string& table, int64_t count,
                             const std::string& script) {
  if (!shell.item_generator_opener()) {
    shell.sink().ErrLine(".generate --script needs the Lua lab runtime, which this shell lacks");
    return DotResult::kError;
  }
  auto path = ResolveDataFile(shell.DataFileAccess(), script, false);
  if (!path.ok()) {
    PrintGenerateError(shell, path.error());
    return DotResult::kError;
  }
  auto generator = shell.item_generator_opener()(*path, count, shell.sink());
  if (!generator.ok()) {
    // Name the script as the user wrote it, not by the absolute path it resolved to.
    Error e = generator.error();
    for (size_t at = 0; (at = e.message.find(*path, at)) != std::string::npos;) {
      e.message.replace(at, path->size(), script);
      at += script.size();
    }
    PrintGenerateError(shell, e);
    shell.sink().ErrLine("nothing was generated (.generate is all or nothing)");
    return DotResult::kError;
  }
  ItemGenerator& g = **generator;
  return Load(shell, table, count, [&](int64_t i) { return g.Make(i + 1); });
}

}  // namespace

DotResult GenerateCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  std::string script;
  std::vector<std::string> words;
  for (size_t k = 0; k < args.size(); ++k) {
    if (args[k] == "--script") {
      if (k + 1 == args.size() || !script.empty()) return DotResult::kUsage;
      script = args[++k];
    } else {
      words.push_back(args[k]);
    }
  }
  if (words.size() != 2) return DotResult::kUsage;
  const std::string& table = words[0];
  int64_t count = 0;
  try {
    size_t used = 0;
    count = std::stoll(words[1], &used);
    if (used != words[1].size() || count < 0) return DotResult::kUsage;
  } catch (...) {
    return DotResult::kUsage;
  }
  if (!script.empty()) return GenerateFromScript(shell, table, count, script);
  DescribeTableRequest describe;
  describe.table_name = table;
  auto described = wire::Invoke<Operation::DescribeTable>(shell.client(), std::move(describe));
  if (!described.ok()) {
    PrintGenerateError(shell, described.error());
    return DotResult::kEngineError;
  }
  const TableDescription& t = described->table;
  std::map<std::string, std::string> types;
  for (const AttributeDefinition& d : t.attribute_definitions) {
    types[d.attribute_name] = d.attribute_type;
  }
  std::vector<KeyAttr> keys;
  std::set<std::string> seen;
  bool has_range = false;
  for (const KeySchemaElement& k : t.key_schema) {
    const std::string& name = k.attribute_name;
    bool hash = k.key_type == "HASH";
    has_range = has_range || !hash;
    keys.push_back({name, types[name], hash ? KeyAttr::Role::kHash : KeyAttr::Role::kRange});
    seen.insert(name);
  }
  for (const auto* list : {&t.global_secondary_indexes, &t.local_secondary_indexes}) {
    for (const IndexDescription& ix : *list) {
      for (const KeySchemaElement& k : ix.key_schema) {
        const std::string& name = k.attribute_name;
        if (seen.insert(name).second) keys.push_back({name, types[name], KeyAttr::Role::kIndex});
      }
    }
  }
  const std::string filler(80, 'x');
  return Load(shell, table, count, [&](int64_t i) -> Result<Item> {
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
    return item;
  });
}

}  // namespace ddblab::shell
