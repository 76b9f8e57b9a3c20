// DynamoDB Streams records in SQLite: one row per change, numbered by an AUTOINCREMENT key so a
// sequence number is never reused, even after old records are trimmed.
#include <sqlite3.h>

#include <cstdint>

#include "storage/storage.h"
#include "storage/stream_tables.h"

namespace ddblab {
namespace {

void BindText(sqlite3_stmt* s, int i, std::string_view t) {
  sqlite3_bind_text(s, i, t.data(), static_cast<int>(t.size()), SQLITE_STATIC);
}
void BindBytes(sqlite3_stmt* s, int i, std::string_view b) {
  sqlite3_bind_blob(s, i, b.empty() ? "" : b.data(), static_cast<int>(b.size()), SQLITE_STATIC);
}
std::string Bytes(sqlite3_stmt* s, int i) {
  const void* p = sqlite3_column_blob(s, i);
  const int n = sqlite3_column_bytes(s, i);
  return p ? std::string(static_cast<const char*>(p), static_cast<size_t>(n)) : std::string();
}

}  // namespace

Result<std::optional<StreamGeneration>> Storage::LatestStreamGeneration(const std::string& stream,
                                                                        bool* kept_row) {
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * kept,
      Prepare("SELECT gen, pcount FROM ddblab_stream_generations WHERE stream = ?"));
  // A file from before the generations table: the newest record's (its generation is the
  // highest, and its partition count is the generation's). Ordered as the shard index is, so
  // SQLite reads one index entry instead of sorting every record.
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * newest,
      Prepare("SELECT gen, pcount FROM ddblab_stream_records WHERE stream = ? ORDER BY gen DESC, "
              "part DESC, seq DESC LIMIT 1"));
  if (kept_row != nullptr) *kept_row = true;
  for (sqlite3_stmt* s : {kept, newest}) {
    if (s == newest && kept_row != nullptr) *kept_row = false;
    BindText(s, 1, stream);
    const int rc = sqlite3_step(s);
    std::optional<StreamGeneration> g;
    if (rc == SQLITE_ROW) {
      g = StreamGeneration{sqlite3_column_int64(s, 0), sqlite3_column_int(s, 1)};
    }
    sqlite3_reset(s);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError("stream generation");
    if (g) return g;
  }
  return std::optional<StreamGeneration>();
}

Status Storage::AppendStreamRecord(StreamRecordRow* row) {
  bool kept_row = false;
  DDB_ASSIGN_OR_RETURN(std::optional<StreamGeneration> latest,
                       LatestStreamGeneration(row->stream, &kept_row));
  row->generation = 0;
  if (latest) {
    row->generation =
        latest->partition_count == row->partition_count ? latest->number : latest->number + 1;
  }
  if (!kept_row || row->generation != latest->number) {
    DDB_ASSIGN_OR_RETURN(
        sqlite3_stmt * keep,
        Prepare("INSERT OR REPLACE INTO ddblab_stream_generations(stream, gen, pcount) "
                "VALUES(?, ?, ?)"));
    BindText(keep, 1, row->stream);
    sqlite3_bind_int64(keep, 2, row->generation);
    sqlite3_bind_int(keep, 3, row->partition_count);
    DDB_TRY(StepDone(keep));
  }
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * s,
      Prepare("INSERT INTO ddblab_stream_records(stream, gen, pcount, part, created, event, keys, "
              "new_image, old_image, size, ttl) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
  BindText(s, 1, row->stream);
  sqlite3_bind_int64(s, 2, row->generation);
  sqlite3_bind_int(s, 3, row->partition_count);
  sqlite3_bind_int(s, 4, row->partition);
  sqlite3_bind_double(s, 5, row->created);
  BindText(s, 6, row->event);
  BindBytes(s, 7, row->keys);
  if (row->has_new_image) {
    BindBytes(s, 8, row->new_image);
  } else {
    sqlite3_bind_null(s, 8);
  }
  if (row->has_old_image) {
    BindBytes(s, 9, row->old_image);
  } else {
    sqlite3_bind_null(s, 9);
  }
  sqlite3_bind_int64(s, 10, row->size);
  sqlite3_bind_int(s, 11, row->by_time_to_live ? 1 : 0);
  DDB_TRY(StepDone(s));
  row->seq = sqlite3_last_insert_rowid(db_);
  return OkStatus();
}

Status Storage::ReadStreamRecords(const std::string& stream, int64_t generation, int partition,
                                  int64_t after_seq, int64_t limit, int64_t max_bytes,
                                  std::vector<StreamRecordRow>* out) {
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * s,
      Prepare("SELECT seq, pcount, created, event, keys, new_image, old_image, size, ttl FROM "
              "ddblab_stream_records WHERE stream = ? AND gen = ? AND part = ? AND seq > ? ORDER "
              "BY seq LIMIT ?"));
  BindText(s, 1, stream);
  sqlite3_bind_int64(s, 2, generation);
  sqlite3_bind_int(s, 3, partition);
  sqlite3_bind_int64(s, 4, after_seq);
  sqlite3_bind_int64(s, 5, limit);
  int64_t bytes = 0;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    StreamRecordRow r;
    r.seq = sqlite3_column_int64(s, 0);
    r.stream = stream;
    r.generation = generation;
    r.partition_count = sqlite3_column_int(s, 1);
    r.partition = partition;
    r.created = sqlite3_column_double(s, 2);
    r.event = reinterpret_cast<const char*>(sqlite3_column_text(s, 3));
    r.keys = Bytes(s, 4);
    r.has_new_image = sqlite3_column_type(s, 5) != SQLITE_NULL;
    if (r.has_new_image) r.new_image = Bytes(s, 5);
    r.has_old_image = sqlite3_column_type(s, 6) != SQLITE_NULL;
    if (r.has_old_image) r.old_image = Bytes(s, 6);
    r.size = sqlite3_column_int64(s, 7);
    r.by_time_to_live = sqlite3_column_int(s, 8) != 0;
    // A page holds at least one record and stops before going over the byte limit.
    if (!out->empty() && bytes + r.size > max_bytes) break;
    bytes += r.size;
    out->push_back(std::move(r));
  }
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError("read stream records");
  return OkStatus();
}

