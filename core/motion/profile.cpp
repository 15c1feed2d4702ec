#include "profile.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

#include "profile_envelope.h"
#include "sum_text.h"

namespace navlab {

namespace {
constexpr double kStopMatch = 1e-9;   // m: a stop-turn's s matches a piece boundary within this
constexpr double kSameLength = 1e-6;  // share of a braking zone its two terms v·dt + v²/2b may miss it by

// A limit as a sentence names it.
std::string limit_name(ProfileLimit limit) {
  switch (limit) {
    case ProfileLimit::Goal: return "goal";
    case ProfileLimit::StopTurn: return "stop-turn";
    case ProfileLimit::Lateral: return "arc's lateral-acceleration limit sqrt(a_lat·R)";
    case ProfileLimit::MaxSpeed: return "max_speed limit";
    default: return std::string(to_string(limit)) + " limit";
  }
}
}  // namespace

double stopping_speed_limit(double d, double brake, double dt) {
  const double bdt = brake * dt;
  return std::sqrt(bdt * bdt + 2.0 * brake * std::max(0.0, d)) - bdt;
}

const char* to_string(ProfileLimit l) {
  switch (l) {
    case ProfileLimit::Start: return "start";
    case ProfileLimit::Goal: return "goal";
    case ProfileLimit::StopTurn: return "stop_turn";
    case ProfileLimit::MaxSpeed: return "max_speed";
    case ProfileLimit::Lateral: return "lateral";
    case ProfileLimit::Braking: return "braking";
    case ProfileLimit::Accel: return "accel";
  }
  return "max_speed";
}

const char* to_string(ProfileStep::Kind k) {
  switch (k) {
    case ProfileStep::Kind::PieceLimit: return "piece_limit";
    case ProfileStep::Kind::StopTurn: return "stop_turn";
    case ProfileStep::Kind::Braking: return "braking";
    case ProfileStep::Kind::Accelerating: return "accelerating";
    case ProfileStep::Kind::Total: return "total";
  }
  return "piece_limit";
}

std::string ProfileStep::describe() const {
  switch (kind) {
    case Kind::PieceLimit:
      if (arc && limit == ProfileLimit::Lateral)
        return fmt("On the arc from s %.2f m to %.2f m (R %.2f m) the speed limit is sqrt(a_lat·R) = sqrt(%.2f · %.2f) "
                   "= %.2f m/s.",
                   s0, s1, radius, v0 * v0 / radius, radius, v0);
      return fmt("On the %s from s %.2f m to %.2f m the speed limit is max_speed, %.2f m/s.", arc ? "arc" : "segment", s0,
                 s1, v0);
    case Kind::StopTurn:
      return fmt("Stop-turn at s %.2f m: speed 0, turn %.1f° in place in %.2f s.", s0, theta * 180.0 / std::numbers::pi,
                 time);
    case Kind::Braking: {
      const std::string zone = fmt("from %.2f m/s at s %.2f m to %.2f m/s at s %.2f m", v0, s0, v1, s1);
      if (v1 > 0.0)
        return "Backward pass: brake " + zone + " to meet the " + limit_name(limit) + " ahead.";
      // A stop ahead. When the zone is the seed's braking rule with its two terms, v·dt + v²/(2b) =
      // distance, say so; on an arc where the total budget brakes more gently it is longer.
      const double react = v0 * reaction_dt, brake_len = v0 * v0 / (2.0 * brake);
      if (std::fabs(react + brake_len - (s1 - s0)) > kSameLength * std::max(1.0, s1 - s0))
        return "Backward pass: to stop for the " + limit_name(limit) + " the agent brakes " + zone + ".";
      return "Backward pass: to stop for the " + limit_name(limit) + " the agent brakes " + zone + ": at " +
             fmt("%.2f m/s with reaction step dt %.2f s and braking b %.2f m/s², ", v0, reaction_dt, brake) +
             "stopping takes " + sum_text({react, brake_len}, " m") + " (v·dt + v²/2b).";
    }
    case Kind::Accelerating:
      return fmt("Forward pass: accelerate from %.2f m/s at s %.2f m to %.2f m/s at s %.2f m.", v0, s0, v1, s1);
    case Kind::Total:
      return fmt("Total time %.2f s over %.2f m, %.2f s of it turning in place.", time, s1, turn_time);
  }
  return "";
}

namespace {

bool positive(double x) { return std::isfinite(x) && x > 0.0; }

void record(ProfileTrace* trace, ProfileStep st) {
  if (trace) trace->steps.push_back(std::move(st));
}

// Each path piece's limit into `spans`: max_speed, or on an arc the lateral limit. Records each piece's
// limit.
void make_spans(const SmoothPath& path, const AgentDef& ag, ProfileTrace* trace, std::vector<ProfileSpan>& spans) {
  const double a_lat = std::min(ag.lateral_accel, ag.max_accel);
  spans.clear();
  spans.reserve(path.pieces.size());
  for (size_t k = 0; k < path.pieces.size(); ++k) {
    const PathPiece& p = path.pieces[k];
    const bool arc = p.kind == PathPiece::Kind::Arc;
    // End to end: a span ends where the next begins, the last at the goal.
    const double s1 = k + 1 < path.pieces.size() ? path.pieces[k + 1].s0 : path.length;
    ProfileSpan sp{p.s0, s1, p.curvature(), ag.max_speed, ProfileLimit::MaxSpeed, false};
    if (arc) {
      const double v = std::sqrt(a_lat * p.arc.radius);
      if (v < ag.max_speed) sp.cap_limit = ProfileLimit::Lateral;
      sp.cap = std::min(v, ag.max_speed);
    }
    if (trace) {
      ProfileStep st;
      st.kind = ProfileStep::Kind::PieceLimit;
      st.piece = int(k);
      st.arc = arc;
      st.radius = p.arc.radius;
      st.s0 = sp.s0;
      st.s1 = sp.s1;
      st.v0 = st.v1 = sp.cap;
      st.limit = sp.cap_limit;
      trace->steps.push_back(st);
    }
    spans.push_back(sp);
  }
  if (!spans.empty()) spans.back().stop_at_end = true;
}

// Every stop-turn stands still (the span ending there stops); returns the time spent turning in place
// and, per span, the turning done at its start (`turn_before`).
double stop_turns(const SmoothPath& path, const AgentDef& ag, std::vector<ProfileSpan>& spans,
                  std::vector<double>& turn_before, ProfileTrace* trace) {
  double turn_time = 0.0;
  turn_before.assign(spans.size(), 0.0);
  for (const Turn& t : path.turns) {
    if (t.kind != TurnKind::Stop) continue;
    const double time = t.theta / ag.max_turn_rate;
    turn_time += time;
    auto it = std::lower_bound(spans.begin(), spans.end(), t.s - kStopMatch,
                               [](const ProfileSpan& sp, double s) { return sp.s1 < s; });
    if (it != spans.end() && std::fabs(it->s1 - t.s) <= kStopMatch) {
      it->stop_at_end = true;
      if (it + 1 != spans.end()) turn_before[size_t(it - spans.begin()) + 1] += time;
    }
    ProfileStep st;
    st.kind = ProfileStep::Kind::StopTurn;
    st.s0 = st.s1 = t.s;
    st.theta = t.theta;
    st.time = time;
    record(trace, st);
  }
  return turn_time;
}

// The forward pass: from rest at s = 0, speeding up at min(accel, budget) until the envelope is met, then
// on the envelope until it jumps up (past a lower limit or a stop), and so on to the goal.
class ForwardPass {
 public:
  ForwardPass(const std::vector<ProfileSpan>& spans, const std::vector<LimitPiece>& env, const AgentDef& ag,
              std::vector<ProfilePiece>& pieces)
      : spans_(spans), env_(env), ag_(ag), pieces_(pieces) {}

