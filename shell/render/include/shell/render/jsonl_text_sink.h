// In jsonl mode every line on stdout is one JSON object, also when a dot-command prints text
// (.print, .generate, .partitions, .tables, ...): such text is wrapped line by line as
// {"command": ".print hi", "text": "hi"}. Statements write their own objects straight through
// (RawScope). stderr is left as it is.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "shell/render/output.h"

namespace ddblab::shell {

class JsonlTextSink : public OutputSink {
 public:
  // `active` says whether jsonl is the output mode now.
  JsonlTextSink(OutputSink& out, std::function<bool()> active);
  void Write(Stream stream, std::string_view text) override;

  // The dot-command whose text is being wrapped (named in each object); flushes the text of the
  // one before and returns its name, so a nested command (under .read) can give it back.
  std::string BeginCommand(std::string command);
  // Wraps what is left of an unfinished line.
  void Flush();
  // The sink it writes to (the process's stdio, or a capture in tests).
  OutputSink& inner() { return out_; }

  // While one lives, stdout text is a statement's own JSON and passes unchanged.
  class RawScope {
   public:
    explicit RawScope(JsonlTextSink& sink) : sink_(sink) { ++sink_.raw_depth_; }
    ~RawScope() { --sink_.raw_depth_; }
    RawScope(const RawScope&) = delete;
    RawScope& operator=(const RawScope&) = delete;

   private:
    JsonlTextSink& sink_;
  };

 private:
  void EmitLine(std::string_view line);

  OutputSink& out_;
  std::function<bool()> active_;
  std::string command_;
  std::string partial_;  // text of the current line not yet ended by a newline
  int raw_depth_ = 0;
};

}  // namespace ddblab::shell
