// DynamoDB Streams: StreamSpecification on CreateTable/UpdateTable, the records a write leaves
// (per view type, none for a write that changes nothing), shards that follow the partition
// model, iterators and their lifetime. DynamoDB: developer guide "Change data capture for
// DynamoDB Streams"; API reference, DynamoDB Streams.
#include <algorithm>
#include <set>

#include "fixture.h"

using namespace ddbtest;

namespace {

void CreateStreamed(Engine& e, const std::string& view, bool range = false) {
  CreateTableRequest r;
  r.table_name = "Feed";
  r.billing_mode = "PAY_PER_REQUEST";
  r.attribute_definitions = {{"id", "S"}};
  r.key_schema = {{"id", "HASH"}};
  if (range) {
    r.attribute_definitions.push_back({"at", "N"});
    r.key_schema.push_back({"at", "RANGE"});
  }
  r.stream_specification = StreamSpecification{true, view};
  Must(e.CreateTable(r));
}

std::string LatestArn(Engine& e) {
  DescribeTableRequest d;
  d.table_name = "Feed";
  return *Must(e.DescribeTable(d)).table.latest_stream_arn;
}

// Every record of the stream, shard by shard, from the start.
std::vector<StreamRecord> ReadAll(Engine& e, const std::string& arn) {
  DescribeStreamRequest d;
  d.stream_arn = arn;
  std::vector<StreamRecord> out;
  for (const ShardDescription& s : Must(e.DescribeStream(d)).stream_description.shards) {
    GetShardIteratorRequest g;
    g.stream_arn = arn;
    g.shard_id = s.shard_id;
    g.shard_iterator_type = "TRIM_HORIZON";
    std::optional<std::string> it = Must(e.GetShardIterator(g)).shard_iterator;
    for (int pages = 0; it && pages < 100; ++pages) {
      GetRecordsRequest r;
      r.shard_iterator = *it;
      GetRecordsResponse page = Must(e.GetRecords(r));
      if (page.records.empty()) break;
      for (auto& rec : page.records) out.push_back(std::move(rec));
      it = page.next_shard_iterator;
    }
  }
  std::sort(out.begin(), out.end(), [](const StreamRecord& a, const StreamRecord& b) {
    return a.dynamodb.sequence_number < b.dynamodb.sequence_number;
  });
  return out;
}

void PutFeed(Engine& e, Item item) { Put(e, std::move(item), "Feed"); }

}  // namespace

