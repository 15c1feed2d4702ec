// The speed profile's limit curves (core/motion/profile.h), as closed-form pieces: the braking envelope vb
// of the backward pass, and the decision curve vr, vb seen through the reaction step. Inside core/motion
// only.
#pragma once

#include <limits>
#include <vector>

#include "agent.h"
#include "profile.h"

namespace navlab {

// The profile's own constants, shared by its files.
constexpr double kProfileInf = std::numeric_limits<double>::infinity();
constexpr double kSpeedEps = 1e-9;  // m/s: a speed this close to a limit is "at" it

// The braking envelope vb over `spans` (end to end from 0, the last one ending at the goal): the fastest
// speed from which braking at min(brake_decel, budget) meets every span's cap and every stop ahead. In
// travel order, into `out`; on each span at most three pieces (braking at the rate, braking on the
// budget, the cap).
void braking_envelope(const std::vector<ProfileSpan>& spans, const AgentDef& agent, std::vector<LimitPiece>& out);

// The decision curve vr through the reaction step dt > 0 (s): at s the largest v with v <= vb(s') for
// every s' in [s, s + v·dt]. Each stretch of `vb` between its upward jumps, shifted back by v·dt, bounds vr;
// vr is their lower envelope, cut at s = 0. In travel order, from 0 to the end of `vb`, into `out`.
void reaction_envelope(const std::vector<LimitPiece>& vb, double dt, std::vector<LimitPiece>& out);

}  // namespace navlab
