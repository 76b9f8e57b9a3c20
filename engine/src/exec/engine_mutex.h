// The engine's one lock: recursive (PartiQL and transactions call other public operations while
// holding it), and on a machine with more than one core it spins briefly before it sleeps.
//
// Why spin: a write holds the lock for tens of microseconds. With `serve` running a loop on every
// core, a plain mutex put the loser of each race to sleep in the kernel and woke it again:
// PutItem's profile showed futex waits, wake-ups and context switches at a fifth of the server's
// time, more than SQLite's. Spinning for about the length of one short call takes the lock
// without those system calls; a longer wait (a Scan page, a transaction) still sleeps. On one
// core the holder cannot run while we spin, so there we sleep at once.
#pragma once

#include <chrono>
#include <mutex>
#include <thread>

namespace ddblab {

class EngineMutex {
 public:
  void lock() {
    if (mutex_.try_lock()) return;
    static const bool multi_core = std::thread::hardware_concurrency() > 1;
    if (multi_core) {
      const auto deadline = std::chrono::steady_clock::now() + kSpinFor;
      do {
        for (int i = 0; i < 16; ++i) Pause();
        if (mutex_.try_lock()) return;
      } while (std::chrono::steady_clock::now() < deadline);
    }
    mutex_.lock();
  }
  bool try_lock() { return mutex_.try_lock(); }
  void unlock() { mutex_.unlock(); }

 private:
  static constexpr std::chrono::microseconds kSpinFor{30};

  static void Pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
  }

  std::recursive_mutex mutex_;
};

}  // namespace ddblab
