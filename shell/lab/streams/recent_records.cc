#include "streams/recent_records.h"

#include <algorithm>
#include <vector>

namespace ddblab::lab::streams {
namespace {

// A GetRecords response holds at most 1,000 records; a stream read for display stops after
// this many pages per shard.
constexpr int kMaxPagesPerShard = 100;
constexpr size_t kValueWidth = 40;

Result<wire::Json> Call(wire::Client& client, std::string_view op, const wire::Json& body) {
  wire::JsonResult r = client.Call(op, body);
  if (!r.ok) return r.error;
  return std::move(r.body);
}

// One attribute value as short text: strings and numbers bare, anything else as JSON.
std::string ValueText(const wire::Json& av) {
  std::string s;
  if (av.is_object() && av.size() == 1) {
    auto it = av.begin();
    if ((it.key() == "S" || it.key() == "N") && it.value().is_string()) {
      s = it.value().get<std::string>();
    }
  }
  if (s.empty()) s = av.dump();
  if (s.size() > kValueWidth) s = s.substr(0, kValueWidth - 3) + "...";
  return s;
}

std::string AttributesText(const wire::Json& image) {
  std::string s;
  for (const auto& [name, v] : image.items()) {
    s += (s.empty() ? "" : ", ") + name + "=" + ValueText(v);
  }
  return s;
}

// What changed in a MODIFY with both images: "status: OPEN -> SHIPPED, total added".
std::string ChangesText(const wire::Json& old_image, const wire::Json& new_image) {
  std::string s;
  auto add = [&](const std::string& text) { s += (s.empty() ? "" : ", ") + text; };
  for (const auto& [name, v] : new_image.items()) {
    if (!old_image.contains(name)) {
      add(name + " added (" + ValueText(v) + ")");
    } else if (old_image[name] != v) {
      add(name + ": " + ValueText(old_image[name]) + " -> " + ValueText(v));
    }
  }
  for (const auto& [name, v] : old_image.items()) {
    if (!new_image.contains(name)) add(name + " removed");
  }
  return s.empty() ? "(no attribute changed)" : s;
}

std::string Describe(const wire::Json& rec) {
  const wire::Json& d = rec["dynamodb"];
  const std::string event = rec.value("eventName", std::string());
  const bool has_old = d.contains("OldImage"), has_new = d.contains("NewImage");
  if (event == "MODIFY" && has_old && has_new) return ChangesText(d["OldImage"], d["NewImage"]);
  if (has_new) return "new: " + AttributesText(d["NewImage"]);
  if (has_old) return "old: " + AttributesText(d["OldImage"]);
  return "(" + d.value("StreamViewType", std::string("KEYS_ONLY")) + ": no image)";
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

}  // namespace

Result<std::string> RecentRecords(wire::Client& client, const std::string& table, int limit) {
  DDB_ASSIGN_OR_RETURN(wire::Json described, Call(client, "DescribeTable", {{"TableName", table}}));
  const wire::Json& t = described["Table"];
  if (!t.contains("LatestStreamArn")) {
    return ValidationError(
        "table " + table + " has never had a stream: aws dynamodb update-table --table-name " +
        table + " --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES");
  }
  const std::string arn = t["LatestStreamArn"].get<std::string>();
  std::vector<wire::Json> shards;
  wire::Json start;
  do {
    wire::Json req{{"StreamArn", arn}};
    if (!start.is_null()) req["ExclusiveStartShardId"] = start;
    DDB_ASSIGN_OR_RETURN(wire::Json d, Call(client, "DescribeStream", req));
    const wire::Json& desc = d["StreamDescription"];
    for (const auto& s : desc.value("Shards", wire::Json::array())) shards.push_back(s);
    start = desc.value("LastEvaluatedShardId", wire::Json());
  } while (!start.is_null());

  std::vector<wire::Json> records;
  int calls = 0;
  for (const wire::Json& shard : shards) {
    DDB_ASSIGN_OR_RETURN(wire::Json it, Call(client, "GetShardIterator",
                                             {{"StreamArn", arn},
                                              {"ShardId", shard["ShardId"]},
                                              {"ShardIteratorType", "TRIM_HORIZON"}}));
    wire::Json iterator = it.value("ShardIterator", wire::Json());
    for (int page = 0; page < kMaxPagesPerShard && iterator.is_string(); ++page) {
      DDB_ASSIGN_OR_RETURN(wire::Json got, Call(client, "GetRecords",
                                                {{"ShardIterator", iterator}, {"Limit", 1000}}));
      ++calls;
      const wire::Json page_records = got.value("Records", wire::Json::array());
      for (const auto& r : page_records) records.push_back(r);
      iterator = got.value("NextShardIterator", wire::Json());
      if (page_records.empty()) break;
    }
  }
  // Oldest first across shards: by creation time, then by sequence number (the same width in
  // every shard, so text order is numeric order).
  std::stable_sort(records.begin(), records.end(), [](const wire::Json& a, const wire::Json& b) {
    double ta = a["dynamodb"].value("ApproximateCreationDateTime", 0.0);
    double tb = b["dynamodb"].value("ApproximateCreationDateTime", 0.0);
    if (ta != tb) return ta < tb;
    return a["dynamodb"].value("SequenceNumber", std::string()) <
           b["dynamodb"].value("SequenceNumber", std::string());
  });
  size_t shown = std::min(records.size(), static_cast<size_t>(std::max(limit, 0)));
  std::string out;
  if (shown > 0) {
    out += Pad("SequenceNumber", 23) + Pad("event", 8) + Pad("keys", 34) + "images\n";
  }
  for (size_t i = records.size() - shown; i < records.size(); ++i) {
    const wire::Json& rec = records[i];
    const wire::Json& d = rec["dynamodb"];
    std::string keys = AttributesText(d.value("Keys", wire::Json::object()));
    out += Pad(d.value("SequenceNumber", std::string()), 23) +
           Pad(rec.value("eventName", std::string()), 8) + Pad(keys, 33) + " " + Describe(rec);
    if (rec.contains("userIdentity")) out += "  [deleted by TTL]";
    out += "\n";
  }
  out += "-- " + std::to_string(records.size()) + " record" + (records.size() == 1 ? "" : "s") +
         " in " + std::to_string(shards.size()) + " shard" + (shards.size() == 1 ? "" : "s") +
         " of the stream labelled " + t.value("LatestStreamLabel", std::string()) +
         (shown < records.size() ? ", the last " + std::to_string(shown) + " shown" : "") + "; " +
         std::to_string(calls) + " GetRecords call" + (calls == 1 ? "" : "s") +
         ", 0 RCU: reading a stream consumes no table capacity\n";
  return out;
}

}  // namespace ddblab::lab::streams