TEST_CASE(
    "StreamSpecification: DescribeTable shows the stream, with DynamoDB's messages for misuse") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "NEW_AND_OLD_IMAGES");
  DescribeTableRequest d;
  d.table_name = "Feed";
  TableDescription t = Must(e->DescribeTable(d)).table;
  REQUIRE(t.stream_specification);
  CHECK(*t.stream_specification->stream_view_type == "NEW_AND_OLD_IMAGES");
  CHECK(*t.latest_stream_label == "2023-11-14T22:13:20.000");
  CHECK(*t.latest_stream_arn == t.table_arn + "/stream/2023-11-14T22:13:20.000");

  UpdateTableRequest u;
  u.table_name = "Feed";
  u.stream_specification = StreamSpecification{true, "KEYS_ONLY"};
  CHECK(Fails(e->UpdateTable(u)).message == "Table already has an enabled stream: TableName: Feed");
  u.stream_specification = StreamSpecification{true, std::nullopt};
  CHECK(Fails(e->UpdateTable(u)).message ==
        "One or more parameter values were invalid: If stream is being enabled then "
        "UpdateViewType is required");
  u.stream_specification = StreamSpecification{false, "KEYS_ONLY"};
  CHECK(Fails(e->UpdateTable(u)).message ==
        "One or more parameter values were invalid: If stream is being disabled, then "
        "UpdateViewType must not be specified");
  u.stream_specification = StreamSpecification{false, std::nullopt};
  Must(e->UpdateTable(u));
  t = Must(e->DescribeTable(d)).table;
  CHECK_FALSE(t.stream_specification);
  CHECK(t.latest_stream_label);  // the latest stream stays named after a disable
  CHECK(Fails(e->UpdateTable(u)).message == "Table has no stream to disable: TableName: Feed");
  // Re-enabling makes a new stream; the old one is still listed.
  *e.now += 5;
  u.stream_specification = StreamSpecification{true, "KEYS_ONLY"};
  Must(e->UpdateTable(u));
  CHECK(*Must(e->DescribeTable(d)).table.latest_stream_label == "2023-11-14T22:13:25.000");
  ListStreamsRequest l;
  l.table_name = "Feed";
  CHECK(Must(e->ListStreams(l)).streams.size() == 2);

  CreateTableRequest c;
  c.table_name = "Other";
  c.billing_mode = "PAY_PER_REQUEST";
  c.attribute_definitions = {{"id", "S"}};
  c.key_schema = {{"id", "HASH"}};
  c.stream_specification = StreamSpecification{true, std::nullopt};
  CHECK(Fails(e->CreateTable(c)).message ==
        "One or more parameter values were invalid: Table is being created with a stream "
        "enabled, UpdateViewType is required");
  c.stream_specification = StreamSpecification{std::nullopt, "KEYS_ONLY"};
  CHECK(Fails(e->CreateTable(c)).message ==
        "1 validation error detected: Value null at 'streamSpecification.streamEnabled' failed "
        "to satisfy constraint: Member must not be null");
  c.stream_specification = StreamSpecification{true, "new_image"};
  CHECK(Fails(e->CreateTable(c)).message ==
        "1 validation error detected: Value 'new_image' at 'streamSpecification.streamViewType' "
        "failed to satisfy constraint: Member must satisfy enum value set: [OLD_IMAGE, "
        "KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]");
}

TEST_CASE("A write that changes nothing leaves no record, the others one each, in order") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "NEW_AND_OLD_IMAGES");
  PutFeed(*e.engine, {{"id", S("Fred")}});                       // INSERT
  PutFeed(*e.engine, {{"id", S("Fred")}});                       // identical: nothing
  PutFeed(*e.engine, {{"id", S("Fred")}, {"name", S("Fred")}});  // MODIFY
  UpdateItemRequest u;
  u.table_name = "Feed";
  u.key = {{"id", S("Fred")}};
  u.update_expression = "SET #n = :n";
  u.expression_attribute_names = ExpressionAttributeNames{{"#n", "name"}};
  u.expression_attribute_values = ExpressionAttributeValues{{":n", S("Fred")}};
  Must(e->UpdateItem(u));  // the same value: nothing
  DeleteItemRequest del;
  del.table_name = "Feed";
  del.key = {{"id", S("Nobody")}};
  Must(e->DeleteItem(del));  // nothing to delete: nothing
  del.key = {{"id", S("Fred")}};
  Must(e->DeleteItem(del));  // REMOVE
  std::vector<StreamRecord> recs = ReadAll(*e.engine, LatestArn(*e.engine));
  REQUIRE(recs.size() == 3);
  CHECK(recs[0].event_name == "INSERT");
  CHECK(!recs[0].dynamodb.old_image);
  CHECK(recs[0].dynamodb.size_bytes == 12);  // DynamoDB: Keys (6) + NewImage (6)
  CHECK(recs[1].event_name == "MODIFY");
  CHECK(recs[1].dynamodb.size_bytes == 26);  // 6 + 14 + 6
  CHECK(recs[1].dynamodb.old_image->size() == 1);
  CHECK(recs[1].dynamodb.new_image->at("name").str() == "Fred");
  CHECK(recs[2].event_name == "REMOVE");
  CHECK(!recs[2].dynamodb.new_image);
  CHECK(recs[0].dynamodb.sequence_number < recs[1].dynamodb.sequence_number);
  CHECK(recs[0].dynamodb.sequence_number.size() == 21);
  CHECK(recs[0].dynamodb.stream_view_type == "NEW_AND_OLD_IMAGES");
  CHECK(recs[0].dynamodb.approximate_creation_date_time == 1700000000.0);
}

