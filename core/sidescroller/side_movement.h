// The movement layer of a side-scroller (docs/sidescroller.md): gravity, walking, and the wall/cliff probe
// WouldBlockAhead. It is where reachability comes from: a ground body is clamped at a wall or at the end
// of the ground it stands on, so "where it can walk" needs no graph — it walks, and where it is stopped
// is the edge. y is up; a body's `pos` is the bottom centre of its box.
#pragma once

#include <limits>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "scene.h"

namespace navlab::side {

// Distances closer than this are contact (standing on a top, touching a wall), m.
inline constexpr double kContact = 1e-6;

// What is ahead of a grounded body in one direction. JSON names: "free", "wall", "cliff".
enum class Ahead { Free, Wall, Cliff };
inline constexpr Named<Ahead> kAheadNames[] = {
    {Ahead::Free, "free"},
    {Ahead::Wall, "wall"},
    {Ahead::Cliff, "cliff"},
};
static_assert(names_cover(kAheadNames, Ahead::Cliff));
inline const char* to_string(Ahead v) { return name_in(kAheadNames, v); }

struct World {
  double gravity = 30.0;  // m/s²
  std::vector<SideBox> solids;
};

struct Body {
  Vec2 pos;             // bottom centre, m
  Vec2 size{1.0, 1.0};  // width, height, m
  Vec2 vel;             // m/s, of the last step
  bool grounded = false;
  bool flying = false;  // flying bodies ignore gravity and solids
};

// What one step did.
struct StepOutcome {
  bool clamped = false;  // the walk was cut short by a wall or a cliff
  bool landed = false;   // the body touched down this step
};

class Mover {
 public:
  // `world` must outlive the mover. `grounded` is worked out from the solids.
  Mover(const World& world, Body body);

  const Body& body() const { return body_; }
  double x() const { return body_.pos.x; }
  bool grounded() const { return body_.grounded; }

  // How far the body can move in `dir` (+1 right, -1 left) before touching a wall or, when
  // `stop_at_cliffs` and grounded, before its leading edge reaches the end of its ground; m, >= 0.
  double room_ahead(int dir, bool stop_at_cliffs = true) const;
  // Free, or what stops a GROUNDED body walking in `dir` now (room ahead <= kContact). Airborne: Free.
  Ahead ahead(int dir) const;
  // The seed's WouldBlockAhead(dir): a wall or a cliff right ahead of a grounded body.
  bool would_block_ahead(int dir) const { return ahead(dir) != Ahead::Free; }

  // Intent for the next step (the seed's PendingInput), kept until changed:
  // walk in `dir` at `speed` m/s, at most `max_distance` m per step; a grounded walker is clamped at
  // walls and cliffs (seed: `if (IsGrounded && WouldBlockAhead(dir)) dir = 0`).
  void move_horizontal(int dir, double speed, double max_distance = std::numeric_limits<double>::infinity());
  // Walk like move_horizontal but off cliffs (a charge); walls still stop it.
  void charge(int dir, double speed);
  // Flying bodies: straight towards `target` at `speed` m/s, stopping on it.
  void fly_towards(Vec2 target, double speed);
  void stop();

  // One fixed step of `dt` s: the horizontal intent (clamped), then gravity and landing.
  StepOutcome step(double dt);

 private:
  struct Intent {
    int dir = 0;
    double speed = 0.0;
    double max_distance = std::numeric_limits<double>::infinity();
    bool cliffs_stop = true;
    bool fly = false;
    Vec2 fly_target;
  };
  bool supported() const;
  double wall_room(int dir) const;
  double ground_room(int dir) const;
  bool fall(double dt);

  const World* world_;
  Body body_;
  Intent intent_;
};

}  // namespace navlab::side
