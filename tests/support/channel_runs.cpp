#include "channel_runs.h"

namespace navlab::test {

ChannelRun run_channel(const std::string& text) {
  ChannelRun b{load_text(text), {}, {}, {}};
  const Query& q = b.l.scene.queries.at(0);
  b.plan = navlab::plan(b.l.scene, b.l.mesh, PlanRequest{q.start, q.goal, {}});
  b.channel = plan_channel(b.l.scene, b.l.mesh, b.plan, {}, &b.trace);
  return b;
}

}  // namespace navlab::test
