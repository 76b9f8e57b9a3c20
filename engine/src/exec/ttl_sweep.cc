// Time to Live: deletes expired items, driven by the engine's clock (EngineOptions::clock).
// DynamoDB deletes an expired item in the background, typically within a few days, and until
// then reads still return it (developer guide, "Time to Live (TTL)"). ddblab sweeps at the
// start of a call once the clock reads at least a second past the last pass: with a fixed
// clock (`--clock`) that is the first call after opening, so moving the clock means reopening
// the database with a later one; tests move a clock function forward. A large table is swept a
// slice per call until its pass ends, so no single call pays for reading all of it.
#include <cmath>
#include <vector>

#include "exec/engine_impl.h"
#include "exec/write_path.h"

namespace ddblab {
namespace {

// DynamoDB: items whose expiry is more than five years in the past are not deleted (developer
// guide, "Time to Live (TTL)": such a value is treated as a mistake, not an expiry).
constexpr double kFiveYearsSeconds = 5.0 * 365.0 * 24.0 * 3600.0;
// About how many items one sweep reads of a table (a few milliseconds of work).
constexpr size_t kSweepSlice = 4096;

// Whether `item` has expired at `now`: its TTL attribute is a Number of epoch seconds earlier
// than now (and not more than five years earlier). Any other type, or no attribute, never
// expires.
bool Expired(const Item& item, const std::string& attribute, double now) {
  auto it = item.find(attribute);
  if (it == item.end() || it->second.type != AttrType::kN) return false;
  double expiry = it->second.num().ToDoubleForDisplay();
  if (!std::isfinite(expiry)) return false;
  return expiry < now && expiry >= now - kFiveYearsSeconds;
}

}  // namespace

Status EngineImpl::SweepExpiredItems() {
  // Most calls find no sweep due; they look without the lock, so reads that share it never queue
  // behind a writer just to learn that.
  if (!ttl_in_use_.load(std::memory_order_acquire)) return OkStatus();
  if (Now() < next_sweep_at_.load(std::memory_order_acquire)) return OkStatus();
  std::lock_guard lock(mutex_);
  double now = Now();
  if (now < next_sweep_at_.load(std::memory_order_relaxed)) return OkStatus();
  // A sweep reads at most about kSweepSlice items of each table, so no call waits on a whole
  // large table; a pass over a table that needs more slices goes on at the next call, and the
  // next pass is due a second after every table's pass has ended.
  next_sweep_at_.store(now + 1.0, std::memory_order_release);
  bool passes_done = true;
  for (const auto& entry : tables_) {
    const TableSchema& t = entry.second;
    if (!t.ttl_attribute) continue;
    // Collect first: the range read must finish before rows are deleted under it.
    std::vector<KeyBytes> expired;
    RangeRead slice;
    slice.storage_id = t.storage_id;
    const auto resume = sweep_from_.find(t.storage_id);
    if (resume != sweep_from_.end()) slice.h_min = static_cast<uint32_t>(resume->second);
    size_t read = 0;
    std::optional<uint32_t> last_h;
    uint64_t next_from = 0;  // 0: the pass reached the table's end
    Status decoded = OkStatus();
    DDB_TRY(storage_->Read(slice, [&](RowView& row) {
      // A slice ends between two partition hashes (an item collection is read whole), so the
      // next slice starts exactly where this one stopped.
      if (read >= kSweepSlice && last_h && row.h != *last_h) {
        next_from = row.h;
        return false;
      }
      ++read;
      last_h = row.h;
      Result<Item> item = DeserializeItem(row.item);
      if (!item.ok()) {
        decoded = item.error();
        return false;
      }
      if (Expired(*item, *t.ttl_attribute, now)) {
        expired.push_back(KeyBytes{std::string(row.pk), std::string(row.sk), row.h});
      }
      return true;
    }));
    if (next_from == 0) {
      sweep_from_.erase(t.storage_id);
    } else {
      sweep_from_[t.storage_id] = next_from;
      passes_done = false;
    }
    DDB_TRY(decoded);
    if (expired.empty()) continue;
    // DynamoDB: TTL deletes consume no write capacity; the cost computed here is discarded.
    DDB_TRY(storage_->Begin());
    auto remove = [&]() -> Status {
      for (const KeyBytes& kb : expired) {
        DDB_ASSIGN_OR_RETURN(std::optional<StoredItem> old, ReadItem(*storage_, t, kb));
        if (!old) continue;
        DDB_ASSIGN_OR_RETURN(PreparedWrite w, PrepareWrite(t, kb, std::nullopt, false));
        ConsumedCapacity unused;
        Trace trace;
        DDB_TRY(ApplyWrite(*storage_, t, w, old, 1, &unused, &trace, PartitionCount(t),
                           WriteOrigin{Now(), true, true, key_points(), NotedChanges()}));
      }
      return OkStatus();
    };
    if (Status st = remove(); !st.ok()) {
      (void)storage_->Rollback();
      return st.error();
    }
    DDB_TRY(storage_->Commit());
  }
  // A pass not yet ended goes on at the next call.
  if (!passes_done) next_sweep_at_.store(now, std::memory_order_release);
  return OkStatus();
}

}  // namespace ddblab
