// `navlab plan --smoothing channel`: the channel and spline members of a plan result (README.md, "The command line").
#pragma once

#include <nlohmann/json.hpp>

#include "channel_plan.h"
#include "navmesh.h"
#include "plan.h"

namespace navlab::cli {

// Adds "channel": {"gates": [[[x, y], [x, y]], ...], "channels": N} and "spline": {"mode", "pieces":
// [{"kind": "segment", "from", "to"} | {"kind": "arc", "center", "radius", "from", "to", "ccw"}],
// "length"} to `result`, and replaces its "profile" with the speed profile along the spline.
void add_channel_json(const NavMesh& mesh, const PlanResult& plan, const ChannelPlan& channel,
                      nlohmann::ordered_json& result);

}  // namespace navlab::cli
