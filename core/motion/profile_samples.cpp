// Reading a speed profile: its speed, acceleration, time and binding limit at any arc length, and the
// samples made from them on demand (core/motion/profile.h).
#include "profile.h"
#include "tolerances.h"

#include <algorithm>
#include <cmath>

namespace navlab {

namespace {

// The piece that covers s, the one ending there where two meet (the last one past the end).
template <class P>
size_t covering(const std::vector<P>& ps, double s) {
  const auto it = std::lower_bound(ps.begin(), ps.end(), s, [](const P& p, double q) { return p.s1 < q; });
  return it == ps.end() ? ps.size() - 1 : size_t(it - ps.begin());
}

// The piece that covers s, the one beginning there where two meet.
template <class P>
size_t beginning(const std::vector<P>& ps, double s) {
  const auto it = std::upper_bound(ps.begin(), ps.end(), s, [](double q, const P& p) { return q < p.s1; });
  return it == ps.end() ? ps.size() - 1 : size_t(it - ps.begin());
}

template <class P>
double speed_in(const P& p, double s) {
  return s == p.s0 ? p.v0 : s == p.s1 ? p.v1 : form_speed(p.form, s);
}
}  // namespace

double Profile::speed_at(double s) const {
  if (pieces.empty()) return 0.0;
  s = std::clamp(s, 0.0, length);
  return speed_in(pieces[covering(pieces, s)], s);
}

double Profile::accel_at(double s) const {
  if (pieces.empty()) return 0.0;
  s = std::clamp(s, 0.0, length);
  return form_accel(pieces[beginning(pieces, s)].form, s);
}

double Profile::time_at(double s) const {
  if (pieces.empty()) return 0.0;
  s = std::clamp(s, 0.0, length);
  const ProfilePiece& p = pieces[covering(pieces, s)];
  return p.t0 + form_time(p.form, p.s0, p.v0, s, speed_in(p, s));
}

double Profile::limit_speed_at(double s) const {
  if (envelope.empty() || s <= 0.0) return 0.0;  // the agent starts at rest
  s = std::min(s, length);
  return speed_in(envelope[covering(envelope, s)], s);
}

double Profile::decision_speed_at(double s) const {
  if (decision.empty() || s <= 0.0) return 0.0;
  s = std::min(s, length);
  return speed_in(decision[covering(decision, s)], s);
}

ProfileLimit Profile::limit_at(double s) const {
  if (spans.empty()) return ProfileLimit::Goal;
  if (s <= 0.0) return ProfileLimit::Start;
  s = std::min(s, length);
  const size_t i = covering(spans, s);
  if (s == spans[i].s1 && spans[i].stop_at_end)
    return i + 1 == spans.size() ? ProfileLimit::Goal : ProfileLimit::StopTurn;
  return pieces.empty() ? spans[i].cap_limit : pieces[beginning(pieces, s)].limit;
}

std::vector<ProfileSample> Profile::samples() const { return samples(profile_spacing(length)); }

std::vector<ProfileSample> Profile::samples(double spacing) const {
  std::vector<ProfileSample> out;
  if (!ran || !ok()) return out;
  if (spans.empty()) {
    out.push_back(ProfileSample{0.0, 0.0, 0.0, ProfileLimit::Goal, 0.0});
    return out;
  }
  // Never more than kMaxProfileSamples of them, whatever is asked.
  if (!(spacing > 0.0)) spacing = profile_spacing(length);
  spacing = std::max(spacing, length / kMaxProfileSamples);
  const auto count = [spacing](const ProfileSpan& sp) {
    return std::max(1, int(std::ceil((sp.s1 - sp.s0) / spacing - tol::kWhole)));
  };
  size_t total = 1;
  for (const ProfileSpan& sp : spans) total += size_t(count(sp));
  out.reserve(total);
  for (const ProfileSpan& sp : spans) {
    const int n = count(sp);
    for (int j = 0; j < n; ++j) {
      const double s = sp.s0 + (sp.s1 - sp.s0) * j / n;
      out.push_back(ProfileSample{s, speed_at(s), 0.0, limit_at(s), sp.curvature});
    }
  }
  out.push_back(ProfileSample{length, speed_at(length), 0.0, limit_at(length), spans.back().curvature});
  for (size_t i = 0; i + 1 < out.size(); ++i) {
    const double ds = out[i + 1].s - out[i].s;
    out[i].a = ds > 0.0 ? (out[i + 1].v * out[i + 1].v - out[i].v * out[i].v) / (2.0 * ds) : 0.0;
  }
  return out;
}

}  // namespace navlab
