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

}  // namespace navlab::test
