#include "sigv4.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "ddblab/sha256.h"

namespace ddblab::shell::serve {
namespace {

std::string LowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// SigV4's canonical header value: trimmed, each inner run of spaces and tabs one space.
void AppendCanonicalValue(std::string_view value, std::string* out) {
  bool pending_space = false;
  bool started = false;
  for (char c : value) {
    if (c == ' ' || c == '\t') {
      pending_space = started;
      continue;
    }
    if (pending_space) out->push_back(' ');
    pending_space = false;
    started = true;
    out->push_back(c);
  }
}

std::string CanonicalQuery(std::string_view query) {
  std::vector<std::pair<std::string_view, std::string_view>> params;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    std::string_view param = query.substr(0, amp);
    query.remove_prefix(amp == std::string_view::npos ? query.size() : amp + 1);
    if (param.empty()) continue;
    const size_t eq = param.find('=');
    params.emplace_back(param.substr(0, eq),
                        eq == std::string_view::npos ? std::string_view() : param.substr(eq + 1));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out.push_back('&');
    out.append(name).push_back('=');
    out.append(value);
  }
  return out;
}

}  // namespace

std::string CanonicalRequest(const HttpRequest& request, std::string_view signed_headers) {
  std::string out = request.method;
  out += '\n';
  out += request.path.empty() ? "/" : request.path;
  out += '\n';
  out += CanonicalQuery(request.query);
  out += '\n';
  // Each header's canonical value, built in one pass: the work is linear in the head's size
  // however many names SignedHeaders lists.
  std::map<std::string, std::string, std::less<>> values;
  for (const auto& [header, value] : request.headers) {
    auto [it, fresh] = values.try_emplace(LowerAscii(header));
    if (!fresh) it->second += ',';
    AppendCanonicalValue(value, &it->second);
  }
  // A name listed twice is written once, so the canonical request stays as small as the head.
  std::set<std::string, std::less<>> written;
  std::string_view names = signed_headers;
  while (!names.empty()) {
    const size_t semi = names.find(';');
    const std::string_view listed = names.substr(0, semi);
    names.remove_prefix(semi == std::string_view::npos ? names.size() : semi + 1);
    std::string name = LowerAscii(listed);
    if (written.count(name) > 0) continue;
    out += name;
    out += ':';
    if (auto it = values.find(name); it != values.end()) out += it->second;
    out += '\n';
    written.insert(std::move(name));
  }
  out += '\n';
  out += signed_headers;
  out += '\n';
  out += HexLower(Sha256(request.body));
  return out;
}

std::string StringToSign(std::string_view amz_date, std::string_view scope,
                         std::string_view canonical_request) {
  std::string out(kSigV4Algorithm);
  out += '\n';
  out += amz_date;
  out += '\n';
  out += scope;
  out += '\n';
  out += HexLower(Sha256(canonical_request));
  return out;
}

std::string SigV4Signature(std::string_view secret, std::string_view date, std::string_view region,
                           std::string_view service, std::string_view string_to_sign) {
  const Sha256Digest k_date = HmacSha256("AWS4" + std::string(secret), date);
  const Sha256Digest k_region = HmacSha256(DigestBytes(k_date), region);
  const Sha256Digest k_service = HmacSha256(DigestBytes(k_region), service);
  const Sha256Digest k_signing = HmacSha256(DigestBytes(k_service), "aws4_request");
  return HexLower(HmacSha256(DigestBytes(k_signing), string_to_sign));
}

}  // namespace ddblab::shell::serve
