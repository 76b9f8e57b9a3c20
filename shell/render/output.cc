// OutputSink implementations and the colour decision.
#include "shell/render/output.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace ddblab::shell {

namespace {
std::string_view EscapeFor(Style style) {
  switch (style) {
    case Style::kHeader:
      return "\x1b[1m";
    case Style::kFooter:
      return "\x1b[36m";
    case Style::kWarning:
      return "\x1b[33m";
    case Style::kError:
      return "\x1b[31m";
    case Style::kDim:
      return "\x1b[2m";
    case Style::kPlain:
      break;
  }
  return "";
}
}  // namespace

std::string OutputSink::Styled(std::string_view text, Style style) const {
  std::string_view esc = EscapeFor(style);
  if (!color_ || esc.empty() || text.empty()) return std::string(text);
  std::string s(esc);
  s += text;
  s += "\x1b[0m";
  return s;
}

void OutputSink::Line(std::string_view text, Style style) {
  std::string s = Styled(text, style);
  s += '\n';
  Write(Stream::kOut, s);
}

void OutputSink::ErrLine(std::string_view text, Style style) {
  std::string s = Styled(text, style);
  s += '\n';
  Write(Stream::kErr, s);
}

void StdioSink::Write(Stream stream, std::string_view text) {
  if (stream == Stream::kOut) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  } else {
    std::fflush(stdout);
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
  }
}

void CaptureSink::Write(Stream stream, std::string_view text) {
  (stream == Stream::kOut ? out_ : err_).append(text);
  all_.append(text);
}

void CaptureSink::Clear() {
  out_.clear();
  err_.clear();
  all_.clear();
}

bool ColorWanted() {
  // https://no-color.org: any non-empty NO_COLOR disables colour.
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(STDOUT_FILENO) == 1;
}

}  // namespace ddblab::shell
