// The 3D view's orbit camera: a perspective camera on a sphere around a target point, turned by yaw
// (around the world's y axis) and pitch (above the horizon), at a distance. Pure math, no GL: the
// renderer takes its matrix, the app its projection (labels, the script's mouse) and its rays (picking).
//
// World coordinates are Recast's (y up, metres). Yaw 0 looks along -z, which is the plane's +y: the top
// of the 2D view is the far side of the 3D view. Screen pixels have y down, (0, 0) the top-left corner.
#pragma once

#include <array>
#include <optional>

#include "geom.h"

namespace navlab::gl {

// A 4x4 matrix in column-major order (GL's): element (row r, column c) is m[c * 4 + r].
using Mat4 = std::array<double, 16>;

struct OrbitCamera {
  static constexpr double kMinPitch = 2.0;      // degrees: never below the horizon
  static constexpr double kMaxPitch = 89.0;     // degrees: never past straight down
  static constexpr double kMinDistance = 0.05;  // m
  static constexpr double kMaxDistance = 1e6;   // m

  Vec3 target{0.0, 0.0, 0.0};  // world point the camera looks at and orbits, m
  double yaw_deg = 30.0;       // around world y; 0 looks along -z
  double pitch_deg = 45.0;     // above the horizon [kMinPitch, kMaxPitch]
  double distance = 30.0;      // from the target, m [kMinDistance, kMaxDistance]
  double fov_deg = 45.0;       // vertical field of view
  double depth_range = 100.0;  // m: the far plane is this far past the target (fit() sets it)

  friend bool operator==(const OrbitCamera&, const OrbitCamera&) = default;

  Vec3 eye() const;
  // Unit vectors of the camera: forward (eye to target), right and up on screen.
  Vec3 forward() const;
  Vec3 right() const;
  Vec3 up() const;
  double near_plane() const;  // m
  double far_plane() const;   // m
  // World to clip coordinates for a target of `size` pixels (aspect width / height).
  Mat4 view_projection(Vec2 size) const;
  // The pixel (y down) of world point `w` in a target of `size`, or nullopt behind the near plane.
  std::optional<Vec2> to_screen(Vec3 w, Vec2 size) const;
  // The ray from the eye through pixel `s` (y down) of a target of `size`; unit direction.
  struct Ray {
    Vec3 origin, dir;
  };
  Ray ray_at(Vec2 s, Vec2 size) const;
  // Pixels per metre across the screen at the target's distance (the 2D camera's `scale` there).
  double px_per_m(Vec2 size) const;

  // Turns by (dyaw, dpitch) degrees; pitch stays in [kMinPitch, kMaxPitch], yaw in [0, 360).
  void orbit(double dyaw, double dpitch);
  // Multiplies the distance by `factor` (< 1 closer); the point `toward` (the surface under the cursor)
  // keeps its pixel: target and eye move towards it by the same ratio.
  void zoom(double factor, std::optional<Vec3> toward = std::nullopt);
  // Moves the target in the screen's plane so that the picture follows a drag of `delta` pixels.
  void pan(Vec2 delta, Vec2 size);
  // Looks at the box [lo, hi] (world) from the current yaw and pitch, the whole box in view.
  void fit(Vec3 lo, Vec3 hi, Vec2 size);
  // Puts pitch and distance in their ranges and yaw in [0, 360).
  void clamp();
};

// Matrix-vector product of a column-major 4x4 matrix and (x, y, z, w).
std::array<double, 4> transform(const Mat4& m, std::array<double, 4> v);

}  // namespace navlab::gl
