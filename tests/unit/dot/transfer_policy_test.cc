// .import and .export open files under the front door's policy (shell/file_access.h): the user's
// own shell may, lesson code running statements through Shell::Run may not.
#include <catch2/catch.hpp>

#include "shell/dot/dot_commands.h"
#include "shell/render/output.h"
#include "shell/repl/shell.h"

using namespace ddblab;
using namespace ddblab::shell;

namespace {
std::unique_ptr<wire::Client> Memory() {
  EngineOptions o;
  auto e = Engine::Open(o);
  REQUIRE(e.ok());
  return wire::MakeEmbeddedClient(std::shared_ptr<Engine>(std::move(*e)), "test");
}
}  // namespace

TEST_CASE("Lesson code cannot read or write files through .import and .export") {
  CaptureSink sink;
  Shell shell(Memory(), sink, BuiltInDotCommands());
  bool created = shell.Run(
      "create-table --table-name Things --attribute-definitions AttributeName=pk,AttributeType=S "
      "--key-schema AttributeName=pk,KeyType=HASH --billing-mode PAY_PER_REQUEST");
  INFO(sink.all());
  REQUIRE(created);
  sink.Clear();
  CHECK_FALSE(shell.Run(".import Things /etc/passwd"));
  CHECK(sink.err() ==
        "ValidationException: Unable to open /etc/passwd: lesson code cannot read or write files "
        "through dot-commands\n");
  sink.Clear();
  CHECK_FALSE(shell.Run(".export Things /tmp/ddblab-should-not-exist.jsonl"));
  CHECK(sink.err() ==
        "ValidationException: Unable to open /tmp/ddblab-should-not-exist.jsonl: lesson code "
        "cannot read or write files through dot-commands\n");
}

TEST_CASE(".import names the file that cannot be opened in the user's own shell") {
  CaptureSink sink;
  Shell shell(Memory(), sink, BuiltInDotCommands());
  shell.Execute(
      "create-table --table-name Things --attribute-definitions AttributeName=pk,AttributeType=S "
      "--key-schema AttributeName=pk,KeyType=HASH --billing-mode PAY_PER_REQUEST");
  sink.Clear();
  CHECK(shell.Execute(".import Things /nonexistent/x.jsonl") == Outcome::kOtherError);
  CHECK(sink.err() ==
        "ValidationException: Unable to open /nonexistent/x.jsonl: No such file or directory\n");
}
