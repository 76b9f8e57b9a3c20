// DynamoDB Streams, read side: ListStreams, DescribeStream, GetShardIterator, GetRecords over the
// records exec/stream_log.cc appends.
//
// Shards follow the partition model: a stream has one open shard per physical partition of its
// table. The records of one partition count form a generation; when the count changes (a split)
// the generation's shards close and the next generation's open, each with the shard that held
// the start of its hash range as parent. Sequence numbers are the database's one record
// sequence, written as 21 digits ("1" and the number in 20), so they increase within a shard and
// compare as integers. A shard iterator is "<stream arn>|1|<generation>.<partition>.<after>.
// <issued ms>" and lives 15 minutes on the engine's clock; records are kept 24 hours.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <regex>

#include "exec/engine_impl.h"
#include "exec/request_checks.h"
#include "exec/stream_log.h"

namespace ddblab {
namespace {

constexpr double kRetentionSeconds = 24 * 3600;
constexpr double kIteratorSeconds = 15 * 60;
constexpr int64_t kMaxPageBytes = 1024 * 1024;

std::string SequenceNumber(int64_t seq) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "1%020" PRId64, seq);
  return buf;
}

// The number inside one of our sequence numbers, or -1 when it is not one.
int64_t ParseSequenceNumber(const std::string& s) {
  if (s.size() != 21 || s[0] != '1') return -1;
  int64_t v = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    if (v > (INT64_MAX - 9) / 10) return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

// A run of decimal digits as a number no larger than `max`, or -1: iterators and shard ids come
// from clients, so an overlong number is refused rather than thrown on.
int64_t Digits(const std::string& s, int64_t max) {
  if (s.empty() || s.size() > 19) return -1;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    if (v > (max - (c - '0')) / 10) return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

uint32_t Fnv(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

std::string ShardId(const std::string& label, int64_t generation, int partition) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "shardId-%020" PRId64 "-%08x", generation * 100000 + partition,
                Fnv(label + "/" + std::to_string(generation) + "/" + std::to_string(partition)));
  return buf;
}

// The generation and partition a shard id names, when it is one of this stream's.
bool ParseShardId(const std::string& id, const std::string& label, int64_t* generation,
                  int* partition) {
  static const std::regex kShard("^shardId-([0-9]{20})-[0-9a-f]{8}$");
  std::smatch m;
  // The length is checked first: the regex engine recurses per character.
  if (id.size() != 37 || !std::regex_match(id, m, kShard)) return false;
  const int64_t n = Digits(m[1].str().substr(1), INT64_MAX);  // the first of 20 digits is 0
  if (m[1].str()[0] != '0' || n < 0) return false;
  *generation = n / 100000;
  *partition = static_cast<int>(n % 100000);
  return ShardId(label, *generation, *partition) == id;
}

Error InvalidArn() { return ValidationError("Invalid StreamArn"); }
Error StreamNotFound(const std::string& arn) {
  return MakeError(ErrorType::kResourceNotFoundException,
                   "Requested resource not found: Stream: " + arn + " not found");
}
Error ShardNotFound() {
  return MakeError(ErrorType::kResourceNotFoundException,
                   "Requested resource not found: Shard does not exist");
}

// One generation of a stream's shards: its partition count and the sequence numbers around it.
struct Generation {
  int64_t number = 0;
  int partition_count = 0;
  int64_t start = 0;  // first sequence number the generation may hold
  bool open = false;
  std::vector<const StreamShardSpan*> spans;  // by partition
};

// A parsed stream ARN: the table and the stream, or the error for it.
struct StreamRef {
  const TableSchema* table = nullptr;
  const StreamState* stream = nullptr;
  std::string arn;
  std::string storage_name;
};

Result<StreamRef> FindStream(const std::map<std::string, TableSchema, std::less<>>& tables,
                             const std::string& region, const std::string& account,
                             const std::string& arn) {
  static const std::regex kArn(
      "^arn:aws:dynamodb:([^:]+):([0-9]+):table/([a-zA-Z0-9_.-]{3,255})/stream/([^/]+)$");
  std::smatch m;
  if (arn.size() < 37 || arn.size() > 1024 || !std::regex_match(arn, m, kArn)) {
    return InvalidArn();
  }
  // One catalog answers every region a client signs for: the region is not compared.
  (void)region;
  if (m[2].str() != account) return StreamNotFound(arn);
  auto t = tables.find(m[3].str());
  if (t == tables.end()) return StreamNotFound(arn);
  for (const StreamState& st : t->second.streams) {
    if (st.label == m[4].str()) {
      StreamRef ref;
      ref.table = &t->second;
      ref.stream = &st;
      ref.arn = arn;
      ref.storage_name = StreamStorageName(t->second.name, st.label);
      return ref;
    }
  }
  return StreamNotFound(arn);
}

// The shards of a stream, generation by generation.
Result<std::vector<Generation>> Generations(Storage& storage, const StreamRef& ref,
                                            int current_partitions,
                                            std::vector<StreamShardSpan>* spans) {
  DDB_ASSIGN_OR_RETURN(*spans, storage.StreamShardSpans(ref.storage_name));
  const bool enabled = ref.table->EnabledStream() == ref.stream;
  std::vector<Generation> gens;
  for (const StreamShardSpan& s : *spans) {
    if (gens.empty() || gens.back().number != s.generation) {
      Generation g;
      g.number = s.generation;
      g.partition_count = s.partition_count;
      g.start = s.first_seq;
      g.spans.assign(static_cast<size_t>(s.partition_count), nullptr);
      gens.push_back(std::move(g));
    }
    Generation& g = gens.back();
    g.start = std::min(g.start, s.first_seq);
    if (s.partition >= 0 && s.partition < g.partition_count) {
      g.spans[static_cast<size_t>(s.partition)] = &s;
    }
  }
  DDB_ASSIGN_OR_RETURN(int64_t last_seq, storage.LastStreamSequence());
  // The open generation, where the next record goes: the newest one while the table's partitions
  // are its partitions, else the one after it. The newest is known when its records have aged
  // out too, so a shard id is never reused.
  DDB_ASSIGN_OR_RETURN(std::optional<StreamGeneration> newest,
                       storage.LatestStreamGeneration(ref.storage_name));
  const int64_t open_number = !newest                                         ? 0
                              : newest->partition_count == current_partitions ? newest->number
                                                                              : newest->number + 1;
  if (enabled && (gens.empty() || gens.back().number != open_number)) {
    Generation g;
    g.number = open_number;
    g.partition_count = current_partitions;
    g.start = last_seq + 1;
    g.spans.assign(static_cast<size_t>(current_partitions), nullptr);
    gens.push_back(std::move(g));
  }
  if (enabled && !gens.empty()) gens.back().open = true;
  return gens;
}

// The generation and partition a shard position names, or the error for a shard that is not
// (or no longer) there.
Result<const Generation*> FindShard(const std::vector<Generation>& gens, int64_t generation,
                                    int64_t partition) {
  for (const Generation& g : gens) {
    if (g.number == generation && partition >= 0 && partition < g.partition_count) return &g;
  }
  return ShardNotFound();
}

// "<stream arn>|1|<generation>.<partition>.<after>.<issued ms>|<HMAC-SHA-256 of what precedes>":
// the tag makes the position and the issue time the engine's word, not the client's.
std::string Iterator(const IteratorKey& key, const std::string& arn, int64_t generation,
                     int64_t partition, int64_t after, double now) {
  char tail[96];
  std::snprintf(tail, sizeof tail, "|1|%" PRId64 ".%" PRId64 ".%" PRId64 ".%" PRId64, generation,
                partition, after, static_cast<int64_t>(std::floor(now * 1000)));
  const std::string payload = arn + tail;
  return payload + "|" + HmacSha256Hex(key, payload);
}

// An iterator split into what was signed and whether this engine signed it (false for one that
// was altered, forged, or issued before a restart); nullopt when it has no tag at all.
struct SignedIterator {
  std::string payload;
  bool authentic = false;
};

std::optional<SignedIterator> SplitIterator(const IteratorKey& key, const std::string& iterator) {
  const size_t bar = iterator.rfind('|');
  if (bar == std::string::npos) return std::nullopt;
  SignedIterator out{iterator.substr(0, bar), false};
  const std::string expected = HmacSha256Hex(key, out.payload);
  const std::string_view given = std::string_view(iterator).substr(bar + 1);
  // Compared in constant time, so the tag cannot be guessed a digit at a time.
  if (given.size() != expected.size()) return out;
  unsigned char differ = 0;
  for (size_t i = 0; i < given.size(); ++i) {
    differ |= static_cast<unsigned char>(given[i] ^ expected[i]);
  }
  out.authentic = differ == 0;
  return out;
}

ShardDescription DescribeShard(const StreamRef& ref, const std::vector<Generation>& gens, size_t gi,
                               int partition) {
  const Generation& g = gens[gi];
  const StreamShardSpan* span = g.spans[static_cast<size_t>(partition)];
  ShardDescription d;
  d.shard_id = ShardId(ref.stream->label, g.number, partition);
  if (gi > 0) {
    const Generation& parent = gens[gi - 1];
    const int p = PartitionOf(PartitionStart(partition, g.partition_count), parent.partition_count);
    d.parent_shard_id = ShardId(ref.stream->label, parent.number, p);
  }
  d.sequence_number_range.starting_sequence_number =
      SequenceNumber(span ? span->first_seq : g.start);
  if (!g.open) {
    // A closed shard ends at its last record (an empty one where it began).
    d.sequence_number_range.ending_sequence_number =
        SequenceNumber(span ? span->last_seq : g.start);
  }
  return d;
}

// A stored record as GetRecords returns it.
Result<StreamRecord> RecordOf(const StreamRecordRow& row, const std::string& storage_name,
                              const std::string& view_type, const std::string& region) {
  StreamRecord rec;
  char id[40];
  std::snprintf(id, sizeof id, "%08x%08x%016" PRIx64, Fnv(storage_name),
                Fnv(std::to_string(row.seq)), static_cast<uint64_t>(row.seq));
  rec.event_id = id;
  rec.event_name = row.event;
  rec.event_version = "1.1";
  rec.event_source = "aws:dynamodb";
  rec.aws_region = region;
  StreamRecordDetail& d = rec.dynamodb;
  d.approximate_creation_date_time = std::floor(row.created);
  DDB_ASSIGN_OR_RETURN(d.keys, DeserializeItem(row.keys));
  if (row.has_new_image) {
    DDB_ASSIGN_OR_RETURN(Item image, DeserializeItem(row.new_image));
    d.new_image = std::move(image);
  }
  if (row.has_old_image) {
    DDB_ASSIGN_OR_RETURN(Item image, DeserializeItem(row.old_image));
    d.old_image = std::move(image);
  }
  d.sequence_number = SequenceNumber(row.seq);
  d.size_bytes = row.size;
  d.stream_view_type = view_type;
  // DynamoDB: a Time to Live deletion is made by the service itself.
  if (row.by_time_to_live)
    rec.user_identity = StreamUserIdentity{"dynamodb.amazonaws.com", "Service"};
  return rec;
}

}  // namespace

