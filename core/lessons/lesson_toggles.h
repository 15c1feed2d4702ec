// A slide's toggles applied to its scene (used by the app and the lesson loader's step check).
#pragma once

#include "lesson.h"
#include "scene.h"

namespace navlab {

// The slide's door states and agent parameters applied to `scene`. A graph gate (an edge's "door")
// that is not in scene.doors is added there as a door without a shape, which gates its edges.
void apply_slide_toggles(const LessonSlide& slide, Scene& scene);

}  // namespace navlab
