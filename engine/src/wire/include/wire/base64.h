// The wire module's name for the one base64 codec (ddblab/base64.h).
#pragma once

#include "ddblab/base64.h"

namespace ddblab::wire {

using ddblab::Base64Decode;
using ddblab::Base64Encode;

}  // namespace ddblab::wire
