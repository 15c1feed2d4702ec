// The app's usual layout (no presentation) at a projector's 1280x720: every panel's text fits its
// window (the app's own check, App::clipped_windows, printed as "clipped"), on scenes of every kind.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

TEST(AppLayout, NoPanelTextIsCutAt1280x720) {
  use_display();
  const std::string script = temp_dir() + "/frames.json";
  write_text(script, R"([{"frames": 3}])");
  for (const char* scene : {"default.json", "w2_doors.json", "corridor_not_shortest.json", "spawn_checks.json",
                            "links_islands.json", "mesh_two_floors.json", "w6_braking.json"}) {
    SCOPED_TRACE(scene);
    const std::string png = temp_dir() + "/layout.png";
    const RunResult r =
        run_navlab("'" + scene_path(scene) + "' --size 1280x720 --script '" + script + "' --screenshot '" + png + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json state = last_json_line(r.out);
    ASSERT_TRUE(state.contains("clipped")) << r.out;
    EXPECT_TRUE(state["clipped"].empty()) << "text cut in " << state["clipped"].dump();
  }
}

}  // namespace
}  // namespace navlab::test
