// Wraps the engine so that every public call first deletes expired items (ttl_sweep.cc).
#pragma once

#include <memory>

#include "exec/engine_impl.h"

namespace ddblab {

std::unique_ptr<Engine> WithTimeToLiveSweep(std::unique_ptr<EngineImpl> impl);

}  // namespace ddblab
