// Door events for the follower tests.
#pragma once

#include <string>

#include "follower.h"

namespace navlab::test {

inline FollowEvent close_at(double t, const std::string& door) {
  return {t, FollowEvent::Kind::Close, door, {}, false, {}};
}
inline FollowEvent open_at(double t, const std::string& door) {
  return {t, FollowEvent::Kind::Open, door, {}, false, {}};
}
// Door `d` moved at `t` by `off` from where the scene has it.
inline FollowEvent move_by(double t, const Door& d, Vec2 off) {
  return {t, FollowEvent::Kind::Move, d.id, {d.shape[0].plane + off, d.shape[1].plane + off}, false, {}};
}

}  // namespace navlab::test
