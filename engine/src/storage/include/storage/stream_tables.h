// The SQLite tables of DynamoDB Streams records, created with every database.
#pragma once

namespace ddblab {

inline constexpr const char* kCreateStreamTables =
    "CREATE TABLE IF NOT EXISTS ddblab_stream_records("
    "seq INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, gen INTEGER NOT NULL, "
    "pcount INTEGER NOT NULL, part INTEGER NOT NULL, created REAL NOT NULL, event TEXT NOT NULL, "
    "keys BLOB NOT NULL, new_image BLOB, old_image BLOB, size INTEGER NOT NULL, "
    "ttl INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS ddblab_stream_shard ON ddblab_stream_records(stream, gen, part, "
    "seq);"
    // Trimming records past the retention period finds them by time, not by reading them all.
    "CREATE INDEX IF NOT EXISTS ddblab_stream_created ON ddblab_stream_records(created);"
    // Each stream's newest generation, kept when its records are not (after a day without
    // writes), so a shard id is never given out twice. A file from before this table has none:
    // its newest record says the same.
    "CREATE TABLE IF NOT EXISTS ddblab_stream_generations(stream TEXT PRIMARY KEY, "
    "gen INTEGER NOT NULL, pcount INTEGER NOT NULL) WITHOUT ROWID;";

}  // namespace ddblab
