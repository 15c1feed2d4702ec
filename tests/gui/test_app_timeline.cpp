// The timeline shows every stage's records: locate and clearance steps are on it with their sentences,
// and turn steps draw the arc their record keeps.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

TEST(AppTimeline, LocateAndClearanceStepsAreOnTheTimeline) {
  // doors_balcony.json: start (1, 1.5) is in polygon 0, goal (7, 1.5) in polygon 3; the plan runs
  // through door1; its first portal (x = 2, y 0..3) is 3 m wide and keeps 0.2 m from each end.
  const ScriptRun locate = run_script("timeline_locate", R"([{"frames": 2}, {"step": "locate:1"}, {"frames": 1}])",
                                      "doors_balcony.json");
  ASSERT_EQ(locate.exit_code, 0) << locate.err;
  EXPECT_EQ(locate.state["caption"], "Start (1, 1.5) is in polygon 0.");
  const ScriptRun goal = run_script("timeline_goal", R"([{"frames": 2}, {"step": "locate:2"}, {"frames": 1}])",
                                    "doors_balcony.json");
  EXPECT_EQ(goal.state["caption"], "Goal (7, 1.5) is in polygon 3.");
  const ScriptRun clearance = run_script(
      "timeline_clearance", R"([{"frames": 2}, {"step": "clearance:1"}, {"frames": 1}])", "doors_balcony.json");
  ASSERT_EQ(clearance.exit_code, 0) << clearance.err;
  const std::string caption = clearance.state["caption"];
  EXPECT_EQ(caption.rfind("Portal 0 is 3 m wide; DistanceToInnerCorner(3 m) = 0.2 m is cut off each end", 0), 0u) << caption;
}

}  // namespace
}  // namespace navlab::test