// Shard by shard through the shard index: a few index seeks per shard however many records the
// stream holds (a GROUP BY would read them all, on every stream call).
Result<std::vector<StreamShardSpan>> Storage::StreamShardSpans(const std::string& stream) {
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * next,
      Prepare("SELECT gen, part, pcount, seq FROM ddblab_stream_records WHERE stream = ? AND "
              "(gen, part) > (?, ?) ORDER BY gen, part, seq LIMIT 1"));
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * last,
      Prepare("SELECT seq FROM ddblab_stream_records WHERE stream = ? AND gen = ? AND part = ? "
              "ORDER BY seq DESC LIMIT 1"));
  std::vector<StreamShardSpan> out;
  int64_t gen = INT64_MIN;
  int64_t part = INT64_MIN;
  for (;;) {
    BindText(next, 1, stream);
    sqlite3_bind_int64(next, 2, gen);
    sqlite3_bind_int64(next, 3, part);
    int rc = sqlite3_step(next);
    if (rc != SQLITE_ROW) {
      sqlite3_reset(next);
      if (rc != SQLITE_DONE) return SqliteError("stream shards");
      return out;
    }
    StreamShardSpan span;
    span.generation = gen = sqlite3_column_int64(next, 0);
    span.partition = sqlite3_column_int(next, 1);
    part = span.partition;
    span.partition_count = sqlite3_column_int(next, 2);
    span.first_seq = span.last_seq = sqlite3_column_int64(next, 3);
    sqlite3_reset(next);
    BindText(last, 1, stream);
    sqlite3_bind_int64(last, 2, gen);
    sqlite3_bind_int64(last, 3, part);
    rc = sqlite3_step(last);
    if (rc == SQLITE_ROW) span.last_seq = sqlite3_column_int64(last, 0);
    sqlite3_reset(last);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError("stream shards");
    out.push_back(span);
  }
}

Result<int64_t> Storage::LastStreamSequence() {
  DDB_ASSIGN_OR_RETURN(
      sqlite3_stmt * s,
      Prepare("SELECT seq FROM sqlite_sequence WHERE name = 'ddblab_stream_records'"));
  int64_t seq = 0;
  const int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) seq = sqlite3_column_int64(s, 0);
  sqlite3_reset(s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError("stream sequence");
  return seq;
}

Status Storage::TrimStreamRecords(double before) {
  DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s,
                       Prepare("DELETE FROM ddblab_stream_records WHERE created < ?"));
  sqlite3_bind_double(s, 1, before);
  return StepDone(s);
}

Status Storage::DeleteStreamRecords(const std::string& stream) {
  for (const char* sql : {"DELETE FROM ddblab_stream_records WHERE stream = ?",
                          "DELETE FROM ddblab_stream_generations WHERE stream = ?"}) {
    DDB_ASSIGN_OR_RETURN(sqlite3_stmt * s, Prepare(sql));
    BindText(s, 1, stream);
    DDB_TRY(StepDone(s));
  }
  return OkStatus();
}

}  // namespace ddblab
