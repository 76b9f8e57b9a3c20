// Where a call's effect is noted (ddblab/effect.h, CaptureEffect).
#include "ddblab/effect.h"

namespace ddblab {

thread_local Effect* CaptureEffect::current_ = nullptr;

}  // namespace ddblab