TEST_CASE("Each view type keeps its images: keys only, new, old, or both") {
  for (const char* view : {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"}) {
    CAPTURE(view);
    ClockedEngine e;
    CreateStreamed(*e.engine, view);
    PutFeed(*e.engine, {{"id", S("a")}, {"v", N("1")}});
    PutFeed(*e.engine, {{"id", S("a")}, {"v", N("2")}});
    std::vector<StreamRecord> recs = ReadAll(*e.engine, LatestArn(*e.engine));
    REQUIRE(recs.size() == 2);
    const std::string v = view;
    const bool news = v == "NEW_IMAGE" || v == "NEW_AND_OLD_IMAGES";
    const bool olds = v == "OLD_IMAGE" || v == "NEW_AND_OLD_IMAGES";
    CHECK(recs[1].dynamodb.keys == Item{{"id", S("a")}});
    CHECK(recs[1].dynamodb.new_image.has_value() == news);
    CHECK(recs[1].dynamodb.old_image.has_value() == olds);
    if (olds) CHECK(recs[1].dynamodb.old_image->at("v") == N("1"));
  }
}

TEST_CASE("A batch or a transaction leaves one record per item changed") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "KEYS_ONLY");
  PutFeed(*e.engine, {{"id", S("Fred")}});
  BatchWriteItemRequest b;
  WriteRequest same, other;
  same.put_request_item = Item{{"id", S("Fred")}};
  other.put_request_item = Item{{"id", S("New")}};
  b.request_items["Feed"] = {same, other};
  Must(e->BatchWriteItem(b));
  TransactWriteItemsRequest t;
  TransactWriteItem p1, p2;
  p1.action = p2.action = "Put";
  p1.table_name = p2.table_name = "Feed";
  p1.item = Item{{"id", S("T1")}};
  p2.item = Item{{"id", S("T2")}};
  t.transact_items = {p1, p2};
  Must(e->TransactWriteItems(t));
  std::vector<StreamRecord> recs = ReadAll(*e.engine, LatestArn(*e.engine));
  CHECK(recs.size() == 4);  // Fred, New, T1, T2: the identical Fred wrote nothing
}

TEST_CASE("Shards follow the partitions: one open shard each, a split closes them") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "KEYS_ONLY");
  const std::string arn = LatestArn(*e.engine);
  for (int i = 0; i < 20; ++i) PutFeed(*e.engine, {{"id", S("k" + std::to_string(i))}});
  DescribeStreamRequest d;
  d.stream_arn = arn;
  StreamDescription s = Must(e->DescribeStream(d)).stream_description;
  CHECK(s.stream_status == "ENABLED");
  REQUIRE(s.shards.size() == 4);  // an on-demand table starts with 4 partitions
  for (const auto& shard : s.shards) {
    CHECK(!shard.sequence_number_range.ending_sequence_number);
    CHECK(!shard.parent_shard_id);
    CHECK(shard.shard_id.size() == 37);
  }
  CHECK(std::is_sorted(s.shards.begin(), s.shards.end(),
                       [](auto& a, auto& b) { return a.shard_id < b.shard_id; }));
  Must(e->SetPartitionCount("Feed", 8));
  PutFeed(*e.engine, {{"id", S("after")}});
  s = Must(e->DescribeStream(d)).stream_description;
  REQUIRE(s.shards.size() == 12);
  for (size_t i = 0; i < 4; ++i) CHECK(s.shards[i].sequence_number_range.ending_sequence_number);
  for (size_t i = 4; i < 12; ++i) {
    CHECK(!s.shards[i].sequence_number_range.ending_sequence_number);
    REQUIRE(s.shards[i].parent_shard_id);
    CHECK(*s.shards[i].parent_shard_id == s.shards[(i - 4) / 2].shard_id);
  }
  CHECK(ReadAll(*e.engine, arn).size() == 21);
  // Paging by shard id.
  d.limit = 5;
  StreamDescription page = Must(e->DescribeStream(d)).stream_description;
  CHECK(page.shards.size() == 5);
  CHECK(*page.last_evaluated_shard_id == page.shards.back().shard_id);
}