ItemChange EngineImpl::ChangeOf(PendingChange&& p) {
  ItemChange c;
  c.table = std::move(p.table);
  c.before = std::move(p.before);
  c.after = std::move(p.after);
  c.by_time_to_live = p.by_time_to_live;
  if (!p.row) return c;
  auto t = tables_.find(c.table);
  const StreamState* stream = t == tables_.end() ? nullptr : t->second.EnabledStream();
  if (stream == nullptr) return c;
  const StreamRecordRow& row = *p.row;
  Result<StreamRecord> rec = RecordOf(row, row.stream, stream->view_type, options_.region);
  // The record was encoded by this write a moment ago; one that does not decode is left out
  // rather than failing a commit that has happened.
  if (!rec.ok()) return c;
  c.record = std::move(*rec);
  c.stream_arn = StreamArn(TableArn(options_.region, options_.account_id, c.table), stream->label);
  c.shard_id = ShardId(stream->label, row.generation, row.partition);
  auto known = parent_shards_.find(c.shard_id);
  if (known == parent_shards_.end()) {
    // The parent is the shard of the generation before (as DescribeStream says) that held the
    // start of this shard's hash range.
    std::string parent;
    Result<std::vector<StreamShardSpan>> spans = storage_->StreamShardSpans(row.stream);
    const StreamShardSpan* before = nullptr;
    if (spans.ok()) {
      for (const StreamShardSpan& s : *spans) {
        if (s.generation < row.generation && (!before || s.generation > before->generation)) {
          before = &s;
        }
      }
    }
    if (before != nullptr) {
      const int pp =
          PartitionOf(PartitionStart(row.partition, row.partition_count), before->partition_count);
      parent = ShardId(stream->label, before->generation, pp);
    }
    known = parent_shards_.emplace(c.shard_id, std::move(parent)).first;
  }
  c.parent_shard_id = known->second;
  return c;
}

