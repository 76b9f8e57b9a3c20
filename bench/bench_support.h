// What the benchmark files share: the time budget, the result line, and the item every
// benchmark writes (bench.cc defines them).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "ddblab/engine.h"

namespace ddblab::bench {

// Seconds each side of a comparison runs (`--quick` shortens it).
extern double g_seconds;

// Exits the benchmark with a message when `ok` is false.
void Check(bool ok, const char* what);

// One JSON line: name, ops_per_s, sqlite_ops_per_s, ratio (engine / SQLite).
void PrintResult(const char* name, double ops, double sqlite_ops);

// Runs `engine` and `sqlite` in alternating slices of about 20 ms until each has had g_seconds,
// and returns both rates (operations per second). Interleaving keeps the ratio honest on a
// machine whose speed drifts (shared cores, frequency scaling): both sides see the same
// conditions.
using Rates = std::pair<double, double>;
Rates Compare(const std::function<void(int64_t)>& engine,
              const std::function<void(int64_t)>& sqlite);
// The same, printed as one result line.
void Compare(const char* name, const std::function<void(int64_t)>& engine,
             const std::function<void(int64_t)>& sqlite);

// An engine with the table "Bench" (PK, SK; `gsi` adds GSI1 on GSI1PK, GSI1SK), on demand.
std::unique_ptr<Engine> NewEngine(bool gsi);
// A Query of the 100 items of customer i % 20 (the Bench table seeded by query_100).
void Query100(Engine& e, int64_t i);

AttributeValue S(std::string s);
AttributeValue N(int64_t v);
// An order-like item of about 200 bytes; `indexed` adds the GSI1 keys.
Item Order(const std::string& pk, const std::string& sk, bool indexed);

// GetItem and a 100-item Query from one and from two threads on a database file
// (parallel_reads.cc).
void BenchReadsFileThreads();

// The query_100 table (20 customers of 100 orders) in a new engine (repl_path.cc).
std::shared_ptr<Engine> OrdersEngine();
// One line for a front door against the engine call it makes: both rates and the door's cost as
// a multiple of the call (repl_path.cc).
void PrintPath(const char* name, Rates r);

// A Query of 100 items and a PutItem typed as aws-CLI text and as PartiQL, run through the
// session (the REPL's statement runner), against the same engine call made directly
// (repl_path.cc).
void BenchReplPath();

// A PutItem, a GetItem and a Query of 100 items as JSON request bodies through the wire's door
// (what `serve` runs for a request, without sockets), against the same engine calls
// (wire_path.cc).
void BenchWirePath();

}  // namespace ddblab::bench
