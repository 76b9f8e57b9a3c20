// The renderers of the one result model: text for people, our JSON for tools, Gradescope's
// results.json, GitHub Classroom's reporter result and JUnit XML for course platforms and CI.
// Hidden checks never show their message unless an instructor asks for it.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "grading/grader.h"
#include "xml_escape.h"

namespace ddblab::grade {

namespace {

constexpr const char* kHiddenMessage =
    "This check is hidden until after the due date; its feedback is not shown.";

std::string Points(double p) {
  char buf[32];
  if (std::fabs(p - std::round(p)) < 1e-9) {
    std::snprintf(buf, sizeof buf, "%.0f", p);
  } else {
    std::snprintf(buf, sizeof buf, "%.2f", p);
  }
  return buf;
}

std::string VisibleMessage(const CheckResult& c, bool reveal) {
  if (c.visibility == Visibility::kHidden && !reveal) return kHiddenMessage;
  return c.message;
}

std::string ReportSeconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

}  // namespace

std::string RenderText(const Report& r, bool reveal_hidden) {
  std::ostringstream o;
  o << "exercise " << r.exercise;
  if (!r.exercise_title.empty() && r.exercise_title != r.exercise)
    o << " (" << r.exercise_title << ")";
  o << "\nsolution " << r.solution << "\nseed " << r.seed << "\n";
  if (!r.database.empty()) o << "graded on " << r.database << "\n";
  for (const auto& p : r.problems) o << "warning: " << p << "\n";
  if (!r.error.empty()) o << "grader error: " << r.error << "\n";
  for (const auto& c : r.checks) {
    const char* mark = c.status == CheckStatus::kPassed    ? "PASS"
                       : c.status == CheckStatus::kSkipped ? "SKIP"
                       : c.status == CheckStatus::kTimeout ? "TIME"
                       : c.status == CheckStatus::kError   ? "ERR "
                                                           : "FAIL";
    o << mark << "  " << Points(c.points) << "/" << Points(c.max_points) << "  " << c.id << "  "
      << c.title << (c.visibility == Visibility::kHidden ? "  [hidden]" : "") << "\n";
    std::string msg = c.status == CheckStatus::kPassed && c.visibility == Visibility::kVisible
                          ? std::string()
                          : VisibleMessage(c, reveal_hidden);
    if (c.status == CheckStatus::kPassed && c.visibility == Visibility::kHidden && !reveal_hidden)
      msg.clear();
    std::istringstream lines(msg);
    std::string line;
    while (std::getline(lines, line)) o << "      " << line << "\n";
  }
  o << "score " << Points(r.score()) << "/" << Points(r.max_score()) << "  (seed " << r.seed;
  if (const size_t n = r.unavailable_checks(); n > 0) {
    o << "; " << n << (n == 1 ? " check" : " checks") << " worth " << Points(r.unavailable_points())
      << " points skipped: they need ddblab's own engine";
  }
  o << ")\n";
  // On an endpoint the capacity is the service's, and on DynamoDB it is billed.
  if (!r.database.empty()) {
    o << "consumed " << Points(r.read_units) << " RCU, " << Points(r.write_units)
      << " WCU at the endpoint\n";
  }
  return o.str();
}

wire::Json ReportToJson(const Report& r, bool reveal_hidden) {
  wire::Json j = wire::Json::object();
  j["format"] = "ddblab-grade/1";
  j["exercise"] = r.exercise;
  j["exercise_title"] = r.exercise_title;
  j["solution"] = r.solution;
  j["seed"] = r.seed;
  j["score"] = r.score();
  j["max_score"] = r.max_score();
  j["error"] = r.error.empty() ? wire::Json(nullptr) : wire::Json(r.error);
  j["problems"] = r.problems;
  j["seconds"] = r.seconds;
  j["consumed"] = wire::Json{{"read_units", r.read_units}, {"write_units", r.write_units}};
  if (!r.database.empty()) {
    // Graded elsewhere than on ddblab's own engine: what could not be graded there.
    j["database"] = r.database;
    j["unavailable_checks"] = r.unavailable_checks();
    j["unavailable_points"] = r.unavailable_points();
  }
  wire::Json checks = wire::Json::array();
  for (const auto& c : r.checks) {
    wire::Json cj = wire::Json::object();
    cj["id"] = c.id;
    cj["title"] = c.title;
    cj["points"] = c.points;
    cj["max_points"] = c.max_points;
    cj["status"] = std::string(CheckStatusName(c.status));
    cj["message"] = VisibleMessage(c, reveal_hidden);
    cj["visibility"] = std::string(VisibilityName(c.visibility));
    cj["depends"] = c.depends;
    cj["seconds"] = c.seconds;
    if (c.unavailable) {
      cj["unavailable"] = true;
      cj["unavailable_points"] = c.unavailable_points;
    }
    checks.push_back(cj);
  }
  j["checks"] = checks;
  return j;
}

Report ReportFromJson(const wire::Json& j) {
  Report r;
  auto s = [&](const wire::Json& o, const char* k) {
    return o.contains(k) && o[k].is_string() ? o[k].get<std::string>() : std::string();
  };
  auto d = [&](const wire::Json& o, const char* k) {
    return o.contains(k) && o[k].is_number() ? o[k].get<double>() : 0.0;
  };
  r.exercise = s(j, "exercise");
  r.exercise_title = s(j, "exercise_title");
  r.solution = s(j, "solution");
  r.seed = j.contains("seed") && j["seed"].is_number_unsigned() ? j["seed"].get<uint64_t>() : 0;
  r.error = s(j, "error");
  r.seconds = d(j, "seconds");
  r.database = s(j, "database");
  if (j.contains("consumed") && j["consumed"].is_object()) {
    r.read_units = d(j["consumed"], "read_units");
    r.write_units = d(j["consumed"], "write_units");
  }
  if (j.contains("problems") && j["problems"].is_array()) {
    for (const auto& p : j["problems"]) {
      if (p.is_string()) r.problems.push_back(p.get<std::string>());
    }
  }
  if (j.contains("checks") && j["checks"].is_array()) {
    for (const auto& cj : j["checks"]) {
      CheckResult c;
      c.id = s(cj, "id");
      c.title = s(cj, "title");
      c.points = d(cj, "points");
      c.max_points = d(cj, "max_points");
      std::string st = s(cj, "status");
      c.status = CheckStatus::kError;
      for (CheckStatus k : {CheckStatus::kPassed, CheckStatus::kFailed, CheckStatus::kError,
                            CheckStatus::kSkipped, CheckStatus::kTimeout}) {
        if (st == CheckStatusName(k)) c.status = k;
      }
      c.message = s(cj, "message");
      c.visibility = s(cj, "visibility") == "hidden" ? Visibility::kHidden : Visibility::kVisible;
      if (cj.contains("depends") && cj["depends"].is_array()) {
        for (const auto& x : cj["depends"]) {
          if (x.is_string()) c.depends.push_back(x.get<std::string>());
        }
      }
      c.seconds = d(cj, "seconds");
      c.unavailable = cj.contains("unavailable") && cj["unavailable"].is_boolean() &&
                      cj["unavailable"].get<bool>();
      c.unavailable_points = d(cj, "unavailable_points");
      r.checks.push_back(std::move(c));
    }
  }
  return r;
}

wire::Json ReportToGradescope(const Report& r) {
  // Gradescope: results.json with score, output, tests[{name, score, max_score, status,
  // output, visibility}]; "after_due_date" hides a test until then.
  wire::Json j = wire::Json::object();
  j["score"] = r.score();
  // Several solutions give several results: each names the file it graded.
  std::string output = "Solution " + r.solution + ": exercise " + r.exercise +
                       ", data variant (seed) " + std::to_string(r.seed) + ".";
  if (!r.error.empty()) output += "\nThe grader could not finish: " + r.error;
  for (const auto& p : r.problems) output += "\nWarning: " + p;
  // Gradescope shows a test as passed or failed, and these are neither: they are named here
  // instead of as tests.
  for (const auto& c : r.checks) {
    if (c.unavailable) output += "\nNot graded on this endpoint: " + c.id + " (" + c.message + ")";
  }
  j["output"] = output;
  j["visibility"] = "visible";
  j["stdout_visibility"] = "hidden";
  wire::Json tests = wire::Json::array();
  for (const auto& c : r.checks) {
    if (c.unavailable) continue;
    wire::Json t = wire::Json::object();
    t["name"] = c.id + ": " + c.title;
    t["number"] = c.id;
    t["score"] = c.points;
    t["max_score"] = c.max_points;
    t["status"] = c.status == CheckStatus::kPassed ? "passed" : "failed";
    std::string out = VisibleMessage(c, false);
    // Gradescope knows only passed and failed: the real status (skipped, timeout, error) leads
    // the output, for hidden checks too, so every format tells the same status.
    if (c.status != CheckStatus::kPassed) {
      out = "[" + std::string(CheckStatusName(c.status)) + "] " + out;
    }
    t["output"] = out;
    t["visibility"] = c.visibility == Visibility::kHidden ? "after_due_date" : "visible";
    tests.push_back(t);
  }
  j["tests"] = tests;
  return j;
}

wire::Json ReportToClassroom(const Report& r) {
  // classroom-resources/autograding-grading-reporter: NotifyClassroom sums tests[].score out of
  // max_score; ConsoleResults prints each test's name, and the message of those not "pass"; the
  // step fails on status "fail" or "error".
  wire::Json j = wire::Json::object();
  j["version"] = 1;
  const bool full = r.error.empty() && r.score() >= r.max_score() && r.max_score() > 0;
  j["status"] = !r.error.empty() ? "error" : full ? "pass" : "fail";
  j["max_score"] = r.max_score();
  wire::Json tests = wire::Json::array();
  auto test = [](const std::string& name, bool passed, double score, const std::string& message,
                 double seconds) {
    wire::Json t = wire::Json::object();
    t["name"] = name;
    t["status"] = passed ? "pass" : "fail";
    t["score"] = score;
    t["message"] = message;
    t["test_code"] = "";
    t["filename"] = "";
    t["line_no"] = 0;
    t["duration"] = seconds;
    return t;
  };
  if (!r.error.empty()) {
    tests.push_back(test("ddblab grade", false, 0, "The grader could not finish: " + r.error, 0));
  }
  for (const auto& c : r.checks) {
    // The reporter shows a test as passed or failed; a check the database could not run is
    // neither, and worth nothing here (the text and JSON reports name it).
    if (c.unavailable) continue;
    std::string message = VisibleMessage(c, false);
    // The reporter knows pass and fail: the real status (skipped, timeout, error) leads.
    if (c.status != CheckStatus::kPassed) {
      message = "[" + std::string(CheckStatusName(c.status)) + "] " + message;
    }
    tests.push_back(
        test(c.id + ": " + c.title + " (" + Points(c.points) + "/" + Points(c.max_points) + ")",
             c.status == CheckStatus::kPassed, c.points, message, c.seconds));
  }
  j["tests"] = tests;
  return j;
}

std::string RenderJUnit(const std::vector<Report>& reports) {
  std::ostringstream o;
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  double time = 0;
  for (const auto& r : reports) {
    time += r.seconds;
    tests += static_cast<int>(r.checks.size()) + (r.error.empty() ? 0 : 1);
    if (!r.error.empty()) ++errors;
    for (const auto& c : r.checks) {
      if (c.status == CheckStatus::kFailed) ++failures;
      if (c.status == CheckStatus::kError || c.status == CheckStatus::kTimeout) ++errors;
      if (c.status == CheckStatus::kSkipped) ++skipped;
    }
  }
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << "<testsuites name=\"ddblab grade\" tests=\"" << tests << "\" failures=\"" << failures
    << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\" time=\"" << ReportSeconds(time)
    << "\">\n";
  for (const auto& r : reports) {
    int f = 0, e = r.error.empty() ? 0 : 1, s = 0;
    for (const auto& c : r.checks) {
      if (c.status == CheckStatus::kFailed) ++f;
      if (c.status == CheckStatus::kError || c.status == CheckStatus::kTimeout) ++e;
      if (c.status == CheckStatus::kSkipped) ++s;
    }
    std::string suite = r.exercise + " " + r.solution;
    o << "  <testsuite name=\"" << lab::XmlEscape(suite) << "\" tests=\""
      << r.checks.size() + (r.error.empty() ? 0 : 1) << "\" failures=\"" << f << "\" errors=\"" << e
      << "\" skipped=\"" << s << "\" time=\"" << ReportSeconds(r.seconds) << "\">\n";
    o << "    <properties>\n";
    o << "      <property name=\"seed\" value=\"" << r.seed << "\"/>\n";
    o << "      <property name=\"score\" value=\"" << Points(r.score()) << "\"/>\n";
    o << "      <property name=\"max_score\" value=\"" << Points(r.max_score()) << "\"/>\n";
    o << "    </properties>\n";
    if (!r.error.empty()) {
      o << "    <testcase classname=\"" << lab::XmlEscape(r.exercise)
        << "\" name=\"grader\" time=\"0\">\n"
        << "      <error message=\"" << lab::XmlEscape(r.error) << "\"/>\n    </testcase>\n";
    }
    for (const auto& c : r.checks) {
      o << "    <testcase classname=\"" << lab::XmlEscape(r.exercise) << "\" name=\""
        << lab::XmlEscape(c.id + ": " + c.title) << "\" time=\"" << ReportSeconds(c.seconds)
        << "\">\n";
      std::string msg = VisibleMessage(c, false);
      std::string score = Points(c.points) + "/" + Points(c.max_points) + " points";
      switch (c.status) {
        case CheckStatus::kPassed:
          break;
        case CheckStatus::kFailed:
          o << "      <failure message=\"" << lab::XmlEscape(score) << "\" type=\"failed\">"
            << lab::XmlEscape(msg) << "</failure>\n";
          break;
        case CheckStatus::kError:
        case CheckStatus::kTimeout:
          o << "      <error message=\"" << lab::XmlEscape(score) << "\" type=\""
            << CheckStatusName(c.status) << "\">" << lab::XmlEscape(msg) << "</error>\n";
          break;
        case CheckStatus::kSkipped:
          o << "      <skipped message=\"" << lab::XmlEscape(msg) << "\"/>\n";
          break;
      }
      o << "    </testcase>\n";
    }
    o << "  </testsuite>\n";
  }
  o << "</testsuites>\n";
  return o.str();
}

}  // namespace ddblab::grade
