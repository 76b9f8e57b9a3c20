// A std::streambuf over an OutputSink: Lua code's print and the lab's std::ostream messages go
// to the shell's sink (standard output), so tests capture them with everything else.
#pragma once

#include <streambuf>
#include <string_view>

#include "shell/render/output.h"

namespace ddblab::lab {

class SinkStreambuf : public std::streambuf {
 public:
  explicit SinkStreambuf(shell::OutputSink& sink) : sink_(sink) {}

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      char ch = static_cast<char>(c);
      sink_.Out(std::string_view(&ch, 1));
    }
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    sink_.Out(std::string_view(s, static_cast<size_t>(n)));
    return n;
  }

 private:
  shell::OutputSink& sink_;
};

}  // namespace ddblab::lab
