// Which items a call touched, for the throughput model's split partitions (README, "Split for
// heat"). While the throttle layer (exec/throttle.h) runs a call it hands the engine a
// KeyPointLog (EngineImpl::key_points, under the engine's mutex); the write path and the
// single-item reads note each item's key there. With the model off no log is open and noting
// costs one pointer test. The log is kept out of Trace so that the public call results stay as
// they are.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ddblab::throughput {

// Where one item lies in a table's (or index's) key space: the partition-key hash, then the
// (index) partition-key and sort-key bytes, compared in that order (memcmp order is DynamoDB's).
struct KeyPoint {
  uint32_t hash = 0;
  std::string pk, sk;
  friend bool operator<(const KeyPoint& a, const KeyPoint& b) {
    if (a.hash != b.hash) return a.hash < b.hash;
    if (a.pk != b.pk) return a.pk < b.pk;
    return a.sk < b.sk;
  }
  friend bool operator==(const KeyPoint& a, const KeyPoint& b) {
    return a.hash == b.hash && a.pk == b.pk && a.sk == b.sk;
  }
};

class KeyPointLog {
 public:
  using Resource = std::pair<std::string, std::string>;  // table, index ("" for the table)

  void Add(const std::string& table, const std::string& index, KeyPoint p) {
    points_[{table, index}].push_back(std::move(p));
  }
  std::map<Resource, std::vector<KeyPoint>>& points() { return points_; }

 private:
  std::map<Resource, std::vector<KeyPoint>> points_;
};

// Notes one item's key in `log` when one is open.
inline void NoteKeyPoint(KeyPointLog* log, const std::string& table, const std::string& index,
                         uint32_t hash, const std::string& pk, const std::string& sk) {
  if (log != nullptr) log->Add(table, index, KeyPoint{hash, pk, sk});
}

}  // namespace ddblab::throughput
