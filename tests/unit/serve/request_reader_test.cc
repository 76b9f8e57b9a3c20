// The server's incremental request reader: requests arrive in pieces and come out whole, within
// the head and body limits. DynamoDB: "Service, account, and table quotas" (16 MB request body);
// RFC 9112 for the framing.
#include "shell/serve/request_reader.h"

#include <catch2/catch.hpp>
#include <string>

using ddblab::shell::serve::ReaderLimits;
using ddblab::shell::serve::ReadStatus;
using ddblab::shell::serve::RequestReader;

TEST_CASE("A request fed one byte at a time comes out whole, with its body") {
  const std::string wire =
      "POST /?x=1 HTTP/1.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
      "Content-Length: 2\r\n\r\n{}";
  RequestReader reader;
  std::string input;
  ReadStatus status = ReadStatus::kNeedMore;
  for (size_t i = 0; i < wire.size(); ++i) {
    CHECK(status == ReadStatus::kNeedMore);
    input += wire[i];
    status = reader.Feed(input);
  }
  REQUIRE(status == ReadStatus::kComplete);
  auto request = reader.Take();
  CHECK(request.method == "POST");
  CHECK(request.path == "/");
  CHECK(request.Header("x-amz-target") == "DynamoDB_20120810.ListTables");
  CHECK(request.body == "{}");
  CHECK(request.KeepAlive());
  CHECK_FALSE(reader.Started());
}

TEST_CASE("Pipelined requests are read one after the other") {
  std::string input =
      "POST / HTTP/1.1\r\nContent-Length: 1\r\n\r\nA"
      "POST / HTTP/1.0\r\nContent-Length: 1\r\n\r\nB";
  RequestReader reader;
  REQUIRE(reader.Feed(input) == ReadStatus::kComplete);
  CHECK(reader.Take().body == "A");
  REQUIRE(reader.Feed(input) == ReadStatus::kComplete);
  auto second = reader.Take();
  CHECK(second.body == "B");
  CHECK_FALSE(second.KeepAlive());  // HTTP/1.0 closes unless asked to keep alive
  CHECK(input.empty());
}

TEST_CASE("A chunked body is decoded, extensions and trailers skipped") {
  std::string input =
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
      "3;ext=1\r\n{\"a\r\n4\r\n\":1}\r\n0\r\nTrailer: x\r\n\r\n";
  RequestReader reader;
  REQUIRE(reader.Feed(input) == ReadStatus::kComplete);
  CHECK(reader.Take().body == "{\"a\":1}");
}

TEST_CASE("A body over the limit is refused before it is read, by length or by chunks") {
  ReaderLimits limits;
  limits.max_body_bytes = 10;
  RequestReader by_length(limits);
  std::string input = "POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n";
  CHECK(by_length.Feed(input) == ReadStatus::kBodyTooLarge);
  RequestReader by_chunks(limits);
  input = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\n";
  CHECK(by_chunks.Feed(input) == ReadStatus::kBodyTooLarge);
  RequestReader huge(limits);
  input = "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n";
  CHECK(huge.Feed(input) == ReadStatus::kBadRequest);  // more digits than any size
}

TEST_CASE("A head over the limit is refused even before its end arrives") {
  ReaderLimits limits;
  limits.max_head_bytes = 64;
  RequestReader reader(limits);
  std::string input = "POST / HTTP/1.1\r\nX: " + std::string(100, 'a');
  CHECK(reader.Feed(input) == ReadStatus::kHeadTooLarge);
}

TEST_CASE("Malformed heads and double framing are bad requests") {
  for (std::string input : {std::string("GARBAGE\r\n\r\n"), std::string("GET / HTTP/2.0\r\n\r\n"),
                            std::string("POST / HTTP/1.1\r\nno colon\r\n\r\n"),
                            std::string("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"),
                            std::string("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n"),
                            std::string("POST / HTTP/1.1\r\nContent-Length: 1\r\n"
                                        "Transfer-Encoding: chunked\r\n\r\n"),
                            // RFC 9112 6.3: two different lengths cannot be framed safely.
                            std::string("POST / HTTP/1.1\r\nContent-Length: 1\r\n"
                                        "content-length: 2\r\n\r\nAB")}) {
    RequestReader reader;
    CAPTURE(input);
    CHECK(reader.Feed(input) == ReadStatus::kBadRequest);
  }
}

TEST_CASE("A Content-Length repeated with the same value is one length (RFC 9112 6.3)") {
  std::string input = "POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}";
  RequestReader reader;
  REQUIRE(reader.Feed(input) == ReadStatus::kComplete);
  CHECK(reader.Take().body == "{}");
}

TEST_CASE("Expect: 100-continue is asked for once, after the head") {
  std::string input = "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n";
  RequestReader reader;
  CHECK(reader.Feed(input) == ReadStatus::kNeedMore);
  CHECK(reader.WantsContinue());
  reader.ContinueSent();
  CHECK_FALSE(reader.WantsContinue());
  input = "{}";
  CHECK(reader.Feed(input) == ReadStatus::kComplete);
}
