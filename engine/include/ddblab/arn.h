// ARNs of DynamoDB resources, as ddblab writes and reads them.
#pragma once

#include <string>

namespace ddblab {

// `arn` ("arn:aws:dynamodb:<region>:<account>:...") with its region replaced by `region`;
// anything that is not a DynamoDB ARN comes back unchanged. One catalog answers every region a
// client signs for, so `serve` writes the ARNs of a reply in the caller's signing region.
std::string ArnInRegion(const std::string& arn, const std::string& region);

}  // namespace ddblab
