// The speed profile's limit curves (core/motion/profile.h), as closed-form pieces: the braking envelope of
// the backward pass, and that envelope seen through the reaction step. Inside core/motion only.
#pragma once

#include <vector>

#include "agent.h"
#include "profile.h"

namespace navlab {

// The braking envelope vb over `spans` (end to end from 0, the last one ending at the goal): the fastest
// speed from which braking at min(brake_decel, budget) meets every span's cap and every stop ahead. In
// travel order; on each span at most three pieces (braking at the rate, braking on the budget, the cap).
std::vector<LimitPiece> braking_envelope(const std::vector<ProfileSpan>& spans, const AgentDef& agent);

// The envelope vr through the reaction step dt > 0 (s): at s the largest v with v <= vb(s') for every
// s' in [s, s + v·dt]. Each stretch of `vb` between its upward jumps, shifted back by v·dt, bounds vr;
// vr is their lower envelope, cut at s = 0. In travel order, from 0 to the end of `vb`.
std::vector<LimitPiece> reaction_envelope(const std::vector<LimitPiece>& vb, double dt);

}  // namespace navlab
