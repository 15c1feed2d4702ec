#include "gl_camera3d.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navlab::gl {

namespace {

constexpr double kNearFraction = 0.01;  // the near plane at this fraction of the distance ...
constexpr double kMinNear = 0.01;       // ... but never closer, m
constexpr double kFitMargin = 1.08;     // fit(): the box's sphere with this margin

double rad(double deg) { return deg * std::numbers::pi / 180.0; }
Vec3 unit(Vec3 v) {
  const double l = length(v);
  return l > 0.0 ? v * (1.0 / l) : Vec3{0, 0, -1};
}

}  // namespace

std::array<double, 4> transform(const Mat4& m, std::array<double, 4> v) {
  std::array<double, 4> out{};
  for (int r = 0; r < 4; ++r)
    out[size_t(r)] = m[size_t(r)] * v[0] + m[size_t(4 + r)] * v[1] + m[size_t(8 + r)] * v[2] + m[size_t(12 + r)] * v[3];
  return out;
}

Vec3 OrbitCamera::eye() const {
  const double p = rad(pitch_deg), y = rad(yaw_deg);
  return target + Vec3{std::cos(p) * std::sin(y), std::sin(p), std::cos(p) * std::cos(y)} * distance;
}

Vec3 OrbitCamera::forward() const { return unit(target - eye()); }
Vec3 OrbitCamera::right() const {
  const double y = rad(yaw_deg);
  return {std::cos(y), 0.0, -std::sin(y)};  // horizontal: pitch stays below 90 degrees
}
Vec3 OrbitCamera::up() const { return cross(right(), forward()); }

double OrbitCamera::near_plane() const { return std::max(kMinNear, distance * kNearFraction); }
double OrbitCamera::far_plane() const { return std::max(distance + depth_range, near_plane() * 2.0); }

Mat4 OrbitCamera::view_projection(Vec2 size) const {
  const Vec3 f = forward(), r = right(), u = up(), e = eye();
  // View: rows are right, up and -forward; the eye at the origin.
  Mat4 view{};
  const Vec3 rows[3] = {r, u, f * -1.0};
  for (int i = 0; i < 3; ++i) {
    view[size_t(0 + i)] = rows[i].x;
    view[size_t(4 + i)] = rows[i].y;
    view[size_t(8 + i)] = rows[i].z;
    view[size_t(12 + i)] = -dot(rows[i], e);
  }
  view[15] = 1.0;
  // Perspective as gluPerspective.
  const double n = near_plane(), fa = far_plane();
  const double aspect = size.x / std::max(1.0, size.y);
  const double t = 1.0 / std::tan(rad(fov_deg) * 0.5);
  Mat4 proj{};
  proj[0] = t / aspect;
  proj[5] = t;
  proj[10] = (fa + n) / (n - fa);
  proj[11] = -1.0;
  proj[14] = 2.0 * fa * n / (n - fa);
  Mat4 out{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) {
      double s = 0.0;
      for (int k = 0; k < 4; ++k) s += proj[size_t(k * 4 + row)] * view[size_t(c * 4 + k)];
      out[size_t(c * 4 + row)] = s;
    }
  return out;
}

std::optional<Vec2> OrbitCamera::to_screen(Vec3 w, Vec2 size) const {
  const auto c = transform(view_projection(size), {w.x, w.y, w.z, 1.0});
  if (c[3] < near_plane() * 0.5) return std::nullopt;
  return Vec2{(c[0] / c[3] + 1.0) * 0.5 * size.x, (1.0 - c[1] / c[3]) * 0.5 * size.y};
}

OrbitCamera::Ray OrbitCamera::ray_at(Vec2 s, Vec2 size) const {
  const double t = std::tan(rad(fov_deg) * 0.5), aspect = size.x / std::max(1.0, size.y);
  const double x = (2.0 * s.x / std::max(1.0, size.x) - 1.0) * t * aspect;
  const double y = (1.0 - 2.0 * s.y / std::max(1.0, size.y)) * t;
  return {eye(), unit(forward() + right() * x + up() * y)};
}

double OrbitCamera::px_per_m(Vec2 size) const { return size.y / (2.0 * distance * std::tan(rad(fov_deg) * 0.5)); }

void OrbitCamera::clamp() {
  pitch_deg = std::clamp(pitch_deg, kMinPitch, kMaxPitch);
  distance = std::clamp(distance, kMinDistance, kMaxDistance);
  yaw_deg = std::fmod(yaw_deg, 360.0);
  if (yaw_deg < 0.0) yaw_deg += 360.0;
}

void OrbitCamera::orbit(double dyaw, double dpitch) {
  yaw_deg += dyaw;
  pitch_deg += dpitch;
  clamp();
}

void OrbitCamera::zoom(double factor, std::optional<Vec3> toward) {
  const double before = distance;
  distance = std::clamp(distance * factor, kMinDistance, kMaxDistance);
  if (toward) target = *toward + (target - *toward) * (distance / before);
}

void OrbitCamera::pan(Vec2 delta, Vec2 size) {
  const double k = 1.0 / px_per_m(size);
  target = target - right() * (delta.x * k) + up() * (delta.y * k);
}

void OrbitCamera::fit(Vec3 lo, Vec3 hi, Vec2 size) {
  target = (lo + hi) * 0.5;
  const double radius = std::max(0.5 * length(hi - lo), 0.5);
  const double aspect = size.x / std::max(1.0, size.y);
  const double half_v = rad(fov_deg) * 0.5, half_h = std::atan(std::tan(half_v) * aspect);
  distance = radius * kFitMargin / std::sin(std::min(half_v, half_h));
  depth_range = radius * 4.0;
  clamp();
}

}  // namespace navlab::gl
