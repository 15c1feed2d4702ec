// The scene bench_drag drags a door in and bench_replan re-plans on: a generated pillar hall
// (generated_level.h) with a 48 m query across the middle and a closed 6 m door beside it, 3 m away.
// Header-only: each bench is one program.
#pragma once

#include "generated_level.h"
#include "scene.h"

namespace navlab::bench {

// A point of the hall at least 1 m from every pillar, searched along +x from `p`.
inline Vec2 free_point(const Scene::Floorplan& plan, Vec2 p) {
  for (;; p.x += 0.25) {
    bool clear = true;
    for (const auto& h : plan.holes)
      clear = clear && !(p.x > h[0].x - 1 && p.x < h[2].x + 1 && p.y > h[0].y - 1 && p.y < h[2].y + 1);
    if (clear) return p;
  }
}

struct DragScene {
  Scene scene;
  Vec2 door_a, door_b;  // the door's segment, beside the route
};

// The hall of about `polygons` polygons with its door "gate" (closed) and its query "across".
inline DragScene drag_scene(int polygons) {
  DragScene out;
  out.scene = pillar_hall_scene(polygons, 1);
  Scene& s = out.scene;
  const Scene::Floorplan& plan = std::get<Scene::Floorplan>(s.source);
  const Vec2 c = plan.outline[2] * 0.5;
  out.door_a = c + Vec2{2, 3};
  out.door_b = c + Vec2{2, 9};
  Door door;
  door.id = "gate";
  door.shape = {ScenePoint{"", out.door_a, 0, false}, ScenePoint{"", out.door_b, 0, false}};
  door.open = false;
  s.doors.push_back(door);
  Query q;
  q.name = "across";
  q.start.plane = free_point(plan, c + Vec2{-24, 0});
  q.goal.plane = free_point(plan, c + Vec2{24, 0});
  s.queries.push_back(q);
  return out;
}

}  // namespace navlab::bench