TEST_CASE("Iterators: TRIM_HORIZON, AT and AFTER a sequence number, LATEST, and expiry") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "KEYS_ONLY");
  const std::string arn = LatestArn(*e.engine);
  PutFeed(*e.engine, {{"id", S("x")}, {"n", N("1")}});
  PutFeed(*e.engine, {{"id", S("x")}, {"n", N("2")}});
  std::vector<StreamRecord> all = ReadAll(*e.engine, arn);
  REQUIRE(all.size() == 2);
  DescribeStreamRequest d;
  d.stream_arn = arn;
  std::string shard;
  for (const auto& s : Must(e->DescribeStream(d)).stream_description.shards) {
    GetShardIteratorRequest g;
    g.stream_arn = arn;
    g.shard_id = s.shard_id;
    g.shard_iterator_type = "AT_SEQUENCE_NUMBER";
    g.sequence_number = all[0].dynamodb.sequence_number;
    GetRecordsRequest r;
    r.shard_iterator = Must(e->GetShardIterator(g)).shard_iterator;
    if (!Must(e->GetRecords(r)).records.empty()) shard = s.shard_id;
  }
  REQUIRE(!shard.empty());
  GetShardIteratorRequest g;
  g.stream_arn = arn;
  g.shard_id = shard;
  auto first_of = [&](const char* type, std::optional<std::string> seq) {
    g.shard_iterator_type = type;
    g.sequence_number = std::move(seq);
    GetRecordsRequest r;
    r.shard_iterator = Must(e->GetShardIterator(g)).shard_iterator;
    GetRecordsResponse page = Must(e->GetRecords(r));
    CHECK(page.next_shard_iterator);  // an open shard always gives one
    return page.records.empty() ? std::string() : page.records[0].dynamodb.sequence_number;
  };
  CHECK(first_of("AT_SEQUENCE_NUMBER", all[1].dynamodb.sequence_number) ==
        all[1].dynamodb.sequence_number);
  CHECK(first_of("AFTER_SEQUENCE_NUMBER", all[0].dynamodb.sequence_number) ==
        all[1].dynamodb.sequence_number);
  CHECK(first_of("TRIM_HORIZON", std::nullopt) == all[0].dynamodb.sequence_number);
  CHECK(first_of("LATEST", std::nullopt).empty());
  g.shard_iterator_type = "LATEST";
  g.sequence_number.reset();
  GetRecordsRequest r;
  r.shard_iterator = Must(e->GetShardIterator(g)).shard_iterator;
  PutFeed(*e.engine, {{"id", S("x")}, {"n", N("3")}});
  CHECK(Must(e->GetRecords(r)).records.size() == 1);  // LATEST sees what comes after it
  *e.now += 15 * 60 + 1;
  Error expired = Fails(e->GetRecords(r));
  CHECK(expired.type == ErrorType::kExpiredIteratorException);
  CHECK(expired.message == "Shard iterator has expired");
  r.shard_iterator = "garbage";
  CHECK(Fails(e->GetRecords(r)).message == "Invalid ShardIterator");
  // An iterator is the engine's word: one with its issue time moved ahead (to live forever) or
  // its position changed no longer matches its signature.
  g.shard_iterator_type = "TRIM_HORIZON";
  const std::string issued = Must(e->GetShardIterator(g)).shard_iterator;
  const size_t tag = issued.rfind('|');
  const size_t dot = issued.rfind('.', tag);
  std::string later = issued;
  later.replace(dot + 1, tag - dot - 1, "99999999999999");
  r.shard_iterator = later;
  CHECK(Fails(e->GetRecords(r)).message == "Invalid ShardIterator");
  r.shard_iterator = issued.substr(0, tag);  // unsigned
  CHECK(Fails(e->GetRecords(r)).message == "Invalid ShardIterator");
  r.shard_iterator = issued;
  CHECK(!Must(e->GetRecords(r)).records.empty());
  // Numbers too large for the engine are refused, not thrown on.
  r.shard_iterator = arn + "|1|99999999999999999999999.0.0.0";
  CHECK(Fails(e->GetRecords(r)).message == "Invalid ShardIterator");
  r.shard_iterator = arn + "|1|0.0.0.99999999999999999999999";
  CHECK(Fails(e->GetRecords(r)).message == "Invalid ShardIterator");
  g.shard_id = "shardId-99999999999999999999-00000000";
  CHECK(Fails(e->GetShardIterator(g)).type == ErrorType::kResourceNotFoundException);
  g.shard_id = "shardId-00000000000000000099-00000000";
  CHECK(Fails(e->GetShardIterator(g)).message ==
        "Requested resource not found: Shard does not exist");
  g.stream_arn = "fake-stream";
  CHECK(Fails(e->GetShardIterator(g)).message == "Invalid StreamArn");
  g.stream_arn = arn + "x";
  CHECK(Fails(e->GetShardIterator(g)).type == ErrorType::kResourceNotFoundException);
}