Result<ListStreamsResponse> EngineImpl::ListStreams(const ListStreamsRequest& r) {
  std::lock_guard lock(mutex_);
  const int64_t limit = r.limit.value_or(100);
  std::string table_name;
  if (r.table_name) {
    table_name = TableNameOf(*r.table_name, options_.account_id);
    if (!tables_.count(table_name)) {
      return MakeError(ErrorType::kResourceNotFoundException,
                       "Requested resource not found: Table: " + *r.table_name + " not found");
    }
  }
  std::vector<StreamSummary> all;
  for (const auto& [name, t] : tables_) {
    if (r.table_name && name != table_name) continue;
    const std::string table_arn = TableArn(options_.region, options_.account_id, name);
    for (const StreamState& st : t.streams) {
      all.push_back({StreamArn(table_arn, st.label), name, st.label});
    }
  }
  // Listed in ARN order, so a page resumes after its last ARN whatever was created or deleted
  // between pages.
  std::sort(all.begin(), all.end(), [](const StreamSummary& a, const StreamSummary& b) {
    return a.stream_arn < b.stream_arn;
  });
  size_t start = 0;
  if (r.exclusive_start_stream_arn) {
    static const std::regex kArn("^arn:aws:dynamodb:[^:]+:[0-9]+:table/[^/]+/stream/[^/]+$");
    if (r.exclusive_start_stream_arn->size() > 1024 ||
        !std::regex_match(*r.exclusive_start_stream_arn, kArn)) {
      return InvalidArn();
    }
    // The client may name the stream in the region it signs for; compare in the engine's own.
    const std::string after = ArnInRegion(*r.exclusive_start_stream_arn, options_.region);
    while (start < all.size() && all[start].stream_arn <= after) ++start;
  }
  ListStreamsResponse resp;
  for (size_t i = start; i < all.size() && resp.streams.size() < static_cast<size_t>(limit); ++i) {
    resp.streams.push_back(all[i]);
  }
  if (start + resp.streams.size() < all.size()) {
    resp.last_evaluated_stream_arn = resp.streams.back().stream_arn;
  }
  return resp;
}

