// The progress line of .import, .export and .generate: redrawn a few times a second on a
// terminal (items, items/s and, when the total is known, percent done and time left); nothing in
// scripts and tests, whose output must not depend on timing.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "shell/repl/shell.h"

namespace ddblab::shell {

class ProgressLine {
 public:
  // Whether `sink` ends at the process's own stdout and stderr (not a capture).
  static bool IsStdio(OutputSink& sink) {
    if (auto* guard = dynamic_cast<JsonlTextSink*>(&sink)) return IsStdio(guard->inner());
    return dynamic_cast<StdioSink*>(&sink) != nullptr;
  }
  using Clock = std::chrono::steady_clock;
  ProgressLine(Shell& shell, std::string verb)
      : verb_(std::move(verb)), on_(IsStdio(shell.sink()) && isatty(STDERR_FILENO) == 1) {}
  // Whether Tick(n) may draw; callers check it before computing an expensive fraction (a gzip
  // reader's offset costs a system call, which per item slowed .import by a tenth).
  bool Due(int64_t n) const { return on_ && (n & 1023) == 0; }
  // `fraction`: how much of the work is done (0..1), or a negative number when unknown.
  void Tick(int64_t n, double fraction = -1) {
    if (!Due(n)) return;
    auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    double s = std::chrono::duration<double>(now - start_).count();
    std::string eta;
    if (fraction > 0.01 && fraction < 1) {
      char buf[48];
      std::snprintf(buf, sizeof buf, ", %.0f%%, about %.0f s left", fraction * 100,
                    s * (1 - fraction) / fraction);
      eta = buf;
    }
    std::fprintf(stderr, "\r%s: %lld items, %.0f items/s%s\x1b[K", verb_.c_str(),
                 static_cast<long long>(n), s > 0 ? static_cast<double>(n) / s : 0.0, eta.c_str());
    shown_ = true;
  }
  void Done() {
    if (shown_) std::fprintf(stderr, "\r\x1b[K");
  }

 private:
  std::string verb_;
  bool on_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_ = start_;
};

}  // namespace ddblab::shell