  // The pieces, into the vector given to the constructor (emptied first).
  void run() {
    pieces_.clear();
    pieces_.reserve(env_.size() + spans_.size() + 4);
    size_t e = 0;
    for (size_t i = 0; i < spans_.size(); ++i) {
      const ProfileSpan& sp = spans_[i];
      if (accel_) start_accel(sp, false);
      while (s_ < sp.s1) {
        while (e + 1 < env_.size() && env_[e].s1 <= s_) ++e;
        const LimitPiece& g = env_[e];
        double u1 = std::min(sp.s1, g.s1);
        if (!(u1 > s_)) u1 = sp.s1;  // the envelope covers [0, length]; never stand still if it did not
        if (!accel_ && g.s0 == s_ && g.v0 > v_ + kSpeedEps) {  // the envelope jumps up: speed up again
          accel_ = true;
          start_accel(sp, false);
        }
        if (accel_) {
          accelerate(int(i), sp, g, u1);
        } else {
          follow(int(i), sp, g, u1);
        }
      }
      if (sp.stop_at_end && !pieces_.empty()) pieces_.back().v1 = v_ = 0.0;
    }
  }

 private:
  // The rising form from (s_, v_) on `sp`: min(accel, A) on a segment; on an arc accel while the budget
  // allows it (x <= sqrt(A² − accel²)/k, up to `phase_end_`), then the budget itself (at once when
  // `on_budget`: the rate's phase has just ended there).
  void start_accel(const ProfileSpan& sp, bool on_budget) {
    const double A = ag_.max_accel, acc = ag_.accel, k = sp.curvature, x = v_ * v_;
    up_ = SpeedForm{};
    up_.s0 = s_;
    up_.x0 = x;
    phase_end_ = kProfileInf;
    if (k == 0.0) {
      up_.rate = std::min(acc, A);
      return;
    }
    const double x_thr = acc < A ? std::sqrt((A - acc) * (A + acc)) / k : 0.0;
    if (x < x_thr && !on_budget) {
      up_.rate = acc;
      phase_end_ = s_ + (x_thr - x) / (2.0 * acc);
      return;
    }
    up_.kind = SpeedForm::Kind::Budget;
    up_.k = k;
    up_.a = A;
    up_.theta0 = std::asin(std::min(1.0, k * x / A));
    up_.dir = 1.0;
    phase_end_ = s_ + (std::numbers::pi / 2.0 - up_.theta0) / (2.0 * k);  // the budget is spent there
  }

