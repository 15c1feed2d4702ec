// `navlab check --against OTHER --pictures DIR`: one picture per changed case.
#pragma once

#include <string>
#include <vector>

#include "check_report.h"

namespace navlab::cli {

// The two versions of a suite's navmesh and their runs.
struct CheckVersions {
  const CheckSuite& suite;
  const Scene& before_scene;
  const CheckRun& before;
  const Scene& after_scene;
  const CheckRun& after;
  std::string after_name;  // how the other version was named on the command line
};

// Writes DIR/NN_CASE.png for every change: the version before on the left and after on the right, each
// with its navmesh, both cases' paths (before in the funnel path's orange, after in cyan), their starts
// and goals and a caption, one camera framing both. Creates DIR. Returns the files written, in the order
// of `changes`, or an error (no display, an unwritable folder).
Result<std::vector<std::string>> write_change_pictures(const CheckVersions& v, const std::vector<CaseChange>& changes,
                                                       const std::string& dir);

}  // namespace navlab::cli
