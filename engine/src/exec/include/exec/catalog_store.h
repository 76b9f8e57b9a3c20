// Persists table schemas in the storage catalog as JSON text.
#pragma once

#include <string>

#include "catalog/schema.h"

namespace ddblab {

std::string SchemaToText(const TableSchema& s);
Result<TableSchema> SchemaFromText(const std::string& text);

}  // namespace ddblab