Result<DescribeStreamResponse> EngineImpl::DescribeStream(const DescribeStreamRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_ASSIGN_OR_RETURN(StreamRef ref,
                       FindStream(tables_, options_.region, options_.account_id, r.stream_arn));
  const int64_t limit = r.limit.value_or(100);
  DDB_TRY(storage_->TrimStreamRecords(Now() - kRetentionSeconds));
  std::vector<StreamShardSpan> spans;
  DDB_ASSIGN_OR_RETURN(std::vector<Generation> gens,
                       Generations(*storage_, ref, PartitionCount(*ref.table), &spans));
  DescribeStreamResponse resp;
  StreamDescription& d = resp.stream_description;
  d.stream_arn = ref.arn;
  d.stream_label = ref.stream->label;
  d.stream_status = ref.stream->disabled ? "DISABLED" : "ENABLED";
  d.stream_view_type = ref.stream->view_type;
  d.creation_request_date_time = ref.stream->created;
  d.table_name = ref.table->name;
  d.key_schema.push_back({ref.table->hash.name, "HASH"});
  if (ref.table->range) d.key_schema.push_back({ref.table->range->name, "RANGE"});
  // Shard ids sort by generation then partition, so paging is by id.
  for (size_t gi = 0; gi < gens.size(); ++gi) {
    for (int p = 0; p < gens[gi].partition_count; ++p) {
      ShardDescription s = DescribeShard(ref, gens, gi, p);
      if (r.exclusive_start_shard_id && s.shard_id <= *r.exclusive_start_shard_id) continue;
      if (d.shards.size() == static_cast<size_t>(limit)) {
        d.last_evaluated_shard_id = d.shards.back().shard_id;
        return resp;
      }
      d.shards.push_back(std::move(s));
    }
  }
  return resp;
}

Result<GetShardIteratorResponse> EngineImpl::GetShardIterator(const GetShardIteratorRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_ASSIGN_OR_RETURN(StreamRef ref,
                       FindStream(tables_, options_.region, options_.account_id, r.stream_arn));
  const std::string& type = r.shard_iterator_type;
  const bool positioned = type == "AT_SEQUENCE_NUMBER" || type == "AFTER_SEQUENCE_NUMBER";
  if (positioned && !r.sequence_number) {
    return ValidationError("A SequenceNumber is required for ShardIteratorType " + type);
  }
  if (!positioned && r.sequence_number) {
    return ValidationError("A SequenceNumber must not be given with ShardIteratorType " + type);
  }
  int64_t seq = 0;
  if (positioned) {
    seq = ParseSequenceNumber(*r.sequence_number);
    if (seq < 0) {
      return ValidationError("Invalid SequenceNumber: " + *r.sequence_number);
    }
  }
  int64_t generation = 0;
  int partition = 0;
  if (!ParseShardId(r.shard_id, ref.stream->label, &generation, &partition)) {
    return ShardNotFound();
  }
  DDB_TRY(storage_->TrimStreamRecords(Now() - kRetentionSeconds));
  std::vector<StreamShardSpan> spans;
  DDB_ASSIGN_OR_RETURN(std::vector<Generation> gens,
                       Generations(*storage_, ref, PartitionCount(*ref.table), &spans));
  DDB_ASSIGN_OR_RETURN(const Generation* g, FindShard(gens, generation, partition));
  const StreamShardSpan* span = g->spans[static_cast<size_t>(partition)];
  const int64_t first = span ? span->first_seq : g->start;
  int64_t after = first - 1;  // TRIM_HORIZON
  if (type == "LATEST") {
    DDB_ASSIGN_OR_RETURN(int64_t last, storage_->LastStreamSequence());
    after = span && !g->open ? span->last_seq : std::max(after, last);
  } else if (positioned) {
    // A position before the shard's oldest kept record reads from that record.
    after = std::max(type == "AT_SEQUENCE_NUMBER" ? seq - 1 : seq, first - 1);
  }
  GetShardIteratorResponse resp;
  resp.shard_iterator = Iterator(iterator_key_, ref.arn, generation, partition, after, Now());
  return resp;
}

