// `ddblab serve --ui`: the live page beside the endpoint, showing its tables and every request
// it answers. Reads go through a client of the same engine; the engine serializes its calls.
// Under --db-per-key it is the instructor's page (docs/page.md, "A class"): every student's
// tables, named KEYID/TABLE, every student's calls, and the class overview.
#include <chrono>

#include "page_server.h"
#include "shell/page/page.h"
#include "shell/views/call_event.h"
#include "shell/views/class_roll.h"
#include "shell/views/table_view.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;

double Now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// A student's table as the page names it: unique across the class, and never a table name
// itself (an access key id has no '/', a table name neither).
std::string Qualified(const std::string& key_id, const std::string& table) {
  return key_id.empty() ? table : key_id + "/" + table;
}

// A call of `key_id`'s, its tables named as the page names them.
void QualifyCall(const std::string& key_id, Json& call) {
  call["student"] = key_id;
  auto qualify = [&key_id](Json& holder) {
    if (holder.contains("table") && holder["table"].is_string()) {
      holder["table"] = Qualified(key_id, holder["table"].get<std::string>());
    }
  };
  qualify(call);
  for (const char* list : {"capacity", "partitions"}) {
    if (!call.contains(list) || !call[list].is_array()) continue;
    for (Json& part : call[list]) qualify(part);
  }
}

class ServePageImpl final : public ServePage, public PageBackend {
 public:
  explicit ServePageImpl(const ServedDatabases& databases) : databases_(databases) {}

  Status Start() {
    Result<std::unique_ptr<PageServer>> started = PageServer::Start(*this, feed_);
    if (!started.ok()) return started.error();
    server_ = std::move(started).value();
    return OkStatus();
  }

  std::string url() const override { return server_->url(); }

  void OnRequest(const std::string& key_id, std::string_view operation,
                 const wire::JsonResult& result) override {
    if (operation.empty()) return;  // refused before it reached the engine
    Json call = CallFromRequest(operation, result, Now());
    if (!key_id.empty()) {
      QualifyCall(key_id, call);
      roll_.Count(key_id, call);
    }
    const std::string op = call.value("operation", "");
    feed_.Publish("call", std::move(call));
    if (result.ok && MayChangeTables(op)) feed_.Publish("tables", Json::object());
  }

  // A run of the stream handlers `serve --init` attached, in the Calls view as a row of its own:
  // what it did in the footer, its failures and the iterator age as warnings.
  void OnStreamHandlers(const std::string& key_id, const Json& summary) override {
    wire::JsonResult result;
    result.ok = summary.value("failed", 0.0) == 0 && summary.value("discarded", 0.0) == 0;
    result.trace.operation = "StreamHandlers";
    Json call = CallFromRequest("stream handlers", result, Now());
    if (!key_id.empty()) QualifyCall(key_id, call);
    call["footer"] = std::to_string(summary.value("invocations", int64_t{0})) + " invocations, " +
                     std::to_string(summary.value("records", int64_t{0})) + " records, " +
                     std::to_string(summary.value("failed", int64_t{0})) + " failed";
    Json warnings = summary.contains("errors") && summary["errors"].is_array() ? summary["errors"]
                                                                               : Json::array();
    if (summary.value("pending", 0.0) > 0) {
      warnings.push_back(std::to_string(summary.value("pending", int64_t{0})) +
                         " records wait; iterator age " +
                         std::to_string(summary.value("iterator_age", int64_t{0})) + " s");
    }
    call["warnings"] = std::move(warnings);
    feed_.Publish("call", std::move(call));
    feed_.Publish("tables", Json::object());
  }

  PageAnswer State() override {
    Json tables = Json::array();
    Json students = Json::array();
    for (const std::string& key_id : KeysShown()) {
      std::unique_ptr<wire::Client> client = ClientOf(key_id);
      if (!client) continue;  // the server is stopping
      Result<Json> names = TableNames(*client);
      if (!names.ok()) return PageAnswer::FromError(names.error());
      for (const Json& name : *names) tables.push_back(Qualified(key_id, name.get<std::string>()));
      if (!key_id.empty()) students.push_back(key_id);
    }
    Json state = {{"source", "serve"},
                  {"database", databases_.per_key() ? databases_.Describe()
                                                    : std::string("the endpoint's database")},
                  {"statements", false},
                  {"tables", std::move(tables)}};
    if (databases_.per_key()) {
      state["class"] = true;
      state["students"] = std::move(students);
    }
    return PageAnswer::Ok(state);
  }
  PageAnswer Table(const std::string& name) override {
    Resolved r = Resolve(name);
    if (!r.client) return r.failure;
    Result<Json> view = TableView(*r.client, r.table);
    if (!view.ok()) return PageAnswer::FromError(view.error());
    (*view)["name"] = name;
    return PageAnswer::Ok(*view);
  }
  PageAnswer Partitions(const std::string& name) override {
    Resolved r = Resolve(name);
    if (!r.client) return r.failure;
    Result<Json> maps = PartitionMaps(*r.client, r.table);
    if (!maps.ok()) return PageAnswer::FromError(maps.error());
    (*maps)["table"] = name;
    for (Json& map : (*maps)["maps"]) map["table"] = name;
    return PageAnswer::Ok(*maps);
  }
  PageAnswer Simulation() override { return PageAnswer::Ok(nullptr); }
  PageAnswer Run(const std::string&) override {
    return PageAnswer::Fail(403, "serve's page is read-only: send requests to the endpoint");
  }
  PageAnswer Class() override {
    if (!databases_.per_key()) return PageAnswer::Ok(nullptr);
    return PageAnswer::Ok(roll_.Rows(databases_.Keys(), Now()));
  }

 private:
  // The databases the page lists: each open key's, or the shared one ("").
  std::vector<std::string> KeysShown() const {
    return databases_.per_key() ? databases_.Keys() : std::vector<std::string>{""};
  }
  std::unique_ptr<wire::Client> ClientOf(const std::string& key_id) const {
    std::shared_ptr<Engine> engine = databases_.Find(key_id);
    if (!engine) return nullptr;
    return wire::MakeEmbeddedClient(std::move(engine), "the endpoint's database");
  }

  struct Resolved {
    std::unique_ptr<wire::Client> client;
    std::string table;
    PageAnswer failure;
  };
  // The database and table a page's table name stands for (KEYID/TABLE under --db-per-key).
  Resolved Resolve(const std::string& name) const {
    Resolved r;
    std::string key_id;
    r.table = name;
    if (databases_.per_key()) {
      const size_t slash = name.find('/');
      if (slash == std::string::npos) {
        r.failure = PageAnswer::Fail(404, "a student's table is named KEYID/TABLE, not " + name);
        return r;
      }
      key_id = name.substr(0, slash);
      r.table = name.substr(slash + 1);
    }
    r.client = ClientOf(key_id);
    if (!r.client) r.failure = PageAnswer::Fail(404, "no database is open for " + key_id);
    return r;
  }

  const ServedDatabases& databases_;
  EventFeed feed_;
  ClassRoll roll_;
  // Last: it stops (and its threads finish) before the feed and the roll go.
  std::unique_ptr<PageServer> server_;
};

}  // namespace

ServePageFactory ServePageMaker() {
  return [](const ServedDatabases& databases) -> Result<std::unique_ptr<ServePage>> {
    auto page = std::make_unique<ServePageImpl>(databases);
    if (Status s = page->Start(); !s.ok()) return s.error();
    return std::unique_ptr<ServePage>(std::move(page));
  };
}

}  // namespace ddblab::shell::page
