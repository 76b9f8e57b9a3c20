// The three views of a simulation: JSON (the contract outside checks read), a terminal heat map
// and an SVG heat map with a throttled-requests-per-second plot.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "ddblab/wire.h"
#include "simulation/simulate.h"
#include "xml_escape.h"

namespace ddblab::lab::simulate {
namespace {

std::string ResourceName(const ThroughputResource& r) {
  return r.index.empty() ? r.table : r.table + " (index " + r.index + ")";
}

// How full a partition was in one second: the larger of its read and write use against the
// partition ceilings (3,000 RCU, 1,000 WCU), from 0 to 1.
double Utilisation(const ThroughputCounts& c) {
  return std::min(1.0, std::max(c.consumed_rcu / 3000.0, c.consumed_wcu / 1000.0));
}

// One dense row per partition: seconds [0, n).
std::vector<ThroughputCounts> Dense(const ThroughputPartition& p, int64_t n) {
  std::vector<ThroughputCounts> row(static_cast<size_t>(n));
  for (const ThroughputSecond& s : p.seconds) row[static_cast<size_t>(s.second)] = s;
  return row;
}

std::string Number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// A count axis from 0 to `top` in steps of `step` (1, 2 or 5 times a power of ten, at least 1),
// with `top` at least a tenth above the peak.
struct AxisScale {
  int64_t step = 1;
  int64_t top = 1;
};
AxisScale ScaleFor(int64_t peak) {
  const double target = std::max(1.0, static_cast<double>(peak) * 1.1);
  int64_t step = 1;
  for (int64_t magnitude = 1; step * 5 < target; magnitude *= 10) {
    for (int64_t m : {1, 2, 5}) {
      step = m * magnitude;
      if (step * 5 >= target) break;
    }
  }
  AxisScale scale;
  scale.step = step;
  scale.top = static_cast<int64_t>(std::ceil(target / static_cast<double>(step))) * step;
  if (scale.top <= peak) scale.top += step;
  return scale;
}

std::vector<int64_t> ThrottledPerSecond(const SimulationResult& r) {
  std::vector<int64_t> v(static_cast<size_t>(r.seconds), 0);
  for (const auto& res : r.resources) {
    for (const auto& p : res.partitions) {
      for (const auto& s : p.seconds) v[static_cast<size_t>(s.second)] += s.throttled;
    }
  }
  return v;
}

}  // namespace

std::string RenderJson(const SimulationResult& r) { return ResultJson(r).dump() + "\n"; }

wire::Json ResultJson(const SimulationResult& r) {
  wire::Json j = wire::Json::object();
  j["seconds"] = r.seconds;
  j["requests"] = r.requests;
  j["throttled"] = r.throttled;
  j["errors"] = r.errors;
  if (!r.first_error.empty()) j["first_error"] = r.first_error;
  if (r.streams.present) {
    const StreamTotals& st = r.streams;
    wire::Json sj{{"invocations", st.invocations},
                  {"records", st.records},
                  {"filtered", st.filtered},
                  {"failed", st.failed},
                  {"discarded", st.discarded},
                  {"calls", st.calls},
                  {"writes", st.writes},
                  {"capacity", st.capacity},
                  {"pending", st.pending},
                  {"max_iterator_age", st.max_iterator_age},
                  {"iterator_age", st.iterator_age}};
    if (!st.first_error.empty()) sj["first_error"] = st.first_error;
    j["streams"] = std::move(sj);
  }
  wire::Json tables = wire::Json::array();
  for (const auto& res : r.resources) {
    wire::Json t = wire::Json::object();
    t["table"] = res.table;
    t["index"] = res.index.empty() ? wire::Json(nullptr) : wire::Json(res.index);
    t["billing_mode"] = res.on_demand ? "PAY_PER_REQUEST" : "PROVISIONED";
    if (!res.on_demand) {
      t["read_capacity_units"] = res.read_capacity_units;
      t["write_capacity_units"] = res.write_capacity_units;
    }
    wire::Json parts = wire::Json::array();
    for (const auto& p : res.partitions) {
      wire::Json pj = wire::Json::object();
      pj["partition"] = p.partition;
      pj["requests"] = p.requests;
      pj["throttled"] = p.throttled;
      pj["consumed_rcu"] = p.consumed_rcu;
      pj["consumed_wcu"] = p.consumed_wcu;
      wire::Json series = wire::Json::array();
      auto row = Dense(p, r.seconds);
      for (size_t sec = 0; sec < row.size(); ++sec) {
        const ThroughputCounts& c = row[sec];
        series.push_back(wire::Json{{"second", sec},
                                    {"requests", c.requests},
                                    {"throttled", c.throttled},
                                    {"consumed_rcu", c.consumed_rcu},
                                    {"consumed_wcu", c.consumed_wcu}});
      }
      pj["series"] = std::move(series);
      parts.push_back(std::move(pj));
    }
    t["partitions"] = std::move(parts);
    tables.push_back(std::move(t));
  }
  j["tables"] = std::move(tables);
  return j;
}

std::string RenderText(const SimulationResult& r) {
  std::ostringstream out;
  double share = r.requests > 0
                     ? 100.0 * static_cast<double>(r.throttled) / static_cast<double>(r.requests)
                     : 0.0;
  out << r.requests << " requests in " << r.seconds << " virtual seconds: " << r.throttled
      << " throttled (" << Number(share) << "%)";
  if (r.errors > 0) out << ", " << r.errors << " failed otherwise";
  out << "\n";
  if (!r.first_error.empty()) out << "first failure: " << r.first_error << "\n";
  const StreamTotals& st = r.streams;
  if (st.present) {
    out << "stream handlers: " << st.invocations << " invocations, " << st.records << " records, "
        << st.filtered << " filtered out, " << st.failed << " failed invocations, " << st.discarded
        << " records discarded; their " << st.calls << " calls wrote " << st.writes << " items for "
        << Number(st.capacity) << " capacity units; iterator age up to "
        << Number(st.max_iterator_age) << " s";
    if (st.pending > 0) out << ", " << st.pending << " records still waiting at the end";
    out << "\n";
    if (!st.first_error.empty()) out << "first handler failure: " << st.first_error << "\n";
  }
  out << RenderHeatmap(r, "");
  return out.str();
}

std::string RenderHeatmap(const SimulationResult& r, const std::string& table) {
  std::ostringstream out;
  // Columns: at most 60, each covering a whole number of seconds.
  int64_t per_column = std::max<int64_t>(1, (r.seconds + 59) / 60);
  int64_t columns = (r.seconds + per_column - 1) / per_column;
  static const char kShades[] = " .:-=+*#%@";
  bool shown = false;
  for (const auto& res : r.resources) {
    if (!table.empty() && res.table != table) continue;
    shown = true;
    out << "\n"
        << ResourceName(res) << " ("
        << (res.on_demand ? std::string("on demand")
                          : std::to_string(res.read_capacity_units) + " RCU, " +
                                std::to_string(res.write_capacity_units) + " WCU")
        << ", " << res.partitions.size() << " partitions; one column = " << per_column
        << " s; shade = share of the partition ceiling, ! = throttled)\n";
    for (const auto& p : res.partitions) {
      auto row = Dense(p, r.seconds);
      char label[16];
      std::snprintf(label, sizeof label, "p%-3d |", p.partition);
      out << label;
      for (int64_t c = 0; c < columns; ++c) {
        double util = 0;
        int64_t throttled = 0, n = 0;
        for (int64_t s = c * per_column; s < std::min(r.seconds, (c + 1) * per_column); ++s) {
          util += Utilisation(row[static_cast<size_t>(s)]);
          throttled += row[static_cast<size_t>(s)].throttled;
          ++n;
        }
        util = n > 0 ? util / static_cast<double>(n) : 0;
        int shade = static_cast<int>(std::lround(util * 9));
        out << (throttled > 0 ? '!' : kShades[std::clamp(shade, 0, 9)]);
      }
      out << "| " << p.requests << " req, " << p.throttled << " throttled, "
          << Number(p.consumed_wcu) << " WCU, " << Number(p.consumed_rcu) << " RCU\n";
    }
    // The time axis: a tick every ten columns, labelled in virtual seconds.
    std::string ticks = "      ", labels = "      ";
    for (int64_t c = 0; c < columns; ++c) {
      ticks += c % 10 == 0 ? '|' : '-';
      if (c % 10 == 0 && static_cast<int64_t>(labels.size()) <= 6 + c) {
        labels.resize(static_cast<size_t>(6 + c), ' ');
        labels += std::to_string(c * per_column) + "s";
      }
    }
    out << ticks << "\n" << labels << "  (virtual seconds)\n";
  }
  if (shown) {
    // Every picture explains its own encoding.
    out << "\nshade = average share of the partition's ceiling (1,000 WCU and 3,000 RCU a "
           "second) in that column:\n ";
    for (int i = 0; i <= 9; ++i) {
      out << " '" << kShades[i] << "' "
          << (i == 0 ? std::string("idle") : std::to_string((i * 100 + 4) / 9) + "%");
    }
    out << "\n  '!' some requests in that column were throttled\n";
  }
  return out.str();
}

std::string RenderSvg(const SimulationResult& r) {
  const int cell_w = std::max(2, 720 / static_cast<int>(std::max<int64_t>(1, r.seconds)));
  const int cell_h = 16, left = 190, top = 40, gap = 28;
  int rows = 0;
  for (const auto& res : r.resources) rows += static_cast<int>(res.partitions.size());
  int map_w = cell_w * static_cast<int>(r.seconds);
  int plot_h = 140;
  int height = top + rows * cell_h + gap * static_cast<int>(r.resources.size()) + plot_h + 140;
  int width = left + map_w + 40;
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\" "
    << "font-size=\"11\">\n"
    << "<title>ddblab simulate: " << r.requests << " requests, " << r.throttled
    << " throttled</title>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"10\" y=\"20\" font-size=\"14\">" << r.requests << " requests in " << r.seconds
    << " virtual seconds, " << r.throttled << " throttled</text>\n";
  int y = top;
  o << "<g id=\"heatmap\">\n";
  for (const auto& res : r.resources) {
    o << "<text x=\"10\" y=\"" << y + 12 << "\" font-weight=\"bold\">"
      << lab::XmlEscape(ResourceName(res)) << "</text>\n";
    y += gap - 8;
    for (const auto& p : res.partitions) {
      o << "<text x=\"10\" y=\"" << y + 12 << "\">partition " << p.partition << "</text>\n";
      auto row = Dense(p, r.seconds);
      for (int64_t s = 0; s < r.seconds; ++s) {
        const ThroughputCounts& c = row[static_cast<size_t>(s)];
        double u = Utilisation(c);
        // White (idle) to dark blue (at the ceiling); throttled seconds in red.
        int shade = static_cast<int>(std::lround(255 - u * 200));
        std::string fill = c.throttled > 0 ? "rgb(220,30,30)"
                                           : "rgb(" + std::to_string(shade) + "," +
                                                 std::to_string(shade) + ",255)";
        o << "<rect class=\"cell\" x=\"" << left + s * cell_w << "\" y=\"" << y << "\" width=\""
          << cell_w << "\" height=\"" << cell_h - 2 << "\" fill=\"" << fill
          << "\" data-partition=\"" << p.partition << "\" data-second=\"" << s
          << "\" data-throttled=\"" << c.throttled << "\"><title>"
          << lab::XmlEscape(ResourceName(res)) << " partition " << p.partition << ", second " << s
          << ": " << c.requests << " requests, " << c.throttled << " throttled, "
          << Number(c.consumed_wcu) << " WCU, " << Number(c.consumed_rcu)
          << " RCU</title></rect>\n";
      }
      y += cell_h;
    }
    y += 8;
  }
  o << "</g>\n";
  // The time axis and the colour legend, in words as well as colours.
  o << "<g id=\"axis\">\n";
  const int64_t tick_every = std::max<int64_t>(1, (r.seconds + 9) / 10);
  for (int64_t s = 0; s < r.seconds; s += tick_every) {
    int x = left + static_cast<int>(s) * cell_w;
    o << "<line x1=\"" << x << "\" y1=\"" << y << "\" x2=\"" << x << "\" y2=\"" << y + 4
      << "\" stroke=\"black\"/>\n<text x=\"" << x << "\" y=\"" << y + 14
      << "\" text-anchor=\"middle\">" << s << "</text>\n";
  }
  o << "<text x=\"" << left + map_w / 2 << "\" y=\"" << y + 28
    << "\" text-anchor=\"middle\">virtual seconds</text>\n</g>\n";
  y += 36;
  o << "<g id=\"legend\">\n<text x=\"10\" y=\"" << y + 11
    << "\">cell colour: share of the partition's ceiling used that second</text>\n";
  int lx = left + 150;
  for (int pct : {0, 50, 100}) {
    int shade = static_cast<int>(std::lround(255 - pct * 2.0));
    o << "<rect x=\"" << lx << "\" y=\"" << y << "\" width=\"14\" height=\"14\" fill=\"rgb("
      << shade << "," << shade << ",255)\" stroke=\"gray\"/><text x=\"" << lx + 18 << "\" y=\""
      << y + 11 << "\">" << pct << "%</text>\n";
    lx += 60;
  }
  o << "<rect x=\"" << lx << "\" y=\"" << y
    << "\" width=\"14\" height=\"14\" fill=\"rgb(220,30,30)\" stroke=\"gray\"/><text x=\""
    << lx + 18 << "\" y=\"" << y + 11 << "\">throttled (red)</text>\n</g>\n";
  y += 24;
  // Throttled requests per second, on a y axis with headroom above the peak: a steady rate (the
  // 500/s a hot partition throttles) is a line inside the plot, not on its top edge.
  std::vector<int64_t> per_second = ThrottledPerSecond(r);
  const int64_t peak =
      per_second.empty() ? 0 : *std::max_element(per_second.begin(), per_second.end());
  const AxisScale scale = ScaleFor(peak);
  int base = y + 34 + plot_h;  // the title, then room for the top tick label
  auto y_of = [&](double v) { return base - v / static_cast<double>(scale.top) * plot_h; };
  o << "<g id=\"throttled\">\n"
    << "<text x=\"10\" y=\"" << y + 14 << "\" font-weight=\"bold\">throttled requests per second "
    << "(peak " << peak << ")</text>\n"
    << "<rect class=\"plot-area\" x=\"" << left << "\" y=\"" << base - plot_h << "\" width=\""
    << map_w << "\" height=\"" << plot_h << "\" fill=\"none\" stroke=\"rgb(200,200,200)\"/>\n";
  for (int64_t v = scale.step; v < scale.top; v += scale.step) {
    o << "<line class=\"grid\" x1=\"" << left << "\" y1=\"" << Number(y_of(v)) << "\" x2=\""
      << left + map_w << "\" y2=\"" << Number(y_of(v)) << "\" stroke=\"rgb(230,230,230)\"/>\n";
  }
  for (int64_t v = 0; v <= scale.top; v += scale.step) {
    o << "<text class=\"y-tick\" x=\"" << left - 6 << "\" y=\"" << Number(y_of(v) + 4)
      << "\" text-anchor=\"end\">" << v << "</text>\n";
  }
  o << "<line x1=\"" << left << "\" y1=\"" << base << "\" x2=\"" << left + map_w << "\" y2=\""
    << base << "\" stroke=\"black\"/>\n"
    << "<line x1=\"" << left << "\" y1=\"" << base - plot_h << "\" x2=\"" << left << "\" y2=\""
    << base << "\" stroke=\"black\"/>\n";
  // The same seconds as the heat map's axis, so the two pictures line up.
  for (int64_t s = 0; s < r.seconds; s += tick_every) {
    int x = left + static_cast<int>(s) * cell_w;
    o << "<line x1=\"" << x << "\" y1=\"" << base << "\" x2=\"" << x << "\" y2=\"" << base + 4
      << "\" stroke=\"black\"/>\n<text class=\"x-tick\" x=\"" << x << "\" y=\"" << base + 16
      << "\" text-anchor=\"middle\">" << s << "</text>\n";
  }
  o << "<text x=\"10\" y=\"" << base - plot_h / 2 << "\">throttled requests/s</text>\n"
    << "<text x=\"" << left + map_w / 2 << "\" y=\"" << base + 32
    << "\" text-anchor=\"middle\">virtual seconds</text>\n"
    << "<polyline class=\"throttled\" fill=\"none\" stroke=\"rgb(220,30,30)\" points=\"";
  for (size_t s = 0; s < per_second.size(); ++s) {
    o << (s ? " " : "") << left + static_cast<int>(s) * cell_w + cell_w / 2 << ","
      << Number(y_of(static_cast<double>(per_second[s])));
  }
  o << "\"/>\n</g>\n</svg>\n";
  return o.str();
}

}  // namespace ddblab::lab::simulate