  double env_speed(const LimitPiece& g, double s) const {
    return s == g.s0 ? g.v0 : s == g.s1 ? g.v1 : form_speed(g.form, s);
  }

  void emit(int span, double s1, const SpeedForm& form, double v1, ProfileLimit limit, ProfileLimit target) {
    if (s1 > s_) pieces_.push_back(ProfilePiece{s_, s1, v_, v1, form, form, limit, target, span, 0.0});
    s_ = s1;
    v_ = v1;
  }

  void accelerate(int span, const ProfileSpan& sp, const LimitPiece& g, double u1) {
    const double u = std::min(u1, phase_end_);
    const double f_end = form_speed(up_, u), g_end = env_speed(g, u);
    const bool spent = u == phase_end_ && up_.kind == SpeedForm::Kind::Budget;
    if (f_end < g_end && spent) {
      // No faster than sqrt(max_accel·R) on an arc: the arc's limit, which the envelope only exceeds
      // by rounding. The envelope takes over.
      emit(span, u, up_, g_end, ProfileLimit::Accel, ProfileLimit::Accel);
      accel_ = false;
      return;
    }
    if (f_end < g_end) {
      emit(span, u, up_, f_end, ProfileLimit::Accel, ProfileLimit::Accel);
      if (u == phase_end_ && u < sp.s1) start_accel(sp, true);  // the budget binds from here
      return;
    }
    const double m = meet_rising(up_, g.form, s_, u);
    const double vm = env_speed(g, m);
    emit(span, m, up_, vm, ProfileLimit::Accel, ProfileLimit::Accel);
    accel_ = false;
  }

  void follow(int span, const ProfileSpan& sp, const LimitPiece& g, double u1) {
    const double v1 = env_speed(g, u1);
    const bool at_cap = is_constant(g.form) && g.v0 >= sp.cap - kSpeedEps;
    emit(span, u1, g.form, v1, at_cap ? sp.cap_limit : ProfileLimit::Braking, g.target);
  }

