// A Client that forwards to whatever backend a shell has now, so Lua code bound to it (a
// lesson's, the shell's stream handlers) follows `.open` and the databases lessons push.
#pragma once

#include "ddblab/wire.h"
#include "shell/repl/extensions.h"

namespace ddblab::lab {

class ShellClient : public wire::Client {
 public:
  explicit ShellClient(shell::ShellContext& shell) : shell_(shell) {}
  CallResult Execute(const Request& request) override { return shell_.client().Execute(request); }
  wire::JsonResult Call(std::string_view operation, const wire::Json& request) override {
    return shell_.client().Call(operation, request);
  }
  bool IsRemote() const override { return shell_.client().IsRemote(); }
  std::string Describe() const override { return shell_.client().Describe(); }
  // The database the shell has now: a subscription stays with it when the shell moves on.
  Result<int> Subscribe(CommitSubscriber subscriber) override {
    return shell_.client().Subscribe(std::move(subscriber));
  }

 private:
  shell::ShellContext& shell_;
};

}  // namespace ddblab::lab
