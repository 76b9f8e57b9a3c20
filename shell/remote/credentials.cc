#include "credentials.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ddblab::shell::remote {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

}  // namespace

std::optional<Credentials> ParseCredentialsFile(const std::string& text,
                                                const std::string& profile) {
  std::istringstream in(text);
  std::string line;
  bool in_profile = false;
  Credentials c;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[' && line.back() == ']') {
      in_profile = Trim(line.substr(1, line.size() - 2)) == profile;
      continue;
    }
    if (!in_profile) continue;
    size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string key = Trim(line.substr(0, eq));
    std::string value = Trim(line.substr(eq + 1));
    if (key == "aws_access_key_id") c.access_key_id = value;
    if (key == "aws_secret_access_key") c.secret_access_key = value;
    if (key == "aws_session_token") c.session_token = value;
  }
  if (c.access_key_id.empty() || c.secret_access_key.empty()) return std::nullopt;
  c.source = "~/.aws/credentials [" + profile + "]";
  return c;
}

std::optional<Credentials> FindCredentials() {
  Credentials env;
  env.access_key_id = Env("AWS_ACCESS_KEY_ID");
  env.secret_access_key = Env("AWS_SECRET_ACCESS_KEY");
  env.session_token = Env("AWS_SESSION_TOKEN");
  if (!env.access_key_id.empty() && !env.secret_access_key.empty()) {
    env.source = "environment";
    return env;
  }
  std::string path = Env("AWS_SHARED_CREDENTIALS_FILE");
  if (path.empty()) {
    std::string home = Env("HOME");
    if (home.empty()) return std::nullopt;
    path = home + "/.aws/credentials";
  }
  std::ifstream file(path);
  if (!file) return std::nullopt;
  std::stringstream text;
  text << file.rdbuf();
  std::string profile = Env("AWS_PROFILE");
  return ParseCredentialsFile(text.str(), profile.empty() ? "default" : profile);
}

std::string ResolveRegion(const std::string& region) {
  if (!region.empty()) return region;
  std::string r = Env("AWS_REGION");
  if (r.empty()) r = Env("AWS_DEFAULT_REGION");
  return r.empty() ? "us-east-1" : r;
}

}  // namespace ddblab::shell::remote
