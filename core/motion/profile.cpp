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
constexpr double kSameLength = 1e-6;  // share of a braking zone its terms v·dt + braking distance may miss it by
constexpr double kStepLength = 1e-9;  // m: a step shorter than this is not a step (never recorded)

// A limit braked for, as a sentence names it.
std::string limit_name(ProfileLimit limit) {
  switch (limit) {
    case ProfileLimit::Goal:
      return "the goal";
    case ProfileLimit::StopTurn:
      return "the stop-turn";
    case ProfileLimit::Lateral:
      return "the arc's lateral-acceleration limit sqrt(a_lat·R)";
    case ProfileLimit::MaxSpeed:
      return "the max_speed limit";
    default:
      return std::string("the ") + to_string(limit) + " limit";
  }
}

// "from 4.00 m/s at s 16.00 m to 0.00 m/s at s 20.00 m", each pair at the decimals where its two ends
// differ (a short step never reads as going from a point to itself).
std::string zone_text(double v0, double s0, double v1, double s1) {
  const int dv = decimals_that_differ(v0, v1), ds = decimals_that_differ(s0, s1);
  return "from " + fixed_text(v0, dv) + " m/s at s " + fixed_text(s0, ds) + " m to " + fixed_text(v1, dv) +
         " m/s at s " + fixed_text(s1, ds) + " m";
}

// The Reaction step's sentence.
std::string reaction_text(const ProfileStep& st) {
  const double v = st.v0, hold = st.s1 - st.s0, brake_len = st.s_end - st.s1;
  const bool stop = st.v_end <= 0.0;
  const std::string what =
      stop ? fmt("To stop for %s at s %.2f m", limit_name(st.limit).c_str(), st.s_end)
           : fmt("To slow to %.2f m/s for %s at s %.2f m", st.v_end, limit_name(st.limit).c_str(), st.s_end);
  std::string out = what + fmt(", braking begins at s %.2f m: ", st.s0);
  // The seed's rule with its two terms where braking runs at brake_decel all the way.
  const double rule = (v * v - st.v_end * st.v_end) / (2.0 * st.brake);
  if (!st.budget && std::fabs(rule - brake_len) <= kSameLength * std::max(1.0, brake_len)) {
    out += fmt("at %.2f m/s with reaction step dt %.2f s and braking b %.2f m/s², ", v, st.reaction_dt, st.brake) +
           (stop ? "stopping takes " : "it takes ") + sum_text({hold, brake_len}, " m") +
           (stop ? " (v·dt + v²/2b)" : fmt(" (v·dt + (v² − %.2f²)/2b)", st.v_end)) + ".";
  } else {
    out += fmt("at %.2f m/s with reaction step dt %.2f s, ", v, st.reaction_dt) + sum_text({hold, brake_len}, " m") +
           " (v·dt, then braking at what the total budget allows on the arc, at most b " + fmt("%.2f m/s²).", st.brake);
  }
  return out + fmt(" The agent holds %.2f m/s to s %.2f m, then brakes.", v, st.s1);
}

std::string braking_text(const ProfileStep& st) {
  const std::string rate = st.decel > 0.0 ? fmt("at %.2f m/s²", st.decel)
                                          : fmt("at what the total budget allows (at most %.2f m/s²)", st.brake);
  const std::string head = st.continued ? "Braking goes on, with no new reaction step: brake " : "Brake ";
  return head + rate + " " + zone_text(st.v0, st.s0, st.v1, st.s1) + " for " + limit_name(st.limit) + ".";
}
}  // namespace

double stopping_speed_limit(double d, double brake, double dt) {
  const double bdt = brake * dt;
  return std::sqrt(bdt * bdt + 2.0 * brake * std::max(0.0, d)) - bdt;
}

