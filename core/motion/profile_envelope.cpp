#include "profile_envelope.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

namespace navlab {

namespace {

// Pieces laid down backwards (the last in travel order first) at the end of a buffer kept by the caller, so
// that they come out in travel order with one contiguous copy (cheaper than reversing them).
class BackwardList {
 public:
  explicit BackwardList(std::vector<LimitPiece>& buf) : buf_(buf), head_(buf.size()) {}
  bool empty() const { return head_ == buf_.size(); }
  size_t size() const { return buf_.size() - head_; }
  LimitPiece& front() { return buf_[head_]; }  // the earliest in travel order
  void push_front(const LimitPiece& p) {
    if (head_ == 0) {
      const LimitPiece q = p;  // (p may live in the buffer)
      grow();
      buf_[--head_] = q;
      return;
    }
    buf_[--head_] = p;
  }
  void pop_front() { ++head_; }
  void copy_to(std::vector<LimitPiece>& out) const { out.assign(buf_.begin() + std::ptrdiff_t(head_), buf_.end()); }

 private:
  void grow() {
    const size_t extra = std::max<size_t>(16, buf_.size());
    buf_.insert(buf_.begin(), extra, LimitPiece{});
    head_ += extra;
  }
  std::vector<LimitPiece>& buf_;
  size_t head_;
};

LimitPiece piece_of(const SpeedForm& form, double s0, double s1, double x0, double x1, ProfileLimit target) {
  return LimitPiece{s0, s1, std::sqrt(std::max(0.0, x0)), std::sqrt(std::max(0.0, x1)), form, target};
}

// The span's cap over [span start, s]; returns v² at the span's start.
double finish_constant(const ProfileSpan& sp, double s, BackwardList& rev) {
  const double cap2 = sp.cap * sp.cap;
  if (s > sp.s0) rev.push_front(piece_of(constant_form(sp.cap), sp.s0, s, cap2, cap2, sp.cap_limit));
  return cap2;
}

// The braking form through (s, x = v²) on `sp`, read backwards: braking at the rate (min(b, A) on a
// segment; b on an arc while the budget allows it, x below sqrt(A² − b²)/k) or on the budget itself.
// `*turn` is where (backwards) it turns from the rate to the budget (−inf when it does not).
SpeedForm braking_form(const ProfileSpan& sp, const AgentDef& ag, double s, double x, double* turn) {
  const double A = ag.max_accel, b = ag.brake_decel, k = sp.curvature;
  SpeedForm f;
  f.s0 = s;
  *turn = -kProfileInf;
  const double x_thr = k == 0.0 ? kProfileInf : b < A ? std::sqrt((A - b) * (A + b)) / k : 0.0;
  if (x < x_thr) {
    f.x0 = x;
    f.rate = k == 0.0 ? -std::min(b, A) : -b;
    if (x_thr < kProfileInf) *turn = s - (x_thr - x) / (2.0 * b);
    return f;
  }
  f.kind = SpeedForm::Kind::Budget;
  f.k = k;
  f.a = A;
  f.theta0 = std::asin(std::min(1.0, k * x / A));
  f.dir = -1.0;
  return f;
}

// One span's braking envelope, built backwards from its end (x_end = v² there, `target` what that speed
// is the limit of). Appends the pieces in reverse travel order; returns v² at the span's start.
double brake_over_span(const ProfileSpan& sp, const AgentDef& ag, double x_end, ProfileLimit target,
                       BackwardList& rev) {
  const double cap2 = sp.cap * sp.cap;
  double s = sp.s1, x = std::min(x_end, cap2);
  while (s > sp.s0 && x < cap2) {
    double turn;
    const SpeedForm f = braking_form(sp, ag, s, x, &turn);
    const double s_cap = form_position(f, sp.cap);  // where braking backwards reaches the cap
    const double lo = std::max({sp.s0, s_cap, turn});
    if (!(lo < s)) break;
    const double x_lo =
        lo == s_cap  ? cap2
        : lo == turn ? std::sqrt((ag.max_accel - ag.brake_decel) * (ag.max_accel + ag.brake_decel)) / sp.curvature
                     : form_x(f, lo);
    rev.push_front(piece_of(f, lo, s, x_lo, x, target));
    s = lo;
    x = x_lo;
  }
  return s > sp.s0 ? finish_constant(sp, s, rev) : x;
}
}  // namespace

void braking_envelope(const std::vector<ProfileSpan>& spans, const AgentDef& ag, std::vector<LimitPiece>& out) {
  thread_local std::vector<LimitPiece> buf;  // kept per thread: a profile allocates nothing here once it has grown
  if (buf.size() < 3 * spans.size()) buf.resize(3 * spans.size());  // (at most three pieces a span)
  BackwardList rev(buf);
  double x_next = 0.0;
  ProfileLimit target = ProfileLimit::Goal;
  for (size_t i = spans.size(); i-- > 0;) {
    const ProfileSpan& sp = spans[i];
    if (sp.stop_at_end) {
      x_next = 0.0;
      target = i + 1 == spans.size() ? ProfileLimit::Goal : ProfileLimit::StopTurn;
    }
    const size_t before = rev.size();
    x_next = brake_over_span(sp, ag, x_next, target, rev);
    target = rev.size() > before ? rev.front().target : target;
  }
  rev.copy_to(out);
}

namespace {

double speed_in(const LimitPiece& p, double s) {
  if (s == p.s0) return p.v0;
  if (s == p.s1) return p.v1;
  return form_speed(p.form, s);
}

// True when `next`, starting at `a`, goes on from `last` (same form and target, no gap): the two are one
// piece.
bool continues(const LimitPiece& last, const LimitPiece& next, double a) {
  return last.s1 == a && last.target == next.target && last.form == next.form;
}
bool continues(const LimitPiece& last, const LimitPiece& next) { return continues(last, next, next.s0); }

// `p` restricted to [a, b] (inside it), with its speeds there `va`, `vb`, appended to `out`: dropped when
// empty, merged into the last piece when it goes on with the same form. Written in place (a piece is large
// and the envelopes copy many).
[[gnu::always_inline]] inline void append_part(std::vector<LimitPiece>& out, const LimitPiece& p, double a, double b,
                                               double va, double vb) {
  if (!(b > a)) return;
  if (!out.empty() && continues(out.back(), p, a)) {
    out.back().s1 = b;
    out.back().v1 = vb;
    return;
  }
  out.push_back(p);
  LimitPiece& q = out.back();
  q.s0 = a;
  q.s1 = b;
  q.v0 = va;
  q.v1 = vb;
}

// The same with the speeds read from `p` (its speed at a is not needed when the piece merges).
void append_part(std::vector<LimitPiece>& out, const LimitPiece& p, double a, double b) {
  if (!(b > a)) return;
  if (!out.empty() && continues(out.back(), p, a)) {
    out.back().s1 = b;
    out.back().v1 = speed_in(p, b);
    return;
  }
  append_part(out, p, a, b, speed_in(p, a), speed_in(p, b));
}

// The bound one stretch of vb (pieces [first, last], continuous and non-increasing) puts on vr: each piece
// shifted back by its speed times dt, then the stretch's last speed over the window before its end (the
// window of any s there ends past the stretch, where the stretch's lowest speed holds). Cut at s = 0.
void shifted_stretch(const std::vector<LimitPiece>& vb, size_t first, size_t last, double dt,
                     std::vector<LimitPiece>& out) {
  out.clear();
  for (size_t j = first; j <= last; ++j) {
    const LimitPiece& e = vb[j];
    const double s1 = e.s1 - e.v1 * dt;
    if (s1 <= 0.0) continue;
    out.push_back(e);
    LimitPiece& p = out.back();
    p.form.dt = dt;
    p.s0 = e.s0 - e.v0 * dt;
    p.s1 = s1;
    if (is_constant(p.form)) p.form = constant_form(e.v0, dt);
    if (p.s0 < 0.0) {
      p.v0 = speed_in(p, 0.0);
      p.s0 = 0.0;
    }
    if (out.size() > 1 && out[out.size() - 2].form == p.form && out[out.size() - 2].target == p.target) {
      out[out.size() - 2].s1 = p.s1;
      out[out.size() - 2].v1 = p.v1;
      out.pop_back();
    }
  }
  const LimitPiece& end = vb[last];
  if (end.v1 > 0.0) {
    const LimitPiece tail{std::max(0.0, end.s1 - end.v1 * dt), end.s1,    end.v1, end.v1,
                          constant_form(end.v1, dt),           end.target};
    append_part(out, tail, tail.s0, tail.s1, tail.v0, tail.v1);
  }
}

// The pointwise lower envelope of two piece lists, each contiguous and non-increasing between upward
// jumps, over the union of their ranges (which overlap or touch), into `out`. On a stretch where both
// are defined the two forms cross at most once (cross_falling).
void lower_of(std::span<const LimitPiece> a, std::span<const LimitPiece> b, std::vector<LimitPiece>& out) {
  out.clear();
  size_t i = 0, j = 0;
  double x = std::min(a.empty() ? kProfileInf : a.front().s0, b.empty() ? kProfileInf : b.front().s0);
  const double end = std::max(a.empty() ? -kProfileInf : a.back().s1, b.empty() ? -kProfileInf : b.back().s1);
  while (x < end) {
    while (i < a.size() && a[i].s1 <= x) ++i;
    while (j < b.size() && b[j].s1 <= x) ++j;
    const bool in_a = i < a.size() && a[i].s0 <= x, in_b = j < b.size() && b[j].s0 <= x;
    double next = end;
    if (i < a.size()) next = std::min(next, in_a ? a[i].s1 : a[i].s0);
    if (j < b.size()) next = std::min(next, in_b ? b[j].s1 : b[j].s0);
    if (in_a && !in_b) {
      append_part(out, a[i], x, next);
    } else if (in_b && !in_a) {
      append_part(out, b[j], x, next);
    } else if (in_a && in_b) {
      const LimitPiece &pa = a[i], &pb = b[j];
      const double a0 = speed_in(pa, x), a1 = speed_in(pa, next), b0 = speed_in(pb, x), b1 = speed_in(pb, next);
      if (a0 <= b0 && a1 <= b1) {
        append_part(out, pa, x, next, a0, a1);
      } else if (b0 <= a0 && b1 <= a1) {
        append_part(out, pb, x, next, b0, b1);
      } else {
        const double c = cross_falling(pa.form, pb.form, x, next);
        // The lower one at x runs to c, the other from c on (their speeds at x and next known).
        const bool a_first = a0 <= b0;
        const LimitPiece& first = a_first ? pa : pb;
        const LimitPiece& second = a_first ? pb : pa;
        const double f0 = a_first ? a0 : b0, f1 = a_first ? a1 : b1;
        const double g0 = a_first ? b0 : a0, g1 = a_first ? b1 : a1;
        if (c > x) append_part(out, first, x, c, f0, c == next ? f1 : speed_in(first, c));
        if (c < next) append_part(out, second, c, next, c == x ? g0 : speed_in(second, c), g1);
      }
    }
    if (!(next > x)) break;
    x = next;
  }
}
}  // namespace

void reaction_envelope(const std::vector<LimitPiece>& vb, double dt, std::vector<LimitPiece>& out) {
  // Built backwards, stretch by stretch: `rev` holds the envelope of the later stretches, last piece
  // first, so the part an earlier stretch overlaps is at its back. The buffers are kept per thread: a
  // profile allocates nothing here once they have grown.
  thread_local std::vector<LimitPiece> rev, own, overlap, merged;
  rev.clear();
  rev.reserve(2 * vb.size() + 4);
  size_t last = vb.size();
  while (last > 0) {
    size_t first = last - 1;
    while (first > 0 && !(vb[first].v0 > vb[first - 1].v1)) --first;
    shifted_stretch(vb, first, last - 1, dt, own);
    last = first;
    if (own.empty()) continue;
    // The later envelope's pieces that start before this stretch's bound ends.
    const double until = own.back().s1;
    overlap.clear();
    while (!rev.empty() && rev.back().s0 < until) {
      overlap.push_back(rev.back());
      rev.pop_back();
      LimitPiece& p = overlap.back();
      if (p.s1 > until) {  // split there: the rest stays in `rev`
        const double vu = speed_in(p, until);
        rev.push_back(p);
        rev.back().s0 = until;
        rev.back().v0 = vu;
        p.s1 = until;
        p.v1 = vu;
      }
    }
    if (overlap.empty()) {
      for (size_t m = own.size(); m-- > 0;) rev.push_back(own[m]);
      continue;
    }
    // Its pieces that end before the overlap are its own; the lower envelope starts there.
    size_t k = 0;
    while (own[k].s1 <= overlap.front().s0) ++k;  // (own ends past the overlap's start)
    lower_of(std::span(own).subspan(k), overlap, merged);
    for (size_t m = merged.size(); m-- > 1;) rev.push_back(merged[m]);
    if (!merged.empty()) {
      const LimitPiece& joined = merged.front();
      if (k > 0 && continues(own[k - 1], joined)) {  // as lower_of would have merged it into own[k - 1]
        rev.push_back(own[k - 1]);
        rev.back().s1 = joined.s1;
        rev.back().v1 = joined.v1;
        --k;
      } else {
        rev.push_back(joined);
      }
    }
    for (size_t m = k; m-- > 0;) rev.push_back(own[m]);
  }
  // Copied into `out` (a swap would trade capacities between the caller's results and this buffer).
  out.assign(rev.rbegin(), rev.rend());
}

}  // namespace navlab
