// Header-only arithmetic; this file keeps the stage's library non-empty.
#include "account/capacity_math.h"