Result<GetRecordsResponse> EngineImpl::GetRecords(const GetRecordsRequest& r) {
  std::lock_guard lock(mutex_);
  const int64_t limit = r.limit.value_or(1000);
  static const std::regex kIterator(
      "^(arn:[^|]+)\\|1\\|([0-9]+)\\.([0-9]+)\\.(-?[0-9]+)\\.([0-9]+)$");
  std::smatch m;
  if (r.shard_iterator.size() > 2048) return ValidationError("Invalid ShardIterator");
  const std::optional<SignedIterator> signed_iterator =
      SplitIterator(iterator_key_, r.shard_iterator);
  if (!signed_iterator || !std::regex_match(signed_iterator->payload, m, kIterator)) {
    return ValidationError("Invalid ShardIterator");
  }
  const int64_t generation = Digits(m[2].str(), INT64_MAX);
  const int64_t partition = Digits(m[3].str(), INT32_MAX);
  const std::string after_text = m[4].str();
  const int64_t after = after_text == "-1" ? -1 : Digits(after_text, INT64_MAX);
  const int64_t issued_ms = Digits(m[5].str(), INT64_MAX);
  if (generation < 0 || partition < 0 || (after < 0 && after_text != "-1") || issued_ms < 0) {
    return ValidationError("Invalid ShardIterator");
  }
  const double issued = static_cast<double>(issued_ms) / 1000;
  // An iterator older than its lifetime is expired whoever wrote it (one from before a restart
  // included); a younger one is read only if this engine signed it: DynamoDB answers an iterator
  // it did not issue with "Invalid ShardIterator" (ValidationException).
  if (Now() - issued > kIteratorSeconds) {
    return MakeError(ErrorType::kExpiredIteratorException, "Shard iterator has expired");
  }
  if (!signed_iterator->authentic) return ValidationError("Invalid ShardIterator");
  DDB_ASSIGN_OR_RETURN(StreamRef ref,
                       FindStream(tables_, options_.region, options_.account_id, m[1].str()));
  DDB_TRY(storage_->TrimStreamRecords(Now() - kRetentionSeconds));
  std::vector<StreamShardSpan> spans;
  DDB_ASSIGN_OR_RETURN(std::vector<Generation> gens,
                       Generations(*storage_, ref, PartitionCount(*ref.table), &spans));
  DDB_ASSIGN_OR_RETURN(const Generation* g, FindShard(gens, generation, partition));
  std::vector<StreamRecordRow> rows;
  DDB_TRY(storage_->ReadStreamRecords(ref.storage_name, generation, partition, after, limit,
                                      kMaxPageBytes, &rows));
  GetRecordsResponse resp;
  int64_t next = after;
  for (const StreamRecordRow& row : rows) {
    DDB_ASSIGN_OR_RETURN(StreamRecord rec,
                         RecordOf(row, ref.storage_name, ref.stream->view_type, options_.region));
    next = row.seq;
    resp.records.push_back(std::move(rec));
  }
  // DynamoDB: an open shard always gives a next iterator; a closed one read to its end gives
  // none.
  const StreamShardSpan* span = g->spans[static_cast<size_t>(partition)];
  const bool exhausted = !g->open && (span == nullptr || next >= span->last_seq);
  if (!exhausted) {
    resp.next_shard_iterator = Iterator(iterator_key_, ref.arn, generation, partition, next, Now());
  }
  return resp;
}

}  // namespace ddblab