TEST_CASE("A disabled stream stays readable: its shards close and end") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "KEYS_ONLY");
  const std::string arn = LatestArn(*e.engine);
  PutFeed(*e.engine, {{"id", S("x")}});
  UpdateTableRequest u;
  u.table_name = "Feed";
  u.stream_specification = StreamSpecification{false, std::nullopt};
  Must(e->UpdateTable(u));
  PutFeed(*e.engine, {{"id", S("y")}});  // no stream now: no record
  DescribeStreamRequest d;
  d.stream_arn = arn;
  StreamDescription s = Must(e->DescribeStream(d)).stream_description;
  CHECK(s.stream_status == "DISABLED");
  for (const auto& shard : s.shards) CHECK(shard.sequence_number_range.ending_sequence_number);
  CHECK(ReadAll(*e.engine, arn).size() == 1);
  // Read to its end, a closed shard gives no next iterator.
  for (const auto& shard : s.shards) {
    GetShardIteratorRequest g;
    g.stream_arn = arn;
    g.shard_id = shard.shard_id;
    g.shard_iterator_type = "TRIM_HORIZON";
    GetRecordsRequest r;
    r.shard_iterator = Must(e->GetShardIterator(g)).shard_iterator;
    CHECK_FALSE(Must(e->GetRecords(r)).next_shard_iterator);
  }
}

TEST_CASE("A Time to Live deletion is a REMOVE made by the service, and records age out in a day") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "NEW_AND_OLD_IMAGES");
  UpdateTimeToLiveRequest ttl;
  ttl.table_name = "Feed";
  ttl.time_to_live_specification = TimeToLiveSpecification{true, "exp"};
  Must(e->UpdateTimeToLive(ttl));
  PutFeed(*e.engine, {{"id", S("old")}, {"exp", N("1700000100")}});
  *e.now += 200;
  const std::string arn = LatestArn(*e.engine);
  std::vector<StreamRecord> recs = ReadAll(*e.engine, arn);
  REQUIRE(recs.size() == 2);
  CHECK(recs[1].event_name == "REMOVE");
  CHECK(ByTimeToLive(recs[1]));
  CHECK(recs[1].dynamodb.old_image->at("id").str() == "old");
  CHECK_FALSE(ByTimeToLive(recs[0]));
  *e.now += 24 * 3600 + 1;
  CHECK(ReadAll(*e.engine, arn).empty());
}

