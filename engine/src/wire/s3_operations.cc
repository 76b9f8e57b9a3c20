// ImportTable, ExportTableToPointInTime and the operations that describe and list them, refused
// with a message naming the shell's way to do the same with a file.
//
// The refusal is UnknownOperationException (HTTP 400), what DynamoDB itself answers for an
// operation the endpoint does not serve: no SDK retries it (unlike a 5xx or a throttling error),
// and clients and test suites that probe an emulator for a feature read exactly this exception,
// or a message saying the operation "is not supported", as "skip" rather than as a failure. A
// ValidationException would read as a mistake in the request, which it is not.
#include <string>

#include "ddblab/wire.h"

namespace ddblab::wire {
namespace {

struct S3Operation {
  std::string_view name;
  std::string_view instead;  // what the shell offers in its place
};

constexpr S3Operation kS3Operations[] = {
    {"ExportTableToPointInTime",
     "the shell's `.export TABLE FILE` writes a table in the same format (DynamoDB JSON, "
     "one {\"Item\": ...} a line, gzip when FILE ends in .gz)"},
    {"DescribeExport", "the shell's `.export TABLE FILE` writes a table to a file directly"},
    {"ListExports", "the shell's `.export TABLE FILE` writes a table to a file directly"},
    {"ImportTable",
     "the shell's `.import TABLE FILE` loads a file in the same format (DynamoDB JSON, one "
     "{\"Item\": ...} a line, gzip or not) into an existing table"},
    {"DescribeImport", "the shell's `.import TABLE FILE` loads a file directly"},
    {"ListImports", "the shell's `.import TABLE FILE` loads a file directly"},
};

}  // namespace

std::optional<Error> RefuseS3Operation(std::string_view operation) {
  for (const S3Operation& op : kS3Operations) {
    if (op.name != operation) continue;
    return MakeError(ErrorType::kUnknownOperationException,
                     std::string(op.name) +
                         " is not supported by ddblab: it needs Amazon S3, which ddblab does "
                         "not have; " +
                         std::string(op.instead) + ".");
  }
  return std::nullopt;
}

}  // namespace ddblab::wire
