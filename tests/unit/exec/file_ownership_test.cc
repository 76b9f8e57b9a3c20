// One process owns a database file at a time (engine/src/storage/file_guard.h): a second process
// is refused naming the holder, while a second Engine in the same process (the shell's `.open`
// of the file it already has) shares the first one's lock. No DynamoDB counterpart: DynamoDB's
// storage is not a user's file.
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "fixture.h"

using namespace ddbtest;

namespace {
std::string FreshDb(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / ("ddblab-own-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return path.string();
}
}  // namespace

TEST_CASE("Two engines of one process may open the same file") {
  EngineOptions o;
  o.path = FreshDb("same-process.db");
  auto first = Must(Engine::Open(o));
  auto second = Engine::Open(o);
  REQUIRE(second.ok());
}

TEST_CASE("Another process's open is refused naming the holder, until the holder closes") {
  EngineOptions o;
  o.path = FreshDb("other-process.db");
  int ready[2], release[2];
  REQUIRE(pipe(ready) == 0);
  REQUIRE(pipe(release) == 0);
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child waits for end-of-file on `release`: it must not hold that pipe's write end.
    close(release[1]);
    auto held = Engine::Open(o);
    char c = held.ok() ? 'y' : 'n';
    if (write(ready[1], &c, 1) != 1 || read(release[0], &c, 1) < 0) _exit(2);
    _exit(0);
  }
  char c = 0;
  REQUIRE(read(ready[0], &c, 1) == 1);
  REQUIRE(c == 'y');
  auto refused = Engine::Open(o);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().type == ErrorType::kResourceInUseException);
  std::string holder = "(pid " + std::to_string(child) + ": ";
  CHECK(refused.error().message.rfind(o.path + " is in use by another ddblab process " + holder,
                                      0) == 0);
  close(release[1]);
  int status = 0;
  waitpid(child, &status, 0);
  CHECK(WIFEXITED(status));
  auto reopened = Engine::Open(o);
  CHECK(reopened.ok());
  close(ready[0]);
  close(ready[1]);
  close(release[0]);
}
