// Process limits for one graded solution (isolation.h).
#include "grading/isolation.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DDBLAB_SANITIZED_ADDRESS_SPACE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DDBLAB_SANITIZED_ADDRESS_SPACE 1
#endif
#endif

namespace ddblab::grade {

namespace {

int g_progress_fd = -1;

// operator new failed under RLIMIT_AS: say so and leave. Only async-signal-safe calls, since
// the heap can no longer be trusted.
void OutOfMemory() {
  static const char kLine[] = "\n!memory\n";
  if (g_progress_fd >= 0) {
    ssize_t ignored = write(g_progress_fd, kLine, sizeof kLine - 1);
    (void)ignored;
  }
  _exit(kExitOutOfMemory);
}

bool Limit(int resource, rlim_t value) {
  struct rlimit r {
    value, value
  };
  return setrlimit(resource, &r) == 0;
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

std::string Mebibytes(size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

}  // namespace

bool MemoryLimitEnforced() {
#ifdef DDBLAB_SANITIZED_ADDRESS_SPACE
  return false;
#else
  return true;
#endif
}

bool EnterIsolation(const IsolationLimits& limits, const std::string& workdir, int progress_fd) {
  g_progress_fd = progress_fd;
  std::set_new_handler(OutOfMemory);
  bool ok = Limit(RLIMIT_CORE, 0);
  // The soft CPU limit sends SIGXCPU; one second later the hard limit sends SIGKILL.
  struct rlimit cpu {};
  cpu.rlim_cur = static_cast<rlim_t>(std::ceil(limits.cpu_seconds));
  cpu.rlim_max = cpu.rlim_cur + 1;
  ok = ok && setrlimit(RLIMIT_CPU, &cpu) == 0;
  ok = ok && Limit(RLIMIT_FSIZE, static_cast<rlim_t>(limits.file_bytes));
  if (MemoryLimitEnforced()) ok = ok && Limit(RLIMIT_AS, static_cast<rlim_t>(limits.memory_bytes));
  ok = ok && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0;
  // Nothing of the grading job's environment (tokens, paths to hidden tests) reaches the child.
  ok = ok && clearenv() == 0 && setenv("PATH", "/usr/bin:/bin", 1) == 0;
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd >= 0) {
    dup2(null_fd, STDIN_FILENO);
    dup2(null_fd, STDOUT_FILENO);
    close(null_fd);
  }
  ok = ok && chdir(workdir.c_str()) == 0;
  return ok;
}

std::string AbnormalEndVerdict(int wait_status, bool killed_at_deadline,
                               const IsolationLimits& limits, const std::string& running) {
  std::string while_running = running.empty() ? "" : " while running " + running;
  if (killed_at_deadline) {
    return "exceeded the time limit of " + Seconds(limits.wall_seconds) + " s" + while_running;
  }
  if (WIFSIGNALED(wait_status)) {
    int sig = WTERMSIG(wait_status);
    if (sig == SIGXCPU || sig == SIGKILL) {
      return "exceeded the CPU time limit of " + Seconds(limits.cpu_seconds) + " s" + while_running;
    }
    if (sig == SIGXFSZ) {
      return "exceeded the file size limit of " + Mebibytes(limits.file_bytes) + while_running;
    }
    return std::string("the grader crashed (") + strsignal(sig) + ")" + while_running;
  }
  int code = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
  if (code == kExitOutOfMemory) {
    return "exceeded the memory limit of " + Mebibytes(limits.memory_bytes) + while_running;
  }
  return "the grader process failed (exit status " + std::to_string(code) + ")" + while_running;
}

}  // namespace ddblab::grade
