// What the benchmark files share: the time budget, the result line, and the item every
// benchmark writes (bench.cc defines them).
#pragma once

#include <cstdint>
#include <string>

#include "ddblab/engine.h"

namespace ddblab::bench {

// Seconds each side of a comparison runs (`--quick` shortens it).
extern double g_seconds;

// Exits the benchmark with a message when `ok` is false.
void Check(bool ok, const char* what);

// One JSON line: name, ops_per_s, sqlite_ops_per_s, ratio (engine / SQLite).
void PrintResult(const char* name, double ops, double sqlite_ops);

AttributeValue S(std::string s);
AttributeValue N(int64_t v);
// An order-like item of about 200 bytes; `indexed` adds the GSI1 keys.
Item Order(const std::string& pk, const std::string& sk, bool indexed);

// GetItem and a 100-item Query from one and from two threads on a database file
// (parallel_reads.cc).
void BenchReadsFileThreads();

}  // namespace ddblab::bench
