// The subcommands of `aws dynamodb` that ddblab runs, as a table: each option's kebab-case name,
// the DynamoDB request member it sets and how its value is read. Options are listed in the
// service model's member order, which is the order the aws CLI reports missing ones in. The
// modelled operations' subcommands are generated from their request shapes (ddblab/model/);
// the others are written below until their shapes move to the model.
#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "cli/cli_internal.h"
#include "ddblab/call.h"
#include "shell/session/cli.h"

namespace ddblab::shell {
namespace cli {
namespace {

using K = OptionKind;
using M = ShorthandModel;

OptionSpec Str(std::string_view name, std::string_view member, bool required = false) {
  return {name, member, K::kString, required, M::kGeneric, false};
}
OptionSpec Flag(std::string_view name, std::string_view member) {
  return {name, member, K::kFlag, false, M::kGeneric, false};
}
OptionSpec Struct(std::string_view name, std::string_view member, M model = M::kGeneric,
                  bool required = false) {
  return {name, member, K::kStructure, required, model, false};
}
OptionSpec StructList(std::string_view name, std::string_view member, bool required = false,
                      M model = M::kGeneric) {
  return {name, member, K::kStructureList, required, model, false};
}

OptionSpec TableName() { return Str("--table-name", "TableName", true); }
OptionSpec ReturnConsumedCapacity() {
  return Str("--return-consumed-capacity", "ReturnConsumedCapacity");
}
OptionSpec ReturnItemCollectionMetrics() {
  return Str("--return-item-collection-metrics", "ReturnItemCollectionMetrics");
}

// "DescribeContinuousBackups" -> "describe-continuous-backups", "SSESpecification" ->
// "sse-specification": the aws CLI's names for operations and members (botocore's xform_name).
std::string Kebab(std::string_view camel) {
  std::string out;
  for (size_t i = 0; i < camel.size(); ++i) {
    const char c = camel[i];
    const bool upper = c >= 'A' && c <= 'Z';
    if (upper && i > 0) {
      const char before = camel[i - 1];
      const bool after_lower = (before >= 'a' && before <= 'z') || (before >= '0' && before <= '9');
      const bool ends_acronym = before >= 'A' && before <= 'Z' && i + 1 < camel.size() &&
                                camel[i + 1] >= 'a' && camel[i + 1] <= 'z';
      if (after_lower || ends_acronym) out += '-';
    }
    out += upper ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

// Generated names live as long as the tables that point at them.
std::string_view Kept(std::string s) {
  static std::deque<std::string> kept;
  return kept.emplace_back(std::move(s));
}

// How the aws CLI reads an option of a member of type T.
template <typename T>
constexpr OptionKind KindOfMember() {
  if constexpr (std::is_same_v<T, bool>) {
    return K::kFlag;
  } else if constexpr (std::is_integral_v<T>) {
    return K::kInteger;
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    return K::kStringList;
  } else if constexpr (model::IsVector<T>::value) {
    return K::kStructureList;
  } else if constexpr (model::Modelled<T> || model::IsStringMap<T>::value) {
    return K::kStructure;
  } else {
    return K::kString;
  }
}

// The operations the aws CLI pages through (botocore's paginators-1.json), with the request
// members that turn its paging off when given (the input token and the limit key).
struct PagedOperation {
  Operation operation;
  Paging paging;
  std::string_view paging_members[2];
};
constexpr PagedOperation kPagedOperations[] = {
    {Operation::ListTables, Paging::kTableNames, {"ExclusiveStartTableName", "Limit"}},
    {Operation::ListTagsOfResource, Paging::kTags, {"NextToken", ""}},
    {Operation::Query, Paging::kItems, {"ExclusiveStartKey", "Limit"}},
    {Operation::Scan, Paging::kItems, {"ExclusiveStartKey", "Limit"}},
};

// Sets how `def`'s operation pages, and marks its paging members, from kPagedOperations.
void ApplyPaging(SubcommandDef& def) {
  const std::optional<Operation> op = OperationFromName(def.operation);
  for (const PagedOperation& p : kPagedOperations) {
    if (!op || p.operation != *op || def.name == "wait") continue;
    def.paging = p.paging;
    for (OptionSpec& spec : def.options) {
      spec.disables_paging = std::find(std::begin(p.paging_members), std::end(p.paging_members),
                                       spec.member) != std::end(p.paging_members);
    }
  }
}

// How the aws CLI's shorthand reads a member of type T: an item, a key or placeholder values as
// attribute values by name, placeholder names as strings by name, a list of AttributeValues one by
// one.
template <typename T>
constexpr ShorthandModel ShorthandOfMember() {
  if constexpr (std::is_same_v<T, Item> || std::is_same_v<T, ExpressionAttributeValues>) {
    return M::kAttributeMap;
  } else if constexpr (std::is_same_v<T, ExpressionAttributeNames>) {
    return M::kStringMap;
  } else if constexpr (std::is_same_v<T, std::vector<AttributeValue>>) {
    return M::kAttributeValue;
  } else {
    return M::kGeneric;
  }
}

// A modelled operation's subcommand: one option per member of its request shape.
template <typename Request>
SubcommandDef ModelledSubcommand(Operation op) {
  const std::string_view operation = OperationName(op);
  SubcommandDef def{Kept(Kebab(operation)), operation, Paging::kNone, {}};
  const Request request{};
  VisitMembers(request, [&](const model::MemberInfo& m, const auto& field) {
    using T = typename model::Unwrapped<std::remove_cvref_t<decltype(field)>>::type;
    def.options.push_back(OptionSpec{Kept("--" + Kebab(m.wire)), m.wire, KindOfMember<T>(),
                                     m.required(), ShorthandOfMember<T>(), false});
  });
  ApplyPaging(def);
  return def;
}

// Adds the subcommands of one API (DynamoDB or DynamoDB Streams) whose requests are modelled
// shapes to `table`, keeping it in `aws ... help` order (by name, `wait` last).
void AddModelledSubcommands(std::vector<SubcommandDef>& table, bool streams) {
#define DDBLAB_MODELLED_SUBCOMMAND(Name, How)                              \
  if constexpr (model::Modelled<Name##Request>) {                          \
    if (IsStreamsOperation(Operation::Name) == streams) {                  \
      table.push_back(ModelledSubcommand<Name##Request>(Operation::Name)); \
    }                                                                      \
  }
  DDBLAB_OPERATIONS(DDBLAB_MODELLED_SUBCOMMAND)
#undef DDBLAB_MODELLED_SUBCOMMAND
  std::stable_sort(table.begin(), table.end(), [](const SubcommandDef& a, const SubcommandDef& b) {
    return (a.name == "wait") < (b.name == "wait") ||
           ((a.name == "wait") == (b.name == "wait") && a.name < b.name);
  });
}

// The names of the members of shape T and of the shapes below it whose type is `kind`'s
// (integers, booleans), for the shorthand's model types.
template <typename T>
void CollectMembers(OptionKind kind, std::set<std::string, std::less<>>& out) {
  if constexpr (model::Modelled<T>) {
    const T shape{};
    VisitMembers(shape, [&](const model::MemberInfo& m, const auto& field) {
      using F = typename model::Unwrapped<std::remove_cvref_t<decltype(field)>>::type;
      if (KindOfMember<F>() == kind) out.emplace(m.wire);
      if constexpr (model::IsVector<F>::value) {
        CollectMembers<typename F::value_type>(kind, out);
      } else {
        CollectMembers<F>(kind, out);
      }
    });
  }
}

std::vector<SubcommandDef> BuildTable() {
  std::vector<SubcommandDef> table = {
      {"batch-get-item",
       "BatchGetItem",
       Paging::kNone,
       {Struct("--request-items", "RequestItems", M::kGeneric, true), ReturnConsumedCapacity()}},
      {"batch-write-item",
       "BatchWriteItem",
       Paging::kNone,
       {Struct("--request-items", "RequestItems", M::kGeneric, true), ReturnConsumedCapacity(),
        ReturnItemCollectionMetrics()}},
      {"create-table",
       "CreateTable",
       Paging::kNone,
       {StructList("--attribute-definitions", "AttributeDefinitions"), TableName(),
        StructList("--key-schema", "KeySchema"),
        StructList("--local-secondary-indexes", "LocalSecondaryIndexes"),
        StructList("--global-secondary-indexes", "GlobalSecondaryIndexes"),
        Str("--billing-mode", "BillingMode"),
        Struct("--provisioned-throughput", "ProvisionedThroughput"),
        Struct("--stream-specification", "StreamSpecification"),
        Struct("--sse-specification", "SSESpecification"), StructList("--tags", "Tags"),
        Str("--table-class", "TableClass"),
        Flag("--deletion-protection-enabled", "DeletionProtectionEnabled"),
        Struct("--warm-throughput", "WarmThroughput"), Str("--resource-policy", "ResourcePolicy"),
        Struct("--on-demand-throughput", "OnDemandThroughput")}},
      {"transact-get-items",
       "TransactGetItems",
       Paging::kNone,
       {StructList("--transact-items", "TransactItems", true), ReturnConsumedCapacity()}},
      {"transact-write-items",
       "TransactWriteItems",
       Paging::kNone,
       {StructList("--transact-items", "TransactItems", true), ReturnConsumedCapacity(),
        ReturnItemCollectionMetrics(), Str("--client-request-token", "ClientRequestToken")}},
      {"update-table",
       "UpdateTable",
       Paging::kNone,
       {StructList("--attribute-definitions", "AttributeDefinitions"), TableName(),
        Str("--billing-mode", "BillingMode"),
        Struct("--provisioned-throughput", "ProvisionedThroughput"),
        StructList("--global-secondary-index-updates", "GlobalSecondaryIndexUpdates"),
        Struct("--stream-specification", "StreamSpecification"),
        Struct("--sse-specification", "SSESpecification"),
        StructList("--replica-updates", "ReplicaUpdates"), Str("--table-class", "TableClass"),
        Flag("--deletion-protection-enabled", "DeletionProtectionEnabled"),
        Struct("--on-demand-throughput", "OnDemandThroughput"),
        Struct("--warm-throughput", "WarmThroughput")}},
      // `aws dynamodb wait table-exists|table-not-exists`: polls DescribeTable.
      {"wait", "DescribeTable", Paging::kNone, {TableName()}},
  };
  for (SubcommandDef& def : table) ApplyPaging(def);
  AddModelledSubcommands(table, false);
  return table;
}

}  // namespace

const std::vector<SubcommandDef>& SubcommandTable() {
  static const std::vector<SubcommandDef> table = BuildTable();
  return table;
}

const std::set<std::string, std::less<>>& ModelledMembersOfKind(OptionKind kind) {
  static const auto members = [] {
    std::map<OptionKind, std::set<std::string, std::less<>>> out;
    for (OptionKind k : {OptionKind::kInteger, OptionKind::kFlag}) {
#define DDBLAB_COLLECT_MEMBERS(Name, How) CollectMembers<Name##Request>(k, out[k]);
      DDBLAB_OPERATIONS(DDBLAB_COLLECT_MEMBERS)
#undef DDBLAB_COLLECT_MEMBERS
    }
    return out;
  }();
  static const std::set<std::string, std::less<>> kNone;
  auto it = members.find(kind);
  return it == members.end() ? kNone : it->second;
}

const std::vector<SubcommandDef>& StreamsSubcommandTable() {
  static const std::vector<SubcommandDef> table = [] {
    std::vector<SubcommandDef> streams;
    AddModelledSubcommands(streams, true);
    return streams;
  }();
  return table;
}

const SubcommandDef* FindSubcommand(std::string_view name) {
  for (const SubcommandDef& def : SubcommandTable()) {
    if (def.name == name) return &def;
  }
  return nullptr;
}

size_t FindOption(const SubcommandDef& def, std::string_view name, bool* flag_value) {
  *flag_value = true;
  for (size_t k = 0; k < def.options.size(); ++k) {
    const OptionSpec& spec = def.options[k];
    if (spec.name == name) return k;
    if (spec.kind == OptionKind::kFlag && name.starts_with("--no-") &&
        name.substr(5) == spec.name.substr(2)) {
      *flag_value = false;
      return k;
    }
  }
  return def.options.size();
}

const std::vector<std::string>& WaiterNames() {
  static const std::vector<std::string> names = {"table-exists", "table-not-exists"};
  return names;
}

const std::vector<GlobalOption>& IgnoredGlobalOptions() {
  static const std::vector<GlobalOption> options = {
      {"--region", true},
      {"--endpoint-url", true},
      {"--profile", true},
      {"--output", true},
      {"--query", true},
      {"--color", true},
      {"--cli-read-timeout", true},
      {"--cli-connect-timeout", true},
      {"--ca-bundle", true},
      {"--cli-binary-format", true},
      {"--cli-error-format", true},
      {"--no-cli-pager", false},
      {"--debug", false},
      {"--no-verify-ssl", false},
      {"--no-sign-request", false},
      {"--cli-auto-prompt", false},
      {"--no-cli-auto-prompt", false},
  };
  return options;
}

const GlobalOption* FindIgnoredGlobalOption(std::string_view name) {
  for (const GlobalOption& option : IgnoredGlobalOptions()) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

}  // namespace cli

const std::vector<SubcommandSpec>& Subcommands() {
  static const std::vector<SubcommandSpec> specs = [] {
    std::vector<SubcommandSpec> out;
    for (const cli::SubcommandDef& def : cli::SubcommandTable()) {
      SubcommandSpec spec;
      spec.name = std::string(def.name);
      spec.operation = std::string(def.operation);
      if (def.name == "wait") {
        for (const std::string& waiter : cli::WaiterNames()) spec.options.push_back(waiter);
      }
      for (const cli::OptionSpec& option : def.options) {
        spec.options.emplace_back(option.name);
        if (option.kind == cli::OptionKind::kFlag) {
          spec.options.push_back("--no-" + std::string(option.name.substr(2)));
        }
      }
      for (std::string_view paging_option : cli::PagingOptions(def.paging)) {
        spec.options.emplace_back(paging_option);
      }
      spec.options.emplace_back(cli::kCliInputJson);
      out.push_back(std::move(spec));
    }
    return out;
  }();
  return specs;
}

}  // namespace ddblab::shell
