// The engine's one lock, a reader/writer lock: writes and the control plane hold it exclusively,
// reads (GetItem, Query, Scan, BatchGetItem, TransactGetItems) may share it when each reader has
// a connection of its own (engine_impl.h: ReadAccess).
//
// Re-entry: a thread that holds it exclusively may take it again in either mode (PartiQL and
// transactions call the public operations), and a reader may take it shared again. A reader must
// never ask for it exclusively: it would wait for itself. That is a bug in the engine, so it
// aborts with a message instead of hanging.
//
// Writers first: under a steady stream of overlapping reads, a reader-preferring lock would never
// let a write in; here a waiting writer stops new readers from entering.
//
// Why spin: a write holds the lock for tens of microseconds. With `serve` running a loop on every
// core, a plain mutex put the loser of each race to sleep in the kernel and woke it again:
// PutItem's profile showed futex waits, wake-ups and context switches at a fifth of the server's
// time, more than SQLite's. Spinning for about the length of one short call takes the lock
// without those system calls; a longer wait (a Scan page, a transaction) still sleeps. On one
// core the holder cannot run while we spin, so there we sleep at once.
#pragma once

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

namespace ddblab {

class EngineMutex {
 public:
  EngineMutex() {
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
#if defined(__GLIBC__)
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif  // other C libraries have no such setting: the browser's (one thread) needs none
    pthread_rwlock_init(&lock_, &attr);
    pthread_rwlockattr_destroy(&attr);
  }
  ~EngineMutex() { pthread_rwlock_destroy(&lock_); }

  // Told when a thread's outermost exclusive hold ends (a call that may have written is over):
  // Take runs still holding the lock, when Pending says there is something, and returns what to
  // run once the lock is released. Commit notifications are delivered that way: what a call
  // committed is gathered under the lock and handed out after it (exec/commit_feed.h).
  class ReleaseListener {
   public:
    virtual ~ReleaseListener() = default;
    virtual bool Pending() const = 0;
    virtual std::function<void()> Take() = 0;
  };
  void set_release_listener(ReleaseListener* listener) { listener_ = listener; }
  EngineMutex(const EngineMutex&) = delete;
  EngineMutex& operator=(const EngineMutex&) = delete;

  void lock() {
    const std::thread::id me = std::this_thread::get_id();
    if (owner_.load(std::memory_order_relaxed) == me) {
      ++depth_;
      return;
    }
    if (HeldShared()) {
      std::fputs("ddblab: internal error: a read asked for the engine's write lock\n", stderr);
      std::abort();
    }
    Acquire([this] { return pthread_rwlock_trywrlock(&lock_) == 0; },
            [this] { pthread_rwlock_wrlock(&lock_); });
    owner_.store(me, std::memory_order_relaxed);
    depth_ = 1;
  }
  bool try_lock() {
    const std::thread::id me = std::this_thread::get_id();
    if (owner_.load(std::memory_order_relaxed) == me) {
      ++depth_;
      return true;
    }
    if (HeldShared() || pthread_rwlock_trywrlock(&lock_) != 0) return false;
    owner_.store(me, std::memory_order_relaxed);
    depth_ = 1;
    return true;
  }
  void unlock() {
    if (--depth_ > 0) return;
    std::function<void()> after;
    if (listener_ != nullptr && listener_->Pending()) after = listener_->Take();
    owner_.store(std::thread::id(), std::memory_order_relaxed);
    pthread_rwlock_unlock(&lock_);
    if (after) after();
  }

  void lock_shared() {
    if (OwnedByThisThread()) {
      ++depth_;  // an exclusive holder reading: the write lock already covers it
      return;
    }
    if (SharedDepth()++ > 0) return;
    Acquire([this] { return pthread_rwlock_tryrdlock(&lock_) == 0; },
            [this] { pthread_rwlock_rdlock(&lock_); });
  }
  void unlock_shared() {
    if (OwnedByThisThread()) {
      --depth_;
      return;
    }
    if (--SharedDepth() > 0) return;
    ForgetSharedDepth();
    pthread_rwlock_unlock(&lock_);
  }

  bool OwnedByThisThread() const {
    return owner_.load(std::memory_order_relaxed) == std::this_thread::get_id();
  }

 private:
  static constexpr std::chrono::microseconds kSpinFor{30};

  template <typename Try, typename Block>
  static void Acquire(Try try_acquire, Block block) {
    if (try_acquire()) return;
    static const bool multi_core = std::thread::hardware_concurrency() > 1;
    if (multi_core) {
      const auto deadline = std::chrono::steady_clock::now() + kSpinFor;
      do {
        for (int i = 0; i < 16; ++i) Pause();
        if (try_acquire()) return;
      } while (std::chrono::steady_clock::now() < deadline);
    }
    block();
  }

  static void Pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
  }

  // How many times this thread holds this lock shared (a thread may read from several engines).
  static std::vector<std::pair<const EngineMutex*, int>>& SharedHolds() {
    thread_local std::vector<std::pair<const EngineMutex*, int>> holds;
    return holds;
  }
  bool HeldShared() const {
    for (const auto& hold : SharedHolds()) {
      if (hold.first == this) return true;
    }
    return false;
  }
  // The count of this lock's shared holds, added at zero when it has none (removed again by
  // ForgetSharedDepth when the last is released, so the list stays as short as what is held).
  int& SharedDepth() {
    auto& holds = SharedHolds();
    for (auto& [m, n] : holds) {
      if (m == this) return n;
    }
    return holds.emplace_back(this, 0).second;
  }
  void ForgetSharedDepth() {
    auto& holds = SharedHolds();
    for (size_t i = 0; i < holds.size(); ++i) {
      if (holds[i].first == this) {
        holds.erase(holds.begin() + static_cast<std::ptrdiff_t>(i));
        return;
      }
    }
  }

  pthread_rwlock_t lock_;
  std::atomic<std::thread::id> owner_{};
  int depth_ = 0;  // touched only by the owner
  ReleaseListener* listener_ = nullptr;
};

}  // namespace ddblab