  const std::vector<ProfileSpan>& spans_;
  const std::vector<LimitPiece>& env_;
  const AgentDef& ag_;
  std::vector<ProfilePiece>& pieces_;
  double s_ = 0.0, v_ = 0.0;
  bool accel_ = true;
  SpeedForm up_;
  double phase_end_ = kProfileInf;
};

// The last kStopApproach of each reaction-limited approach to a stop is timed at constant deceleration:
// the envelope falls like d / dt there and ∫ds/v would never end. The approach is the run of envelope
// pieces that ends at the stop; the piece where the timed stretch begins is split there.
void time_stop_approaches(std::vector<ProfilePiece>& pieces, const std::vector<ProfileSpan>& spans, double dt) {
  if (dt <= 0.0) return;
  const auto ends_at_stop = [&](const ProfilePiece& p) {
    const ProfileSpan& sp = spans[size_t(p.span)];
    return sp.stop_at_end && p.s1 == sp.s1;
  };
  for (size_t end = pieces.size(); end-- > 0;) {
    if (!ends_at_stop(pieces[end])) continue;
    size_t first = end;
    while (first > 0 && pieces[first - 1].limit != ProfileLimit::Accel && !ends_at_stop(pieces[first - 1])) --first;
    if (pieces[first].limit == ProfileLimit::Accel) continue;  // met the envelope at the stop itself
    const double stop = pieces[end].s1, from = std::max(stop - kStopApproach, pieces[first].s0);
    size_t k = first;
    while (pieces[k].s1 <= from) ++k;
    if (pieces[k].s0 < from) {  // split where the timed stretch begins
      ProfilePiece later = pieces[k];
      later.s0 = from;
      later.v0 = form_speed(later.form, from);
      pieces[k].s1 = from;
      pieces[k].v1 = later.v0;
      pieces.insert(pieces.begin() + std::ptrdiff_t(k) + 1, later);
      ++k;
      ++end;
    }
    const double vc = pieces[k].v0;
    SpeedForm chord;
    chord.s0 = from;
    chord.x0 = vc * vc;
    chord.rate = -vc * vc / (2.0 * (stop - from));
    for (size_t j = k; j <= end; ++j) pieces[j].clock = chord;
    end = first;  // go on before this approach
  }
}

// Each piece's start time, stop-turns included; returns the moving time.
double time_pieces(std::vector<ProfilePiece>& pieces, const std::vector<double>& turn_before) {
  double t = 0.0, moving = 0.0;
  int span = -1;
  for (ProfilePiece& p : pieces) {
    for (; span < p.span; ++span) t += turn_before[size_t(span + 1)];
    p.t0 = t;
    const bool same = p.clock == p.form;
    const double va = same ? p.v0 : form_speed(p.clock, p.s0), vb = same ? p.v1 : form_speed(p.clock, p.s1);
    const double dt = form_time(p.clock, p.s0, va, p.s1, vb);
    t += dt;
    moving += dt;
  }
  return moving;
}

// One step per run of braking / accelerating pieces, then the total.
void trace_runs(const Profile& out, const AgentDef& ag, double turn_time, ProfileTrace& trace) {
  const std::vector<ProfilePiece>& ps = out.pieces;
  for (size_t i = 0; i < ps.size();) {
    const ProfileLimit lim = ps[i].limit;
    if (lim != ProfileLimit::Braking && lim != ProfileLimit::Accel) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j + 1 < ps.size() && ps[j + 1].limit == lim) ++j;
    ProfileStep st;
    st.kind = lim == ProfileLimit::Braking ? ProfileStep::Kind::Braking : ProfileStep::Kind::Accelerating;
    st.s0 = ps[i].s0;
    st.v0 = ps[i].v0;
    st.s1 = ps[j].s1;
    st.v1 = ps[j].v1;
    st.limit = lim == ProfileLimit::Braking ? ps[j].target : out.limit_at(st.s1);
    st.brake = ag.brake_decel;
    st.reaction_dt = ag.reaction_dt;
    trace.steps.push_back(st);
    i = j + 1;
  }
  ProfileStep total;
  total.kind = ProfileStep::Kind::Total;
  total.s1 = out.length;
  total.time = out.total_time;
  total.turn_time = turn_time;
  trace.steps.push_back(total);
}

}  // namespace

void Profile::clear() {
  total_time = 0.0;
  length = 0.0;
  spans.clear();
  pieces.clear();
  envelope.clear();
  failure.reset();
  ran = false;
}

Profile speed_profile(const SmoothPath& path, const AgentDef& ag, ProfileTrace* trace) {
  Profile out;
  speed_profile_into(path, ag, trace, out);
  return out;
}

void speed_profile_into(const SmoothPath& path, const AgentDef& ag, ProfileTrace* trace, Profile& out) {
  out.clear();
  out.length = path.length;
  if (!positive(ag.max_speed) || !positive(ag.accel) || !positive(ag.brake_decel) || !positive(ag.lateral_accel) ||
      !positive(ag.max_accel) || !positive(ag.max_turn_rate) || !std::isfinite(ag.reaction_dt) ||
      ag.reaction_dt < 0.0) {
    out.failure = Failure{FailStage::Profile, Reason::BadAgent,
                          "max_speed, accel, brake_decel, lateral_accel, max_accel and max_turn_rate must be > 0 "
                          "and reaction_dt >= 0",
                          {}};
    return;
  }
  make_spans(path, ag, trace, out.spans);
  thread_local std::vector<double> turn_before;  // kept per thread, as the envelopes' buffers
  const double turn_time = stop_turns(path, ag, out.spans, turn_before, trace);
  if (!out.spans.empty()) {
    if (ag.reaction_dt > 0.0) {
      thread_local std::vector<LimitPiece> vb;  // kept per thread: no allocation once it has grown
      braking_envelope(out.spans, ag, vb);
      reaction_envelope(vb, ag.reaction_dt, out.envelope);
      brakeable_envelope(out.envelope, out.spans, ag);
    } else {
      braking_envelope(out.spans, ag, out.envelope);
    }
    ForwardPass(out.spans, out.envelope, ag, out.pieces).run();
    time_stop_approaches(out.pieces, out.spans, ag.reaction_dt);
  }
  out.total_time = time_pieces(out.pieces, turn_before) + turn_time;
  out.ran = true;
  if (trace) trace_runs(out, ag, turn_time, *trace);
}

}  // namespace navlab
