// Engine::SaveCopy: the whole database copied to a new file, for the shell's .save.
#include "exec/engine_impl.h"

namespace ddblab {

Status EngineImpl::SaveCopy(const std::string& path) {
  // Under the engine's lock, so the copy holds whole calls only, never half of a transaction.
  std::lock_guard lock(mutex_);
  if (path.empty()) return ValidationError(".save needs a file name");
  return storage_->SaveCopy(path);
}

}  // namespace ddblab
