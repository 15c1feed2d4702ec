#include "avoider.h"

#include <algorithm>
#include <array>

namespace navlab {

namespace {

constexpr float kVelocityBias = 0.4f;      // DetourCrowd's defaults (RecastDemo "high quality" sampling)
constexpr double kChangedVelocity = 0.05;  // m/s; a sampled velocity this far from the desired one avoids

std::array<float, 3> world3(Vec2 p) { return {float(p.x), 0.0f, float(-p.y)}; }

}  // namespace

Avoider::Avoider(size_t blockers) {
  q_->init(int(std::max<size_t>(1, blockers)), 0);
  params_.velBias = kVelocityBias;
  params_.weightDesVel = 2.0f;
  params_.weightCurVel = 0.75f;
  params_.weightSide = 0.75f;
  params_.weightToi = 2.5f;
  params_.horizTime = 1.5f;
  params_.gridSize = 33;
  params_.adaptiveDivs = 7;
  params_.adaptiveRings = 2;
  params_.adaptiveDepth = 5;
}

Vec2 Avoider::sample(const Scene& scene, double t, Vec2 pos, Vec2 vel, Vec2 desired, double vmax, bool& used) {
  used = false;
  q_->reset();
  const double range = vmax * params_.horizTime + 2.0 * scene.agent.radius;
  int n = 0;
  for (const Blocker& b : scene.blockers) {
    const Vec2 c = b.center.plane + b.velocity * t;
    const double r = b.radius > 0 ? b.radius : length(b.half_extents);
    if (distance(c, pos) - r - scene.agent.radius > range) continue;
    const auto cp = world3(c), cv = world3(b.velocity);
    q_->addCircle(cp.data(), float(r), cv.data(), cv.data());
    ++n;
  }
  if (n == 0) return desired;
  const auto p = world3(pos), v = world3(vel), d = world3(desired);
  float out[3] = {0, 0, 0};
  q_->sampleVelocityAdaptive(p.data(), float(scene.agent.radius), float(vmax), v.data(), d.data(), out, &params_);
  const Vec2 nv{out[0], -out[2]};
  used = distance(nv, desired) > kChangedVelocity;
  return nv;
}

}  // namespace navlab
