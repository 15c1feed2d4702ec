// What the side-scroller tests share: the body they place, the seed's tick and the comparison slack.
#pragma once

#include "geom.h"
#include "side_movement.h"

namespace navlab::test::side_bodies {

constexpr double kDt = 0.05;   // s: the seed's tick
constexpr double kEps = 1e-9;  // m, m/s: positions and speeds computed in k·dt steps compare within this

// A body at `pos` (its bottom-centre) of `size`, walking unless `flying`.
inline side::Body body(Vec2 pos, Vec2 size, bool flying = false) {
  side::Body b;
  b.pos = pos;
  b.size = size;
  b.flying = flying;
  return b;
}

}  // namespace navlab::test::side_bodies
