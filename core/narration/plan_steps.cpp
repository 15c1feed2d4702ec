#include "plan_steps.h"

#include <charconv>

namespace navlab {

namespace {

const char* kind_name(const LocateStep& s) { return s.which == Endpoint::Start ? "start" : "goal"; }
const char* kind_name(const SearchStep& s) { return to_string(s.kind); }
const char* kind_name(const FunnelStep& s) { return to_string(s.action); }
const char* kind_name(const ClearanceStep&) { return "shrink"; }
const char* kind_name(const TurnStep& s) { return to_string(s.kind); }
const char* kind_name(const ProfileStep& s) { return to_string(s.kind); }

// A record's sentence: search records hold node indices and take their names from the mesh.
struct Names {
  const NavMesh& mesh;
  const SearchTrace& search;  // the search's names for what blocks, and its corridor
};
template <class Step>
std::string text_of(const Step& s, const Names&) { return s.describe(); }
std::string text_of(const SearchStep& s, const Names& n) { return s.describe(n.mesh, n.search); }

// Appends one stage's records, numbered from 1 after the stage's `first` earlier rows.
template <class Step>
void append(std::vector<StepText>& out, const char* stage, const std::vector<Step>& steps, const Names& names,
            int first = 0) {
  for (size_t i = 0; i < steps.size(); ++i)
    out.push_back(StepText{stage, first + int(i) + 1, kind_name(steps[i]), text_of(steps[i], names)});
}

}  // namespace

const std::vector<std::string>& plan_step_stages() {
  static const std::vector<std::string> stages = {"locate", "search", "funnel", "clearance", "turns", "profile"};
  return stages;
}

std::vector<StepText> plan_steps(const PlanTrace& trace, const NavMesh& mesh) {
  std::vector<StepText> out;
  const Names names{mesh, trace.search};
  append(out, "locate", trace.locate, names);
  append(out, "search", trace.search.steps, names);
  append(out, "funnel", trace.funnel.steps, names);
  append(out, "clearance", trace.motion.clearance.steps, names);
  append(out, "clearance", trace.motion.clearance.funnel.steps, names, int(trace.motion.clearance.steps.size()));
  append(out, "turns", trace.motion.turns.steps, names);
  append(out, "profile", trace.motion.profile.steps, names);
  return out;
}

std::vector<StepText> channel_steps(const ChannelPlanTrace& trace) {
  std::vector<StepText> out;
  for (size_t i = 0; i < trace.channel.steps.size(); ++i) {
    const ChannelStep& s = trace.channel.steps[i];
    out.push_back(StepText{"channel", int(i) + 1, to_string(s.kind), s.describe()});
  }
  for (size_t i = 0; i < trace.spline.steps.size(); ++i) {
    const SplineStep& s = trace.spline.steps[i];
    out.push_back(StepText{"spline", int(i) + 1, to_string(s.kind), s.describe()});
  }
  return out;
}

std::vector<StepText> polyanya_steps(const PolyanyaTrace& trace) {
  std::vector<StepText> out;
  for (size_t i = 0; i < trace.steps.size(); ++i)
    out.push_back(StepText{"polyanya", int(i) + 1, to_string(trace.steps[i].kind), trace.steps[i].describe()});
  return out;
}

std::optional<StepRef> parse_step_ref(const std::string& text) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= text.size()) return std::nullopt;
  StepRef ref;
  ref.stage = text.substr(0, colon);
  const char* first = text.data() + colon + 1;
  const char* last = text.data() + text.size();
  const auto [end, ec] = std::from_chars(first, last, ref.index);
  if (ec != std::errc() || end != last || ref.index < 1) return std::nullopt;
  return ref;
}

}  // namespace navlab
