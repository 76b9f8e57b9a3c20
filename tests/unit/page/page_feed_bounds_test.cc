// The live page's feed stays small whatever a session sends it (docs/page.md, "Events"): each text
// is cut and says so, the kept calls and events stay within their byte budget, and the session's
// spend is counted from its start, calls before the page included.
#include <catch2/catch.hpp>
#include <string>

#include "shell/views/event_feed.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;
using namespace std::chrono_literals;

TEST_CASE("a text longer than the limit keeps its start and says how many bytes were cut",
          "[page]") {
  CHECK(CutText("short", 10) == "short");
  CHECK(CutText(std::string(10, 'a'), 10) == std::string(10, 'a'));
  CHECK(CutText(std::string(12345 + 4, 'a'), 4) == "aaaa\u2026 (12,345 bytes cut)");
  // "é" is two bytes: a cut that would fall inside it backs up before it.
  CHECK(CutText("abc\u00e9def", 4) == "abc\u2026 (5 bytes cut)");
}

TEST_CASE("every text of an event is cut, at any depth", "[page]") {
  EventFeed feed;
  const std::string huge(1024 * 1024, 'x');
  feed.Publish("call", Json{{"statement", huge},
                            {"error", {{"type", "ValidationException"}, {"message", huge}}},
                            {"warnings", Json::array({huge})}});
  Json call = Json::parse(feed.CallsJson())["calls"][0];
  for (const std::string& text :
       {call["statement"].get<std::string>(), call["error"]["message"].get<std::string>(),
        call["warnings"][0].get<std::string>()}) {
    CHECK(text.size() < kMaxEventTextBytes + 40);
    CHECK(text.ends_with(" bytes cut)"));
  }
  CHECK(feed.After(0, 0ms).front().data.size() < 4 * kMaxEventTextBytes);
}

TEST_CASE("the kept calls and events stay within the byte budget, the newest kept", "[page]") {
  EventFeed feed(1000, 64 * 1024);
  for (int i = 0; i < 200; ++i) {
    feed.Publish("call", Json{{"statement", std::string(1000, 'q')}, {"n", i}});
  }
  const std::string calls_text = feed.CallsJson();
  Json calls = Json::parse(calls_text)["calls"];
  CHECK(calls_text.size() < 64 * 1024 + 200);
  CHECK(calls.size() < 200);
  CHECK(calls.back()["n"] == 199);
  std::vector<PageEvent> events = feed.After(0, 0ms);
  size_t bytes = 0;
  for (const PageEvent& e : events) bytes += e.data.size();
  CHECK(bytes <= 64 * 1024);
  CHECK(events.back().id == 200);
}

TEST_CASE("the session's spend counts calls that were not published, in exact half units",
          "[page]") {
  EventFeed feed;
  feed.Count(1, 0);  // 0.5 RCU, before the page started
  feed.Count(0, 4);  // 2 WCU
  feed.Publish("call", Json{{"rcu", 0.5}, {"wcu", 1.0}});
  Json call = Json::parse(feed.CallsJson())["calls"][0];
  CHECK(call["seq"] == 1);  // numbered among the published calls
  CHECK(call["session"] == Json{{"rcu", 1.0}, {"wcu", 3.0}, {"calls", 3}});
  CHECK(Json::parse(feed.CallsJson())["session"] == call["session"]);
}

}  // namespace
}  // namespace ddblab::shell::page