// DynamoDB never reuses a shard id: a consumer that finished a shard never reads it again. The
// shard ids after a split and a day without writes (every record aged out) are the split's, and
// the next record lands in one of them.
TEST_CASE("A shard id is never given out twice, even after every record has aged out") {
  ClockedEngine e;
  CreateStreamed(*e.engine, "KEYS_ONLY");
  const std::string arn = LatestArn(*e.engine);
  PutFeed(*e.engine, {{"id", S("before")}});
  DescribeStreamRequest d;
  d.stream_arn = arn;
  std::set<std::string> first;
  for (const auto& shard : Must(e->DescribeStream(d)).stream_description.shards) {
    first.insert(shard.shard_id);
  }
  REQUIRE(first.size() == 4);
  Must(e->SetPartitionCount("Feed", 8));
  PutFeed(*e.engine, {{"id", S("split")}});
  *e.now += 24 * 3600 + 1;
  StreamDescription after = Must(e->DescribeStream(d)).stream_description;
  REQUIRE(after.shards.size() == 8);
  for (const auto& shard : after.shards) {
    CHECK(first.count(shard.shard_id) == 0);
    CHECK(!shard.sequence_number_range.ending_sequence_number);
  }
  PutFeed(*e.engine, {{"id", S("a day later")}});
  std::vector<StreamRecord> recs = ReadAll(*e.engine, arn);
  REQUIRE(recs.size() == 1);
  CHECK(recs[0].dynamodb.keys.at("id").str() == "a day later");
  StreamDescription now = Must(e->DescribeStream(d)).stream_description;
  REQUIRE(now.shards.size() == 8);
  for (size_t i = 0; i < now.shards.size(); ++i) {
    CHECK(now.shards[i].shard_id == after.shards[i].shard_id);
  }
}

TEST_CASE("ListStreams pages in ARN order and resumes after its last stream") {
  ClockedEngine e;
  for (const char* name : {"abc", "abc-d", "abd"}) {
    CreateTableRequest r;
    r.table_name = name;
    r.billing_mode = "PAY_PER_REQUEST";
    r.attribute_definitions = {{"id", "S"}};
    r.key_schema = {{"id", "HASH"}};
    r.stream_specification = StreamSpecification{true, "KEYS_ONLY"};
    Must(e->CreateTable(r));
  }
  ListStreamsRequest l;
  l.limit = 1;
  std::vector<std::string> seen;
  for (int pages = 0; pages < 10; ++pages) {
    ListStreamsResponse page = Must(e->ListStreams(l));
    for (const auto& s : page.streams) seen.push_back(s.table_name);
    if (!page.last_evaluated_stream_arn) break;
    l.exclusive_start_stream_arn = page.last_evaluated_stream_arn;
  }
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<std::string>{"abc", "abc-d", "abd"});
  l.exclusive_start_stream_arn =
      "arn:aws:dynamodb:us-east-1:000000000000:table/" + std::string(200000, 'a') + "/stream/x";
  CHECK(Fails(e->ListStreams(l)).message == "Invalid StreamArn");
  l.exclusive_start_stream_arn.reset();
  l.limit = 0;
  CHECK(Fails(e->ListStreams(l)).message ==
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member "
        "must have value greater than or equal to 1");
  // A typed request is held to the model's constraints as a JSON one is, all of them in the
  // model's member order (ddblab/model/streams.h).
  l.table_name = "a";
  l.limit = 101;
  CHECK(Fails(e->ListStreams(l)).message ==
        "2 validation errors detected: Value 'a' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 3; Value '101' at 'limit' failed to "
        "satisfy constraint: Member must have value less than or equal to 100");
  GetShardIteratorRequest g;
  g.stream_arn = "arn";
  g.shard_id = "shard";
  g.shard_iterator_type = "FIRST";
  CHECK(Fails(e->GetShardIterator(g)).message ==
        "1 validation error detected: Value 'FIRST' at 'shardIteratorType' failed to satisfy "
        "constraint: Member must satisfy enum value set: [AFTER_SEQUENCE_NUMBER, LATEST, "
        "AT_SEQUENCE_NUMBER, TRIM_HORIZON]");
}
