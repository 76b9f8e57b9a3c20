// The Client over an in-process engine.
#include "ddblab/bulk_load.h"
#include "ddblab/wire.h"

namespace ddblab::wire {
namespace {

class EmbeddedClient final : public Client {
 public:
  EmbeddedClient(std::shared_ptr<Engine> engine, std::string description)
      : engine_(std::move(engine)), description_(std::move(description)) {}

  JsonResult Call(std::string_view operation, const Json& request) override {
    if (IsExtensionOperation(operation)) return ExecuteExtensionJson(*engine_, operation, request);
    return ExecuteJson(*engine_, operation, request);
  }
  CallResult Execute(const Request& request) override { return ExecuteRequest(*engine_, request); }
  std::string Describe() const override { return description_; }
  BulkLoadResult BulkLoad(const std::string& table, const ItemSource& next) override {
    BulkLoadResult out;
    out.all_or_nothing = true;
    Result<int64_t> written = ImportItems(*engine_, table, next);
    if (written.ok()) {
      out.written = *written;
    } else {
      out.error = written.error();
    }
    return out;
  }
  Status SaveCopy(const std::string& path) override { return engine_->SaveCopy(path); }
  Result<int> Subscribe(CommitSubscriber subscriber) override {
    return engine_->Subscribe(std::move(subscriber));
  }
  void Unsubscribe(int id) override { engine_->Unsubscribe(id); }

 private:
  std::shared_ptr<Engine> engine_;
  std::string description_;
};

}  // namespace

std::unique_ptr<Client> MakeEmbeddedClient(std::shared_ptr<Engine> engine,
                                           std::string description) {
  return std::make_unique<EmbeddedClient>(std::move(engine), std::move(description));
}

}  // namespace ddblab::wire
