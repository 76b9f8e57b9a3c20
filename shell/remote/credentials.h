// AWS credentials and region lookup for the remote endpoint client.
#pragma once

#include <optional>
#include <string>

namespace ddblab::shell::remote {

struct Credentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty unless temporary credentials
  std::string source;         // "environment", "~/.aws/credentials [default]", "dummy"
};

// AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, else the profile AWS_PROFILE
// (or "default") of AWS_SHARED_CREDENTIALS_FILE (or ~/.aws/credentials).
std::optional<Credentials> FindCredentials();

// Reads one profile from the text of a credentials file (INI: [profile], key = value).
std::optional<Credentials> ParseCredentialsFile(const std::string& text,
                                                const std::string& profile);

// `region` if set, else AWS_REGION, AWS_DEFAULT_REGION, else "us-east-1".
std::string ResolveRegion(const std::string& region);

}  // namespace ddblab::shell::remote
