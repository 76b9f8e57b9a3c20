// `ddblab course check DIR`: the check an instructor's course repository runs in its own CI.
// Every exercise under DIR/exercises passes `exercise check` on the seeds given, and every lesson
// under DIR/lessons (DIR/lessons/<id>/lesson.lua) completes from each of its answers files
// (<id>/*.answers) and from none of its wrong files (<id>/*.wrong). The exit status is non-zero
// with the list of what failed.
//
// A course folder is input from elsewhere (a pull request, a colleague's repository) checked on
// a CI machine, so it gets no more file access than the live page's statement box: answers are
// replayed through Shell::ExecuteUntrusted (no file:// value, no dot-command that opens a file),
// and a course holding a symbolic link, device or FIFO is refused before anything runs.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "grading/exercise_check.h"
#include "lab_runtime.h"
#include "shell/lab/lab_commands.h"
#include "shell/render/output.h"

namespace ddblab::lab {

namespace fs = std::filesystem;

namespace {

constexpr const char* kUsage = "usage: ddblab course check DIR [--seeds 1..20]\n";
// How refusals name the replayed answers: "... cannot read or write files".
constexpr const char* kAnswersSource = "a course's answers files replayed by course check";

int Usage(const std::string& error) {
  std::fprintf(stderr, "ddblab course: %s\n%s", error.c_str(), kUsage);
  return 2;
}

std::vector<fs::path> Sorted(const fs::path& dir, bool folders) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory(ec) == folders) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// What course check replays and grades is the course's own: a symbolic link (or a device or
// FIFO) anywhere under lessons/ or exercises/ could make it print a file from elsewhere on the
// CI machine into the log, so each one is named and nothing is run. Paths are relative to root.
std::vector<std::string> NotOwnFiles(const fs::path& root) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const char* top : {"lessons", "exercises"}) {
    const fs::path dir = root / top;
    if (fs::is_symlink(fs::symlink_status(dir, ec))) {
      found.push_back(top);
      continue;
    }
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::file_status st = it->symlink_status(ec);
      if (fs::is_regular_file(st) || fs::is_directory(st)) continue;
      // Lexically: fs::relative would resolve the link to where it points.
      found.push_back(it->path().lexically_relative(root).generic_string());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

// An answers file's text, opened without following a link (one could replace the file after
// NotOwnFiles looked) and only when it is a regular file, up to kMaxAnswersBytes.
constexpr size_t kMaxAnswersBytes = size_t{16} << 20;
Result<std::string> ReadOwnFile(const fs::path& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return ValidationError("cannot open " + path.string() + ": " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return ValidationError(path.string() + " is not a regular file");
  }
  std::string text;
  char buf[65536];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) {
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > kMaxAnswersBytes) {
      close(fd);
      return ValidationError(path.string() + " is larger than 16 MiB");
    }
  }
  close(fd);
  return text;
}

// The last lines of a captured replay, to show why a lesson did not complete.
std::string Tail(const std::string& text, size_t lines) {
  size_t pos = text.size();
  for (size_t n = 0; pos > 0 && n <= lines; --pos) {
    if (text[pos - 1] == '\n') ++n;
  }
  return text.substr(pos);
}

}  // namespace

int RunCourseCommand(int argc, char** argv) {
  if (argc >= 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::printf("%s", kUsage);
    return 0;
  }
  if (argc < 2 || std::string(argv[1]) != "check") return Usage("missing check");
  std::string dir, seeds = "1..20";
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--seeds" && i + 1 < argc) {
      seeds = argv[++i];
    } else if (arg.size() > 1 && arg[0] == '-') {
      return Usage("unknown option " + arg);
    } else if (dir.empty()) {
      dir = arg;
    } else {
      return Usage("unexpected argument " + arg);
    }
  }
  if (dir.empty()) return Usage("missing DIR");
  std::error_code ec;
  const fs::path root = fs::absolute(dir, ec).lexically_normal();
  const fs::path lessons = root / "lessons", exercises = root / "exercises";
  if (!fs::is_directory(lessons, ec) && !fs::is_directory(exercises, ec)) {
    return Usage(dir + " holds neither lessons/ nor exercises/");
  }
  Result<std::vector<uint64_t>> parsed = grade::ParseSeeds(seeds);
  if (!parsed.ok()) return Usage("--seeds: " + parsed.error().message);
  if (const std::vector<std::string> links = NotOwnFiles(root); !links.empty()) {
    std::printf(
        "course %s: nothing was checked: course check reads only the course's own\n"
        "regular files, and these are links (or devices or FIFOs), which could show a file\n"
        "from elsewhere on this machine in the log; replace them with copies:\n",
        root.c_str());
    for (const std::string& l : links) std::printf("  %s\n", l.c_str());
    return 1;
  }
  // The course's lessons and exercises are found before the bundled ones of the same id.
  setenv("DDBLAB_COURSE", root.c_str(), 1);

  std::vector<std::string> failed;
  for (const fs::path& ex : Sorted(exercises, true)) {
    if (!fs::exists(ex / "grader.lua", ec)) continue;
    std::printf("== exercise %s\n", ex.filename().c_str());
    std::fflush(stdout);
    grade::CheckOptions opt;
    opt.exercise = ex.string();
    opt.seeds = *parsed;
    if (grade::CheckExercise(opt, stdout) != 0)
      failed.push_back("exercise " + ex.filename().string());
  }
  for (const fs::path& folder : Sorted(lessons, true)) {
    if (!fs::exists(folder / kLessonFile, ec)) continue;
    const std::string id = folder.filename().string();
    size_t answers = 0;
    for (const fs::path& f : Sorted(folder, false)) {
      const bool right = f.extension() == ".answers";
      if (!right && f.extension() != ".wrong") continue;
      answers += right ? 1 : 0;
      const std::string name = (folder.filename() / f.filename()).string();
      shell::CaptureSink capture;
      int status = 2;
      if (Result<std::string> text = ReadOwnFile(f); !text.ok()) {
        capture.ErrLine("course check: " + text.error().message);
      } else {
        // The answers are the course's, not this machine's user's: they run as the live page's
        // statements do, opening no file.
        std::istringstream in(*text);
        status = ReplayLessonAnswers(id, in, f.string(), capture, kAnswersSource);
      }
      const bool ok = right ? status == 0 : status == 1;
      std::printf("%s lesson %s from %s\n", ok ? "ok  " : "FAIL", id.c_str(), name.c_str());
      if (!ok) {
        std::printf("%s", Tail(capture.all(), 12).c_str());
        failed.push_back("lesson " + id + " (" + name +
                         (right ? ": not completed)" : ": a wrong answers file completed it)"));
      }
    }
    if (answers == 0) {
      std::printf("FAIL lesson %s: no answers file (%s/lesson.answers)\n", id.c_str(), id.c_str());
      failed.push_back("lesson " + id + " (no answers file)");
    }
  }
  if (failed.empty()) {
    std::printf("course %s: every exercise and lesson passed\n", root.c_str());
    return 0;
  }
  std::printf("course %s: %zu failed:\n", root.c_str(), failed.size());
  for (const std::string& f : failed) std::printf("  %s\n", f.c_str());
  return 1;
}

}  // namespace ddblab::lab
