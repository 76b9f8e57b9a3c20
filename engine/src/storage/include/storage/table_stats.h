// Kept item counts and sizes: DescribeTable answers ItemCount and TableSizeBytes (and each index's
// figures) from one row instead of counting the table. Every row write goes through Storage's
// row methods, whose callers know whether the row was there and its size; each notes what it did
// to its table's count and size, and the outermost savepoint's Commit adds the sums to
// ddblab_stats just before it is released, in the same transaction as the rows, so the figures
// are exact after any write path (put, update, delete, batch, transaction, PartiQL, TTL deletes,
// index maintenance) and a crash can never leave them out of step. (Format 2 kept them with
// SQLite triggers, two trigger programs per item write; one UPDATE per table per transaction
// costs far less: see the README's benchmarks.)
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
  return "INSERT OR REPLACE INTO ddblab_stats(id, item_count, size_bytes) SELECT " +
         std::to_string(id) + ", count(*), coalesce(sum(size), 0) FROM " + name;
}

// The triggers format 2 kept the counts with, dropped on upgrade.
inline std::string DropStatsTriggersSql(const std::string& name) {
  return "DROP TRIGGER IF EXISTS " + name + "_ins; DROP TRIGGER IF EXISTS " + name +
         "_del; DROP TRIGGER IF EXISTS " + name + "_upd;";
}

// What one savepoint's writes did to a table's counts (Storage::Commit).
inline constexpr const char* kAddStats =
    "UPDATE ddblab_stats SET item_count = item_count + ?1, size_bytes = size_bytes + ?2 "
    "WHERE id = ?3";

inline std::string DropStatsSql(int64_t id) {
  return "DELETE FROM ddblab_stats WHERE id = " + std::to_string(id);
}

}  // namespace ddblab