std::string ProfileStep::describe() const {
  switch (kind) {
    case Kind::PieceLimit:
      if (arc && limit == ProfileLimit::Lateral)
        return fmt(
            "On the arc from s %.2f m to %.2f m (R %.2f m) the speed limit is sqrt(a_lat·R) = sqrt(%.2f · %.2f) "
            "= %.2f m/s.",
            s0, s1, radius, v0 * v0 / radius, radius, v0);
      return fmt("On the %s from s %.2f m to %.2f m the speed limit is max_speed, %.2f m/s.", arc ? "arc" : "segment",
                 s0, s1, v0);
    case Kind::StopTurn:
      return fmt("Stop-turn at s %.2f m: speed 0, turn %.1f° in place in %.2f s.", s0, theta * 180.0 / std::numbers::pi,
                 time);
    case Kind::Accelerating:
      return "Forward pass: accelerate " + zone_text(v0, s0, v1, s1) + ".";
    case Kind::Reaction:
      return reaction_text(*this);
    case Kind::Braking:
      return braking_text(*this);
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

// The forward pass: from rest at s = 0, speeding up at min(accel, budget) until the decision curve vr is
// met; from there flat at that speed until the braking envelope vb falls to it, then on vb; where vb
// rises again past a limit (and the speed is below vr there) speeding up again, and so on to the goal.
class ForwardPass {
 public:
  ForwardPass(const std::vector<ProfileSpan>& spans, const std::vector<LimitPiece>& vb,
              const std::vector<LimitPiece>& vr, const AgentDef& ag, std::vector<ProfilePiece>& pieces)
      : spans_(spans), vb_(vb), vr_(vr), ag_(ag), pieces_(pieces) {}

  // The pieces, into the vector given to the constructor (emptied first).
  void run() {
    pieces_.clear();
    pieces_.reserve(2 * vb_.size() + spans_.size() + 4);
    size_t e = 0, g = 0;
    const size_t ne = vr_.size(), ng = vb_.size();  // (read once: the pieces pushed could alias them)
    for (size_t i = 0; i < spans_.size(); ++i) {
      const ProfileSpan& sp = spans_[i];
      if (accel_) start_accel(sp, false);
      while (s_ < sp.s1) {
        if (accel_) {
          while (e + 1 < ne && vr_[e].s1 <= s_) ++e;
          accelerate(int(i), sp, vr_[e], end_of(sp, vr_[e]));
          continue;
        }
        while (g + 1 < ng && vb_[g].s1 <= s_) ++g;
        if (speeds_up_here(g)) {
          accel_ = true;
          start_accel(sp, false);
          continue;
        }
        follow(int(i), sp, vb_[g], end_of(sp, vb_[g]));
      }
      if (sp.stop_at_end && !pieces_.empty()) pieces_.back().v1 = v_ = hold_ = 0.0;
    }
  }

 private:
  // Where the stretch from s_ on `sp` under the limit piece `g` ends (the curves cover [0, length]; never
  // stand still if they did not).
  double end_of(const ProfileSpan& sp, const LimitPiece& g) const {
    const double u1 = std::min(sp.s1, g.s1);
    return u1 > s_ ? u1 : sp.s1;
  }

  // After a braking or a flat stretch: vb rises here past a limit (a stop, or the end of a lower limit),
  // and the agent may speed up: it is at rest, or below vr (else it could not hold its speed for the
  // reaction step before the next braking, and its braking goes on).
  bool speeds_up_here(size_t g) {
    const LimitPiece& b = vb_[g];
    if (b.s0 != s_ || g == 0 || !(b.v0 > vb_[g - 1].v1 + kSpeedEps)) return false;
    if (v_ <= 0.0) return true;
    // The piece of vr that covers s_, the one beginning there where two meet (s_ only grows).
    while (r_ + 1 < vr_.size() && vr_[r_].s1 <= s_) ++r_;
    return v_ < speed_in(vr_[r_], s_) - kSpeedEps;
  }

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

  static double speed_in(const LimitPiece& g, double s) {
    return s == g.s0 ? g.v0 : s == g.s1 ? g.v1 : form_speed(g.form, s);
  }

  void emit(int span, double s1, const SpeedForm& form, double v1, ProfileLimit limit, ProfileLimit target) {
    if (s1 > s_) {
      // Written where it lies, field by field: a piece built and copied in at once stalls the copy
      // (docs/performance.md, "Copies read back while still being stored").
      ProfilePiece& p = pieces_.emplace_back();
      p.s0 = s_;
      p.s1 = s1;
      p.v0 = v_;
      p.v1 = v1;
      p.form = form;
      p.limit = limit;
      p.target = target;
      p.span = span;
    }
    s_ = s1;
    v_ = v1;
  }

  // Speeding up under the decision curve's piece `r` to u1 at most: where the two meet the agent stops
  // speeding up and holds that speed.
  void accelerate(int span, const ProfileSpan& sp, const LimitPiece& r, double u1) {
    const double u = std::min(u1, phase_end_);
    const double f_end = form_speed(up_, u), r_end = speed_in(r, u);
    const bool spent = u == phase_end_ && up_.kind == SpeedForm::Kind::Budget;
    if (f_end < r_end && !spent) {
      emit(span, u, up_, f_end, ProfileLimit::Accel, ProfileLimit::Accel);
      if (u == phase_end_ && u < sp.s1) start_accel(sp, true);  // the budget binds from here
      return;
    }
    // No faster than sqrt(max_accel·R) on an arc: where the budget is spent the speed is the arc's limit
    // (vr only exceeds it by rounding), and it is held there.
    const double m = f_end < r_end ? u : meet_rising(up_, r.form, s_, u);
    const double vm = f_end < r_end ? f_end : speed_in(r, m);
    emit(span, m, up_, vm, ProfileLimit::Accel, ProfileLimit::Accel);
    accel_ = false;
    hold_ = vm;
  }

  // What a flat stretch at `v` on `sp` is: the span's limit, or the reaction step below it.
  static ProfileLimit flat_limit(const ProfileSpan& sp, double v) {
    return v >= sp.cap - kSpeedEps ? sp.cap_limit : ProfileLimit::Reaction;
  }

  // Flat at the held speed while vb is above it, then on vb (braking, or at the span's limit).
  void follow(int span, const ProfileSpan& sp, const LimitPiece& b, double u1) {
    const double vs = speed_in(b, s_), ve = speed_in(b, u1);
    const SpeedForm flat = constant_form(hold_);
    if (vs > hold_ + kSpeedEps) {
      if (ve >= hold_ - kSpeedEps) {
        emit(span, u1, flat, hold_, flat_limit(sp, hold_), b.target);
        return;
      }
      emit(span, std::clamp(form_position(b.form, hold_), s_, u1), flat, hold_, flat_limit(sp, hold_), b.target);
    }
    const bool at_cap = is_constant(b.form) && b.v0 >= sp.cap - kSpeedEps;
    emit(span, u1, b.form, ve, at_cap ? sp.cap_limit : ProfileLimit::Braking, b.target);
    hold_ = v_;
  }

  const std::vector<ProfileSpan>& spans_;
  const std::vector<LimitPiece>& vb_;
  const std::vector<LimitPiece>& vr_;
  const AgentDef& ag_;
  std::vector<ProfilePiece>& pieces_;
  double s_ = 0.0, v_ = 0.0;
  bool accel_ = true;
  double hold_ = 0.0;  // m/s: the speed held since speeding up ended (the profile is min(hold_, vb))
  SpeedForm up_;
  double phase_end_ = kProfileInf;
  size_t r_ = 0;  // speeds_up_here()'s piece of vr
};

// Each piece's start time, stop-turns included; returns the moving time.
double time_pieces(std::vector<ProfilePiece>& pieces, const std::vector<double>& turn_before) {
  double t = 0.0, moving = 0.0;
  int span = -1;
  for (ProfilePiece& p : pieces) {
    for (; span < p.span; ++span) t += turn_before[size_t(span + 1)];
    p.t0 = t;
    const double dt = form_time(p.form, p.s0, p.v0, p.s1, p.v1);
    t += dt;
    moving += dt;
  }
  return moving;
}

bool falling(const ProfilePiece& p) { return p.limit == ProfileLimit::Braking && !is_constant(p.form); }

// A step of `kind` over the pieces [i, j].
ProfileStep run_step(ProfileStep::Kind kind, const std::vector<ProfilePiece>& ps, size_t i, size_t j) {
  ProfileStep st;
  st.kind = kind;
  st.s0 = ps[i].s0;
  st.v0 = ps[i].v0;
  st.s1 = ps[j].s1;
  st.v1 = ps[j].v1;
  return st;
}

// The steps of one braking run, pieces [i, j] (falling, one target): its reaction step when the flat
// stretch before it is at least one (the braking begins there), then the braking itself.
void trace_braking(const std::vector<ProfilePiece>& ps, size_t i, size_t j, const AgentDef& ag, ProfileTrace& trace) {
  ProfileStep st = run_step(ProfileStep::Kind::Braking, ps, i, j);
  st.limit = ps[j].target;
  st.brake = ag.brake_decel;
  st.decel = ps[i].form.kind == SpeedForm::Kind::Rate ? -ps[i].form.rate : 0.0;
  for (size_t k = i; k <= j; ++k)
    if (ps[k].form.kind != SpeedForm::Kind::Rate || -ps[k].form.rate != st.decel) st.decel = 0.0;
  double flat = 0.0;
  for (size_t k = i; k-- > 0 && is_constant(ps[k].form) && ps[k].v1 == st.v0;) flat += ps[k].s1 - ps[k].s0;
  const double hold = st.v0 * ag.reaction_dt;
  st.continued = !(flat >= hold * (1.0 - kSameLength));
  if (!st.continued && hold >= kStepLength) {
    ProfileStep r = st;
    r.kind = ProfileStep::Kind::Reaction;
    r.s0 = st.s0 - hold;
    r.s1 = st.s0;
    r.v1 = st.v0;
    r.s_end = st.s1;
    r.v_end = st.v1;
    r.reaction_dt = ag.reaction_dt;
    r.budget = st.decel != ag.brake_decel;
    trace.steps.push_back(r);
  }
  if (st.s1 - st.s0 >= kStepLength) trace.steps.push_back(st);
}

// One step per run of speeding up and per braking (with its reaction step), then the total.
void trace_runs(const Profile& out, const AgentDef& ag, double turn_time, ProfileTrace& trace) {
  const std::vector<ProfilePiece>& ps = out.pieces;
  for (size_t i = 0; i < ps.size();) {
    size_t j = i;
    if (ps[i].limit == ProfileLimit::Accel) {
      while (j + 1 < ps.size() && ps[j + 1].limit == ProfileLimit::Accel) ++j;
      const ProfileStep st = run_step(ProfileStep::Kind::Accelerating, ps, i, j);
      if (st.s1 - st.s0 >= kStepLength) trace.steps.push_back(st);
    } else if (falling(ps[i])) {
      while (j + 1 < ps.size() && falling(ps[j + 1]) && ps[j + 1].target == ps[i].target) ++j;
      trace_braking(ps, i, j, ag, trace);
    }
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
  decision.clear();
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
    out.failure = Failure{FailStage::Profile,
                          Reason::BadAgent,
                          "max_speed, accel, brake_decel, lateral_accel, max_accel and max_turn_rate must be > 0 "
                          "and reaction_dt >= 0",
                          {}};
    return;
  }
  make_spans(path, ag, trace, out.spans);
  thread_local std::vector<double> turn_before;  // kept per thread, as the envelopes' buffers
  const double turn_time = stop_turns(path, ag, out.spans, turn_before, trace);
  if (!out.spans.empty()) {
    braking_envelope(out.spans, ag, out.envelope);
    if (ag.reaction_dt > 0.0) {
      reaction_envelope(out.envelope, ag.reaction_dt, out.decision);
    } else {
      out.decision.assign(out.envelope.begin(), out.envelope.end());
    }
    ForwardPass(out.spans, out.envelope, out.decision, ag, out.pieces).run();
  }
  out.total_time = time_pieces(out.pieces, turn_before) + turn_time;
  out.ran = true;
  if (trace) trace_runs(out, ag, turn_time, *trace);
}

}  // namespace navlab
