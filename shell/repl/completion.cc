// Tab completion: what can follow what has been typed so far. Dot-commands and their arguments,
// aws-CLI subcommands and options, table and index names after --table-name/--index-name or
// FROM/INTO, and attribute names inside expressions.
#include "shell/repl/completion.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "shell/render/render.h"
#include "shell/repl/dot_table.h"

namespace ddblab::shell {

namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> words;
  std::string w;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == '\\') {
      if (!w.empty()) words.push_back(w);
      w.clear();
    } else {
      w += c;
    }
  }
  if (!w.empty()) words.push_back(w);
  return words;
}

std::string Unquote(std::string s) {
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) {
    return s.substr(1, s.size() - 2);
  }
  if (!s.empty() && (s.front() == '"' || s.front() == '\'')) return s.substr(1);
  return s;
}

const SubcommandSpec* FindSubcommand(const std::string& name) {
  for (const auto& s : Subcommands()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// True when `text` ends inside a PartiQL "quoted name" (quotes inside 'strings' do not count).
bool InsideQuotedName(const std::string& text) {
  char quote = 0;
  for (char c : text) {
    if (quote != 0) {
      if (c == quote) quote = 0;  // a doubled quote reopens at once: the parity is the same
    } else if (c == '"' || c == '\'') {
      quote = c;
    }
  }
  return quote == '"';
}

bool IsExpressionOption(const std::string& w) {
  return w == "--key-condition-expression" || w == "--filter-expression" ||
         w == "--projection-expression" || w == "--update-expression" ||
         w == "--condition-expression";
}

}  // namespace

std::vector<std::string> CompletionCandidates(Shell& shell, const std::string& before,
                                              const std::string& word, bool* files) {
  *files = false;
  std::vector<std::string> words = Words(before);
  std::vector<std::string> pool;
  bool case_insensitive = false;

  if (words.empty() && word.starts_with(".")) {
    for (const auto& c : DotCommands(shell)) pool.emplace_back(c.name);
  } else if (!words.empty() && words[0].starts_with(".")) {
    std::optional<DotCommandSpec> c = FindDotCommand(shell, words[0], nullptr);
    std::string name = c ? c->name : "";
    if (words.size() == 1) {
      if (name == ".mode") {
        for (const auto& m : Modes()) pool.emplace_back(m.name);
      } else if (name == ".capacity") {
        pool = {"total", "indexes", "off"};
      } else if (name == ".timer" || name == ".echo") {
        pool = {"on", "off"};
      } else if (name == ".param") {
        pool = {"set", "list", "clear"};
      } else if (name == ".check") {
        pool = {"ok", "error"};
      } else if (name == ".help") {
        for (const auto& t : shell.dot_commands().topics) pool.emplace_back(t.name);
        for (const auto& d : DotCommands(shell)) pool.emplace_back(d.name);
      } else if (name == ".describe" || name == ".partitions" || name == ".dump" ||
                 name == ".tables") {
        pool = shell.TableNames();
      } else if (name == ".open" || name == ".read") {
        *files = true;
      }
    } else if (name == ".dump") {
      pool = shell.TableNames();
    } else if (name == ".check" && words.size() == 2) {
      pool = {"ValidationException", "ResourceNotFoundException", "ConditionalCheckFailedException",
              "TransactionCanceledException", "DuplicateItemException"};
    }
  } else {
    size_t first = 0;
    if (first < words.size() && words[first] == "aws") ++first;
    if (first < words.size() && words[first] == "dynamodb") ++first;
    std::string lead = first < words.size() ? Lower(words[first]) : "";
    bool partiql = lead == "select" || lead == "insert" || lead == "update" || lead == "delete" ||
                   lead == "exists" || lead == "explain";
    if (first == words.size()) {
      if (words.empty())
        pool = {"aws", "EXPLAIN", "SELECT", "INSERT", "UPDATE", "DELETE", "EXISTS"};
      if (!words.empty() && words.back() == "aws") pool.push_back("dynamodb");
      for (const auto& s : Subcommands()) pool.push_back(s.name);
      case_insensitive = true;
    } else if (partiql && InsideQuotedName(before)) {
      // `FROM "S<Tab>`: a table name, and `FROM "Shop"."G<Tab>`: an index name, each with its
      // closing quote.
      std::string head = before.substr(0, before.rfind('"'));
      while (!head.empty() && std::isspace(static_cast<unsigned char>(head.back())))
        head.pop_back();
      if (!head.empty() && head.back() == '.') {
        head.pop_back();
        size_t open = head.size() >= 2 && head.back() == '"' ? head.rfind('"', head.size() - 2)
                                                             : std::string::npos;
        if (open != std::string::npos) {
          for (const auto& i : shell.IndexNames(head.substr(open + 1, head.size() - open - 2)))
            pool.push_back(i + "\"");
        }
      } else {
        std::vector<std::string> lead_words = Words(head);
        std::string prev = lead_words.empty() ? "" : Lower(lead_words.back());
        if (prev == "from" || prev == "into" || prev == "update") {
          for (const auto& t : shell.TableNames()) pool.push_back(t + "\"");
        }
      }
    } else if (partiql) {
      std::string prev = Lower(words.back());
      std::string table;
      for (size_t i = first; i + 1 < words.size(); ++i) {
        std::string w = Lower(words[i]);
        if (w == "from" || w == "into" || (w == "update" && i == first))
          table = Unquote(words[i + 1]);
      }
      if (table.size() > 0 && table.find('.') != std::string::npos)
        table = table.substr(0, table.find('.'));
      if (prev == "from" || prev == "into" || (prev == "update" && words.size() == first + 1)) {
        for (const auto& t : shell.TableNames()) {
          bool plain = std::all_of(t.begin(), t.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
          });
          pool.push_back(plain ? t : "\"" + t + "\"");
        }
      } else {
        pool = {"SELECT",
                "FROM",
                "WHERE",
                "AND",
                "OR",
                "NOT",
                "BETWEEN",
                "IN",
                "VALUE",
                "SET",
                "REMOVE",
                "RETURNING",
                "begins_with",
                "contains",
                "attribute_exists",
                "attribute_not_exists",
                "EXISTS"};
        if (!table.empty()) {
          for (const auto& a : shell.AttributeNames(table)) pool.push_back(a);
        }
        case_insensitive = true;
      }
    } else {
      const SubcommandSpec* sub = FindSubcommand(lead);
      std::string table;
      for (size_t i = first; i + 1 < words.size(); ++i) {
        if (words[i] == "--table-name") table = Unquote(words[i + 1]);
      }
      std::string prev = words.back();
      if (prev == "--table-name") {
        pool = shell.TableNames();
      } else if (prev == "--index-name" && !table.empty()) {
        pool = shell.IndexNames(table);
      } else if (prev == "--select") {
        pool = {"ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"};
      } else if (prev == "--return-consumed-capacity") {
        pool = {"INDEXES", "TOTAL", "NONE"};
      } else if (prev == "--return-values") {
        pool = {"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"};
      } else if (prev == "--billing-mode") {
        pool = {"PAY_PER_REQUEST", "PROVISIONED"};
      } else if (word.starts_with("-") && sub != nullptr) {
        pool = sub->options;
      } else if (!table.empty()) {
        // Inside an expression (or anywhere after the table is known): attribute names.
        bool in_expression = false;
        for (size_t i = first; i < words.size(); ++i) {
          in_expression =
              IsExpressionOption(words[i]) || (in_expression && !words[i].starts_with("--"));
        }
        if (in_expression || !word.empty()) pool = shell.AttributeNames(table);
      }
    }
  }
  std::vector<std::string> out;
  std::string w = case_insensitive ? Lower(word) : word;
  for (const auto& p : pool) {
    std::string candidate = case_insensitive ? Lower(p) : p;
    if (candidate.starts_with(w)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ddblab::shell
