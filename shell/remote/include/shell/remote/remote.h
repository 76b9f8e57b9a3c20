// A Client that sends DynamoDB JSON requests to a remote DynamoDB-compatible endpoint (Amazon
// DynamoDB, DynamoDB Local, ScyllaDB Alternator, another `ddblab serve`), signed with AWS SigV4.
#pragma once

#include <memory>
#include <string>

#include "ddblab/wire.h"

namespace ddblab::shell {

// Connects to `endpoint_url` (e.g. "http://127.0.0.1:8000" or
// "https://dynamodb.us-east-1.amazonaws.com"). `region` empty means AWS_REGION,
// AWS_DEFAULT_REGION, else "us-east-1". Credentials come from AWS_ACCESS_KEY_ID /
// AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, else ~/.aws/credentials (profile AWS_PROFILE or
// "default"); a loopback endpoint without credentials gets dummy ones. Returns nullptr and sets
// `*error` when the URL is not http(s) or no credentials are found for a non-local endpoint.
//
// Calls never throw; transport failures come back as InternalServerError results. The result's
// capacity is always filled from the service's ConsumedCapacity (the client asks for it and
// hides it from the body when the request did not); trace names the operation and table only
// (partitions_total 0: the service does not report partitions).
std::unique_ptr<wire::Client> MakeRemoteClient(const std::string& endpoint_url,
                                               const std::string& region, std::string* error);

}  // namespace ddblab::shell
