#include "shell/views/event_feed.h"

#include <cmath>
#include <utility>

namespace ddblab::shell::page {
namespace {

std::string WithCommas(size_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Every string in `j`, at any depth, cut to kMaxEventTextBytes: the class of text, not a list of
// members, so a text added to a call later is bounded too.
void CutTexts(wire::Json& j) {
  if (j.is_string()) {
    std::string& s = j.get_ref<std::string&>();
    if (s.size() > kMaxEventTextBytes) s = CutText(s);
  } else if (j.is_structured()) {
    for (wire::Json& v : j) CutTexts(v);
  }
}

int64_t HalfUnits(const wire::Json& call, const char* member) {
  auto it = call.find(member);
  return it != call.end() && it->is_number() ? std::llround(it->get<double>() * 2) : 0;
}

}  // namespace

std::string CutText(const std::string& text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t cut = max_bytes;
  // Not inside a character: back up over UTF-8 continuation bytes.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "\u2026 (" + WithCommas(text.size() - cut) + " bytes cut)";
}

wire::Json EventFeed::SpendJson() const {
  return {{"rcu", static_cast<double>(spend_.read_half_units) / 2.0},
          {"wcu", static_cast<double>(spend_.write_half_units) / 2.0},
          {"calls", spend_.calls}};
}

void EventFeed::Count(int64_t read_half_units, int64_t write_half_units) {
  std::lock_guard<std::mutex> lock(mutex_);
  spend_.read_half_units += read_half_units;
  spend_.write_half_units += write_half_units;
  ++spend_.calls;
}

void EventFeed::Publish(const std::string& type, wire::Json data) {
  CutTexts(data);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const bool call = type == "call";
    if (call) {
      data["seq"] = next_call_++;
      spend_.read_half_units += HalfUnits(data, "rcu");
      spend_.write_half_units += HalfUnits(data, "wcu");
      ++spend_.calls;
      data["session"] = SpendJson();
    }
    auto text = std::make_shared<const std::string>(
        data.dump(-1, ' ', false, wire::Json::error_handler_t::replace));
    const size_t bytes = text->size();
    if (call) {
      calls_.push_back(text);
      call_bytes_ += bytes;
      // The newest call is always kept: it is one call's worth of cut texts.
      while (calls_.size() > 1 && (calls_.size() > keep_ || call_bytes_ > max_bytes_)) {
        call_bytes_ -= calls_.front()->size();
        calls_.pop_front();
      }
    }
    events_.push_back({next_id_++, type, std::move(text)});
    event_bytes_ += bytes;
    while (events_.size() > 1 && (events_.size() > keep_ || event_bytes_ > max_bytes_)) {
      event_bytes_ -= events_.front().data->size();
      events_.pop_front();
    }
  }
  arrived_.notify_all();
}

std::vector<PageEvent> EventFeed::After(uint64_t after, std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  arrived_.wait_for(lock, wait, [&] { return next_id_ - 1 > after; });
  std::vector<PageEvent> out;
  for (const Kept& e : events_) {
    if (e.id > after) out.push_back({e.id, e.type, *e.data});
  }
  return out;
}

uint64_t EventFeed::last_id() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return next_id_ - 1;
}

std::string EventFeed::CallsJson() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string out;
  out.reserve(call_bytes_ + calls_.size() + 100);
  out += "{\"calls\":[";
  for (size_t i = 0; i < calls_.size(); ++i) {
    if (i > 0) out += ',';
    out += *calls_[i];
  }
  out += "],\"last_event\":" + std::to_string(next_id_ - 1) + ",\"session\":" + SpendJson().dump() +
         "}";
  return out;
}

}  // namespace ddblab::shell::page
