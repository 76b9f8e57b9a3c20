// The one policy for file:// values (shell/file_access.h): what the user's shell, a lesson and a
// graded solution may read, and that no refusal ever carries the file's text.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "shell/session/cli.h"
#include "shell/session/file_access.h"

using ddblab::shell::FileAccess;
using ddblab::shell::kMaxParamFileBytes;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::ReadParamFile;
using ddblab::shell::SplitWords;
namespace fs = std::filesystem;

namespace {

constexpr const char* kSecret = "TOP-SECRET-7f3a";

struct Folder {
  fs::path root;
  Folder() {
    char tmpl[] = "/tmp/ddblab-paramfile-XXXXXX";
    root = mkdtemp(tmpl);
    fs::create_directories(root / "lesson");
    std::ofstream(root / "lesson" / "item.json") << R"({"PK":{"S":"a"}})";
    std::ofstream(root / "secret.txt") << kSecret;
    fs::create_symlink(root / "secret.txt", root / "lesson" / "link.json");
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  std::string lesson() const { return (root / "lesson").string(); }
};

std::string ErrorOf(const FileAccess& access, const std::string& value) {
  auto r = ReadParamFile(access, value);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find(kSecret) == std::string::npos);
  return r.error().message;
}

}  // namespace

TEST_CASE("file:// in the user's own shell reads a regular file relative to its folder") {
  Folder f;
  auto r = ReadParamFile(FileAccess::Local(f.lesson()), "file://item.json");
  REQUIRE(r.ok());
  CHECK(*r == R"({"PK":{"S":"a"}})");
}

TEST_CASE("file:// refuses devices before reading a byte (file:///dev/zero cannot fill memory)") {
  CHECK(ErrorOf(FileAccess::Local(""), "file:///dev/zero") ==
        "Unable to load paramfile file:///dev/zero: not a regular file (a character device); only "
        "regular files can be read");
  CHECK(ErrorOf(FileAccess::Local(""), "fileb:///dev/urandom").find("a character device") !=
        std::string::npos);
}

TEST_CASE("file:// refuses directories and FIFOs without blocking on the FIFO") {
  Folder f;
  std::string fifo = (f.root / "pipe").string();
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(ErrorOf(FileAccess::Local(""), "file://" + fifo).find("(a FIFO)") != std::string::npos);
  CHECK(ErrorOf(FileAccess::Local(""), "file://" + f.root.string()).find("(a directory)") !=
        std::string::npos);
}

TEST_CASE("file:// refuses a file larger than DynamoDB's 16 MiB request limit") {
  Folder f;
  fs::path big = f.root / "big.json";
  std::ofstream(big).close();
  fs::resize_file(big, kMaxParamFileBytes + 1);
  CHECK(ErrorOf(FileAccess::Local(""), "file://" + big.string()).find("larger than 16 MiB") !=
        std::string::npos);
}

TEST_CASE("a missing file gets the aws CLI's errno wording") {
  CHECK(ErrorOf(FileAccess::Local("/nonexistent-dir"), "file://x.json") ==
        "Unable to load paramfile file://x.json: [Errno 2] No such file or directory: 'x.json'");
}

TEST_CASE("lesson code reads only inside its own folder: .. escapes, absolute paths, symlinks") {
  Folder f;
  FileAccess lesson = FileAccess::ConfinedTo(f.lesson());
  REQUIRE(ReadParamFile(lesson, "file://item.json").ok());
  const std::string outside = "only files inside the lesson's own folder can be read";
  CHECK(ErrorOf(lesson, "file://../secret.txt").find(outside) != std::string::npos);
  CHECK(ErrorOf(lesson, "file://" + (f.root / "secret.txt").string()).find(outside) !=
        std::string::npos);
  CHECK(ErrorOf(lesson, "file://link.json").find(outside) != std::string::npos);
  CHECK(ErrorOf(lesson, "fileb:///proc/self/environ").find(outside) != std::string::npos);
  CHECK(ErrorOf(lesson, "file://~/secret.txt").find("No such file") != std::string::npos);
}

TEST_CASE("graded solutions read no file at all and the refusal says to paste the JSON") {
  Folder f;
  FileAccess solution = FileAccess::Refused(ddblab::shell::kSolutionFileReason);
  CHECK(ErrorOf(solution, "file://" + (f.root / "secret.txt").string()).find("paste the JSON") !=
        std::string::npos);
  CHECK(ErrorOf(solution, "fileb:///proc/self/environ") ==
        "Unable to load paramfile fileb:///proc/self/environ: graded solutions are self-contained: "
        "paste the JSON into the command instead of reading it from a file");
}

TEST_CASE("every aws-CLI route to a file goes through the policy: options, --cli-input-json, @=") {
  Folder f;
  FileAccess solution = FileAccess::Refused(ddblab::shell::kSolutionFileReason);
  std::string secret = (f.root / "secret.txt").string();
  for (std::string line :
       {"scan --table-name file://" + secret, "put-item --table-name t --item file://" + secret,
        "scan --cli-input-json file://" + secret,
        "put-item --table-name t --item PK@=file://" + secret,
        "put-item --table-name t --item PK@=" + secret}) {
    auto words = SplitWords(line);
    REQUIRE(words.ok());
    auto r = ParseCliCommand(*words, solution);
    INFO(line);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("self-contained") != std::string::npos);
    CHECK(r.error().message.find(kSecret) == std::string::npos);
  }
}
