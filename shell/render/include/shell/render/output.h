// The one place the shell writes to. Everything the shell prints (results, footers, warnings,
// errors, help, lesson feedback) goes through an OutputSink, so tests can capture a session and
// colour can be decided in one place.
#pragma once

#include <string>
#include <string_view>

namespace ddblab::shell {

enum class Stream { kOut, kErr };

// Text styles; they only turn into escape codes when the sink has colour enabled.
enum class Style { kPlain, kHeader, kFooter, kWarning, kError, kDim };

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // Writes `text` as is (no newline added).
  virtual void Write(Stream stream, std::string_view text) = 0;

  void Out(std::string_view text) { Write(Stream::kOut, text); }
  void Err(std::string_view text) { Write(Stream::kErr, text); }
  // Writes `text` followed by a newline, styled when colour is on.
  void Line(std::string_view text, Style style = Style::kPlain);
  void ErrLine(std::string_view text, Style style = Style::kError);

  // Wraps `text` in the escape codes for `style` when colour is on; returns it unchanged otherwise.
  std::string Styled(std::string_view text, Style style) const;

  bool color() const { return color_; }
  void set_color(bool on) { color_ = on; }

 private:
  bool color_ = false;
};

// Writes to the process's stdout and stderr. Each write is flushed, so when both streams go to
// one pipe (2>&1) the lines keep the order in which the shell produced them.
class StdioSink : public OutputSink {
 public:
  void Write(Stream stream, std::string_view text) override;
};

// Collects everything into strings; for tests and for capturing a statement's output.
class CaptureSink : public OutputSink {
 public:
  void Write(Stream stream, std::string_view text) override;
  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }
  // Both streams interleaved in write order.
  const std::string& all() const { return all_; }
  void Clear();

 private:
  std::string out_, err_, all_;
};

// True when colour should be used on stdout: it is a terminal and NO_COLOR is unset or empty.
bool ColorWanted();

}  // namespace ddblab::shell
