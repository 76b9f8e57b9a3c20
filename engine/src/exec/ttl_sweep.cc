// Time to Live: deletes expired items, driven by the engine's clock (EngineOptions::clock).
// DynamoDB deletes an expired item in the background, typically within a few days, and until
// then reads still return it (developer guide, "Time to Live (TTL)"). ddblab sweeps at the
// start of a call once the clock reads at least a second past the last sweep: with a fixed
// clock (`--clock`) that is the first call after opening, so moving the clock means reopening
// the database with a later one; tests move a clock function forward.
#include <cmath>
#include <vector>

#include "exec/engine_impl.h"
#include "exec/write_path.h"

namespace ddblab {
namespace {

// DynamoDB: items whose expiry is more than five years in the past are not deleted (developer
// guide, "Time to Live (TTL)": such a value is treated as a mistake, not an expiry).
constexpr double kFiveYearsSeconds = 5.0 * 365.0 * 24.0 * 3600.0;

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
  next_sweep_at_.store(now + 1.0, std::memory_order_release);
  for (const auto& entry : tables_) {
    const TableSchema& t = entry.second;
    if (!t.ttl_attribute) continue;
    // Collect first: the range read must finish before rows are deleted under it.
    std::vector<KeyBytes> expired;
    RangeRead all;
    all.storage_id = t.storage_id;
    Status decoded = OkStatus();
    DDB_TRY(storage_->Read(all, [&](RowView& row) {
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
  return OkStatus();
}

}  // namespace ddblab
