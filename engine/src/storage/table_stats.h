// Kept item counts and sizes: DescribeTable answers ItemCount and TableSizeBytes (and each index's
// figures) from one row instead of counting the table. SQLite triggers on every t<id>/i<id> table
// add and subtract each row's count and size in ddblab_stats, inside the transaction of the write
// itself, so the figures are exact after any write path (put, update, delete, batch, transaction,
// PartiQL, TTL deletes, index maintenance) and a crash can never leave them out of step.
// INSERT OR REPLACE fires the delete trigger of the replaced row because Storage::Open turns on
// recursive_triggers. The update trigger watches only the size column, so a rewrite that keeps
// the size (Storage::ReplaceRow) runs no trigger at all; files made before it have a trigger on
// every update, which is still right (it adds nothing when the size is the same).
#pragma once

#include <cstdint>
#include <string>

namespace ddblab {

inline constexpr const char* kCreateStatsTable =
    "CREATE TABLE IF NOT EXISTS ddblab_stats(id INTEGER PRIMARY KEY, item_count INTEGER NOT NULL, "
    "size_bytes INTEGER NOT NULL)";

inline constexpr const char* kReadStats =
    "SELECT item_count, size_bytes FROM ddblab_stats WHERE id = ?";

// The data tables of a file, for the one-time upgrade.
inline constexpr const char* kListDataTables =
    "SELECT name FROM sqlite_master WHERE type = 'table' AND (name GLOB 't[0-9]*' OR name GLOB "
    "'i[0-9]*')";

// Creates the counts row of table `name` (storage id `id`) from its current rows (none for a new
// table; one count when upgrading a file) and the triggers that keep it.
inline std::string StatsSql(int64_t id, const std::string& name) {
  const std::string i = std::to_string(id);
  return "INSERT OR REPLACE INTO ddblab_stats(id, item_count, size_bytes) SELECT " + i +
         ", count(*), coalesce(sum(size), 0) FROM " + name + ";\nCREATE TRIGGER IF NOT EXISTS " +
         name + "_ins AFTER INSERT ON " + name +
         " BEGIN UPDATE ddblab_stats SET item_count = item_count + 1, size_bytes = size_bytes + "
         "NEW.size WHERE id = " +
         i + "; END;\nCREATE TRIGGER IF NOT EXISTS " + name + "_del AFTER DELETE ON " + name +
         " BEGIN UPDATE ddblab_stats SET item_count = item_count - 1, size_bytes = size_bytes - "
         "OLD.size WHERE id = " +
         i + "; END;\nCREATE TRIGGER IF NOT EXISTS " + name + "_upd AFTER UPDATE OF size ON " +
         name +
         " BEGIN UPDATE ddblab_stats SET size_bytes = size_bytes - OLD.size + NEW.size WHERE id "
         "= " +
         i + "; END;";
}

inline std::string DropStatsSql(int64_t id) {
  return "DELETE FROM ddblab_stats WHERE id = " + std::to_string(id);
}

}  // namespace ddblab
