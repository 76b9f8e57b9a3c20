// Wraps dot-command text as JSON objects in jsonl mode (jsonl_text_sink.h).
#include "shell/render/jsonl_text_sink.h"

#include "ddblab/wire.h"

namespace ddblab::shell {

JsonlTextSink::JsonlTextSink(OutputSink& out, std::function<bool()> active)
    : out_(out), active_(std::move(active)) {
  set_color(out.color());
}

void JsonlTextSink::Write(Stream stream, std::string_view text) {
  if (stream != Stream::kOut || raw_depth_ > 0 || !active_()) {
    out_.Write(stream, text);
    return;
  }
  for (;;) {
    size_t nl = text.find('\n');
    if (nl == std::string_view::npos) {
      partial_ += text;
      return;
    }
    partial_ += text.substr(0, nl);
    EmitLine(partial_);
    partial_.clear();
    text.remove_prefix(nl + 1);
  }
}

void JsonlTextSink::EmitLine(std::string_view line) {
  wire::Json j = wire::Json::object();
  if (!command_.empty()) j["command"] = command_;
  // Valid UTF-8 is kept; anything else is replaced rather than refused.
  j["text"] = std::string(line);
  out_.Write(Stream::kOut, j.dump(-1, ' ', false, wire::Json::error_handler_t::replace) + "\n");
}

void JsonlTextSink::Flush() {
  if (partial_.empty()) return;
  std::string rest = std::move(partial_);
  partial_.clear();
  EmitLine(rest);
}

std::string JsonlTextSink::BeginCommand(std::string command) {
  Flush();
  std::string previous = std::move(command_);
  command_ = std::move(command);
  return previous;
}

}  // namespace ddblab::shell
