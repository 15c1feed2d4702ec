#include "gui_script.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

#include "gui_plan.h"

namespace navlab::app {

using nlohmann::json;
Result<Vec2> read_xy(const json& j) {
  if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number()) return Error{"expected [x, y]"};
  return Vec2{j[0].get<double>(), j[1].get<double>()};
}

Result<int> parse_step(const std::string& text, const PlanView& plan) {
  const int n = int(plan.steps.size());
  if (text == "end") return n;
  const size_t colon = text.find(':');
  try {
    if (colon == std::string::npos) {
      const int k = std::stoi(text);
      if (k < 1) throw std::invalid_argument("step");
      return std::min(k - 1, n);
    }
    const std::optional<Stage> st = stage_from_string(text.substr(0, colon));
    if (!st) return Error{"unknown stage '" + text.substr(0, colon) + "' (expected " + stage_names() + ")"};
    const int k = std::stoi(text.substr(colon + 1));
    if (k < 1) throw std::invalid_argument("step");
    const int first = plan.first_step(*st), count = plan.count(*st);
    if (first < 0 || k > count)
      return Error{"the plan has " + std::to_string(count) + " " + stage_name(*st) + " steps; asked for " +
                   std::to_string(k)};
    return first + k - 1;
  } catch (const std::exception&) {
    return Error{"bad step '" + text + "' (expected STAGE:N with N >= 1, a step number, or end)"};
  }
}

}  // namespace navlab::app
