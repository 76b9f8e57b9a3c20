// The process boundary around one graded solution. `ddblab grade` forks a child per solution;
// the child enters isolation before it reads the solution, so whatever the solution makes the
// grader do (a parser bug, a runaway check, a memory bomb) costs only that child, within limits
// an instructor can set, and ends in a verdict that names the limit and the check it hit.
#pragma once

#include <cstddef>
#include <string>

namespace ddblab::grade {

struct IsolationLimits {
  double wall_seconds = 120;              // --timeout: the whole solution, then SIGKILL
  double cpu_seconds = 60;                // --cpu-limit: RLIMIT_CPU
  size_t memory_bytes = size_t{1} << 30;  // --memory-limit: RLIMIT_AS (not under ASan)
  size_t file_bytes = size_t{64} << 20;   // RLIMIT_FSIZE: the report is all it writes
};

// Exit status of a child whose C++ allocation failed under the memory limit.
inline constexpr int kExitOutOfMemory = 86;

// Whether RLIMIT_AS can be applied: sanitizer builds reserve terabytes of address space up front,
// so there the memory limit is left to the Lua allocator's own cap.
bool MemoryLimitEnforced();

// In the child, right after fork: no core dumps, CPU, file-size and address-space limits, no new
// privileges, an environment with nothing but PATH, stdin and stdout on /dev/null, and `workdir`
// (an empty private folder) as the working directory. `progress_fd` receives a line when the
// child runs out of memory. Returns false when a limit could not be set (the child must not run).
bool EnterIsolation(const IsolationLimits& limits, const std::string& workdir, int progress_fd);

// The verdict for a child that did not exit cleanly: which limit it hit (or how it crashed) and,
// when known, what it was running ("while running check AP3 (...)").
std::string AbnormalEndVerdict(int wait_status, bool killed_at_deadline,
                               const IsolationLimits& limits, const std::string& running);

}  // namespace ddblab::grade
