// The channel tests' common run: a scene from text, its first query planned, then its channels.
#pragma once

#include <string>

#include "channel_plan.h"
#include "meshes.h"
#include "plan.h"

namespace navlab::test {

struct ChannelRun {
  Loaded l;
  PlanResult plan;
  ChannelPlan channel;
  ChannelPlanTrace trace;
};

// Loads `text`, plans its first query and fits the channels along that plan (with their trace).
ChannelRun run_channel(const std::string& text);

}  // namespace navlab::test
