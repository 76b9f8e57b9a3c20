// The words .import and .generate report a bulk load with (wire::Client::BulkLoad).
#pragma once

#include <cstdint>
#include <string>

#include "ddblab/bulk_load.h"

namespace ddblab::shell {

// "1 item", "3 items".
inline std::string ItemCount(int64_t n) {
  return std::to_string(n) + (n == 1 ? " item" : " items");
}

// What a failed load left behind: nothing in ddblab's own database, where a load is all or
// nothing; against an endpoint, the batches written before the error. `verb` is "imported" or
// "generated", `what` names the command's load ("an import", ".generate").
inline std::string BulkLoadFailureNote(const BulkLoadResult& r, const std::string& verb,
                                       const std::string& what) {
  if (r.all_or_nothing) return "nothing was " + verb + " (" + what + " is all or nothing)";
  return ItemCount(r.written) + (r.written == 1 ? " was " : " were ") + verb +
         " before the error; the endpoint keeps " + (r.written == 1 ? "it" : "them");
}

}  // namespace ddblab::shell
