// `ddblab serve --ui`: the live page beside the endpoint, showing its tables and every request
// it answers. Reads go through a client of the same engine; the engine serializes its calls.
#include <chrono>

#include "page_server.h"
#include "shell/page/page.h"
#include "shell/views/call_event.h"
#include "shell/views/table_view.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;

class ServePageImpl final : public ServePage, public PageBackend {
 public:
  explicit ServePageImpl(std::shared_ptr<Engine> engine)
      : client_(wire::MakeEmbeddedClient(std::move(engine), "the endpoint's database")) {}

  Status Start() {
    Result<std::unique_ptr<PageServer>> started = PageServer::Start(*this, feed_);
    if (!started.ok()) return started.error();
    server_ = std::move(started).value();
    return OkStatus();
  }

  std::string url() const override { return server_->url(); }

  void OnRequest(std::string_view operation, const wire::JsonResult& result) override {
    if (operation.empty()) return;  // refused before it reached the engine
    const double now =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    Json call = CallFromRequest(operation, result, now);
    const std::string op = call.value("operation", "");
    feed_.Publish("call", std::move(call));
    if (result.ok && MayChangeTables(op)) feed_.Publish("tables", Json::object());
  }

  // A run of the stream handlers `serve --init` attached, in the Calls view as a row of its own:
  // what it did in the footer, its failures and the iterator age as warnings.
  void OnStreamHandlers(const Json& summary) override {
    const double now =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    wire::JsonResult result;
    result.ok = summary.value("failed", 0.0) == 0 && summary.value("discarded", 0.0) == 0;
    result.trace.operation = "StreamHandlers";
    Json call = CallFromRequest("stream handlers", result, now);
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
    Result<Json> names = TableNames(*client_);
    if (!names.ok()) return PageAnswer::FromError(names.error());
    return PageAnswer::Ok({{"source", "serve"},
                           {"database", client_->Describe()},
                           {"statements", false},
                           {"tables", std::move(*names)}});
  }
  PageAnswer Table(const std::string& name) override {
    Result<Json> view = TableView(*client_, name);
    return view.ok() ? PageAnswer::Ok(*view) : PageAnswer::FromError(view.error());
  }
  PageAnswer Partitions(const std::string& name) override {
    Result<Json> maps = PartitionMaps(*client_, name);
    return maps.ok() ? PageAnswer::Ok(*maps) : PageAnswer::FromError(maps.error());
  }
  PageAnswer Simulation() override { return PageAnswer::Ok(nullptr); }
  PageAnswer Run(const std::string&) override {
    return PageAnswer::Fail(403, "serve's page is read-only: send requests to the endpoint");
  }

 private:
  std::unique_ptr<wire::Client> client_;
  EventFeed feed_;
  // Last: it stops (and its threads finish) before the feed and client go.
  std::unique_ptr<PageServer> server_;
};

}  // namespace

ServePageFactory ServePageMaker() {
  return [](std::shared_ptr<Engine> engine) -> Result<std::unique_ptr<ServePage>> {
    auto page = std::make_unique<ServePageImpl>(std::move(engine));
    if (Status s = page->Start(); !s.ok()) return s.error();
    return std::unique_ptr<ServePage>(std::move(page));
  };
}

}  // namespace ddblab::shell::page
