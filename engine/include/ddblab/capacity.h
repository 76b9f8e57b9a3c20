// ConsumedCapacity and Trace: what every call cost and what it touched.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ddblab {

// Capacity is counted in integer half-units (DynamoDB reads round to 0.5); doubles only appear
// when rendering. `half_units == 3` means 1.5 capacity units.
struct Capacity {
  int64_t half_units = 0;
  int64_t read_half_units = 0;   // reported only for transactional calls
  int64_t write_half_units = 0;  // reported only for transactional calls
  double units() const { return static_cast<double>(half_units) / 2.0; }
  void Add(const Capacity& o) {
    half_units += o.half_units;
    read_half_units += o.read_half_units;
    write_half_units += o.write_half_units;
  }
};

// The engine always computes the full breakdown; ReturnConsumedCapacity (NONE/TOTAL/INDEXES)
// only decides what a front end renders.
struct ConsumedCapacity {
  std::string table_name;
  Capacity total;  // table + all indexes
  Capacity table;  // the base-table part
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, Capacity> local_secondary_indexes;
  bool transactional = false;  // render ReadCapacityUnits/WriteCapacityUnits
  bool read = false;           // a read call (RCU) rather than a write call (WCU)
};

// A ddblab extension: the physical work behind one call. For calls spanning several tables or
// statements (batches, transactions, PartiQL), `steps` lists one Trace per action.
struct Trace {
  std::string operation;  // "GetItem", "Query", "Scan", "PutItem", ...
  std::string table;
  std::string index;  // empty for the base table
  int64_t items_read = 0;
  int64_t items_returned = 0;
  int64_t bytes_read = 0;
  int64_t bytes_written = 0;
  std::vector<int> partitions_hit;  // ascending, distinct partition numbers
  int partitions_total = 0;
  bool consistent_read = false;
  bool filtered = false;      // a FilterExpression (or PartiQL WHERE beyond the key) applied
  std::string key_condition;  // the resolved key condition, for EXPLAIN-like displays
  // A PartiQL SELECT that ran as a Scan: why, as EXPLAIN says it (empty otherwise).
  std::string scan_reason;
  std::vector<Trace> steps;
  // Index -> the index partitions a write's old and new entries live in (ascending); the
  // throughput model charges a global index's capacity there. A local index's entries live in
  // the item's own partition.
  std::map<std::string, std::vector<int>> index_partitions;
};

}  // namespace ddblab
