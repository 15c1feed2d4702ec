// Draws the channel smoothing: the finished channel and spline beside the plan, and the
// channel and spline stages record by record. Only records and results are read.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "format.h"
#include "gui_plan.h"
#include "gui_theme.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

constexpr double kSample = 0.05;      // m between the drawn points of a spline arc
constexpr uint8_t kSectionFill = 70;  // alpha of a checked section's fill

std::vector<Vec2> spline_line(const Spline& spline) {
  std::vector<Vec2> line;
  for (const SplinePiece& p : spline.pieces) {
    const int n = p.kind == SplinePiece::Kind::Arc ? std::max(2, int(std::ceil(p.length() / kSample))) : 1;
    for (int i = line.empty() ? 0 : 1; i <= n; ++i) line.push_back(p.point(double(i) / n));
  }
  return line;
}

void gates(gl::Batch& b, const ChannelArray& channels, gl::Rgba c, float width) {
  for (const Channel& ch : channels.channels)
    for (const Gate& g : ch.gates) b.segment(g.left, g.right, c, {width});
}

std::vector<Vec2> corners(const ChannelStep& s) { return {s.corners.begin(), s.corners.begin() + s.corner_count}; }

// A checked section is good when it lies in the corridor and no obstacle crosses it.
bool good(const ChannelStep& s) { return s.free && s.why.empty(); }

// The channel stage up to record `index`: every gate placed, every section checked (green: good, red:
// not), then the record's own gate or section in white.
void channel_records(gl::Batch& b, const ChannelTrace& trace, int index, const Theme& th) {
  for (int i = 0; i <= index; ++i) {
    const ChannelStep& s = trace.steps[size_t(i)];
    if (s.kind == ChannelStep::Kind::GatePlaced) b.segment(s.left, s.right, th.gate.with_alpha(200), {1.5f});
    if (s.kind == ChannelStep::Kind::SectionChecked && s.corner_count >= 3)
      b.polygon(corners(s), (good(s) ? th.left : th.right).with_alpha(kSectionFill));
  }
  const ChannelStep& now = trace.steps[size_t(index)];
  if (now.kind == ChannelStep::Kind::GatePlaced) {
    b.segment(now.left, now.right, th.apex, {3.5f});
    b.point(now.at, 5.0f, th.gate);
  } else if (now.corner_count >= 3) {
    const bool bad =
        now.kind == ChannelStep::Kind::Split || (now.kind == ChannelStep::Kind::SectionChecked && !good(now));
    b.polyline(corners(now), bad ? th.door_closed : th.apex, {3.0f}, true);
  }
}

// The spline stage up to record `index`: the channel's gates, each peg's circle as last placed or
// relaxed, the spline once a channel has been fitted, and the record's own circle or point.
void spline_records(gl::Batch& b, const PlanView& plan, int index, const Theme& th) {
  const std::vector<SplineStep>& steps = plan.smoothing.spline.steps;
  gates(b, plan.channel->channels, th.gate.with_alpha(150), 1.5f);
  std::map<std::pair<int, int>, const SplineStep*> pegs;  // (channel, gate) -> last placement
  bool fitted = false;
  for (int i = 0; i <= index; ++i) {
    const SplineStep& s = steps[size_t(i)];
    if (s.kind == SplineStep::Kind::PegPlaced || s.kind == SplineStep::Kind::Relaxed) pegs[{s.channel, s.gate}] = &s;
    fitted = fitted || s.kind == SplineStep::Kind::ChannelFitted;
  }
  for (const auto& [key, s] : pegs) {
    b.circle(s->center, s->circle, th.spline.with_alpha(110), {1.5f, 4.0f, 7.0f});
    b.point(s->at, 4.0f, th.gate);
  }
  if (fitted) b.polyline(spline_line(plan.channel->spline), th.spline, {3.0f});
  const SplineStep& now = steps[size_t(index)];
  if (now.kind == SplineStep::Kind::PegPlaced || now.kind == SplineStep::Kind::Relaxed)
    b.circle(now.center, now.circle, th.apex, {2.5f});
  if (now.kind == SplineStep::Kind::GapKept) b.point(now.at, 7.0f, th.door_closed, 2.0f, {0, 0, 0, 255});
}

}  // namespace

void draw_channel(Viewport& view, const PlanView& plan, const Theme& theme) {
  if (!plan.channel) return;
  gl::Batch& b = view.plan();
  for (const Channel& ch : plan.channel->channels.channels) {
    for (const Section& s : ch.sections)
      if (s.polygon.size() >= 3)
        b.polygon(s.polygon, (s.free ? theme.gate : theme.door_closed).with_alpha(kSectionFill / 2));
    for (const std::vector<Vec2>* border : {&ch.pre, &ch.post})
      if (border->size() >= 2) b.polyline(*border, theme.gate.with_alpha(200), {1.5f, 5.0f, 8.0f});
  }
  gates(b, plan.channel->channels, theme.gate, 1.5f);
  for (const SplinePiece& p : plan.channel->spline.pieces) {
    const bool arc = p.kind == SplinePiece::Kind::Arc;
    const int n = arc ? std::max(2, int(std::ceil(p.length() / kSample))) : 1;
    std::vector<Vec2> line;
    for (int i = 0; i <= n; ++i) line.push_back(p.point(double(i) / n));
    b.polyline(line, arc ? theme.spline_arc : theme.spline, {3.0f});
  }
  const Spline& spline = plan.channel->spline;
  if (spline.pieces.empty()) return;
  const Vec2 at = view.to_screen(spline.pieces.back().to);
  const std::string label =
      std::string("spline: ") + to_string(spline.mode) + ", " + whole_or_fixed(spline.length) + " m";
  view.label(float(at.x) + 10, float(at.y) + 8, label.c_str(), to_imu32(theme.spline));
}

void draw_channel_step(Viewport& view, const PlanView& plan, Stage stage, int index, const Theme& theme) {
  if (!plan.channel || index < 0) return;
  if (stage == Stage::Channel && index < int(plan.smoothing.channel.steps.size()))
    channel_records(view.plan(), plan.smoothing.channel, index, theme);
  if (stage == Stage::Spline && index < int(plan.smoothing.spline.steps.size()))
    spline_records(view.plan(), plan, index, theme);
}

}  // namespace navlab::app
