// Enum names from one table (enum_names.h): the table's checks on a hand-made enum, then every table of
// navlab read back name by name: each name names its own value, and no two values share a name (a
// parser could not tell them apart, and JSON readers would merge them).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "bake.h"
#include "channel.h"
#include "check_report.h"
#include "check_suite.h"
#include "compare_methods.h"
#include "enum_names.h"
#include "follower.h"
#include "funnel.h"
#include "locate.h"
#include "polyanya.h"
#include "profile.h"
#include "raycast.h"
#include "result.h"
#include "scene.h"
#include "search.h"
#include "side_movement.h"
#include "side_navigator.h"
#include "side_strategy.h"
#include "spawn.h"
#include "spline.h"
#include "turns.h"

namespace navlab {
namespace {

enum class Colour { Red, Green, Blue };
constexpr Named<Colour> kColours[] = {{Colour::Red, "red"}, {Colour::Green, "green"}, {Colour::Blue, "blue"}};
constexpr Named<Colour> kColoursShort[] = {{Colour::Red, "red"}, {Colour::Green, "green"}};
constexpr Named<Colour> kColoursSwapped[] = {{Colour::Red, "red"}, {Colour::Blue, "blue"}, {Colour::Green, "green"}};

TEST(EnumNames, ATableCoversItsEnumOnlyWhenItListsEveryValueInOrder) {
  static_assert(names_cover(kColours, Colour::Blue));
  static_assert(!names_cover(kColoursShort, Colour::Blue));    // a value without its name
  static_assert(!names_cover(kColoursSwapped, Colour::Blue));  // out of order
  static_assert(!names_cover(kColours, Colour::Green));        // a value past the stated last one
  EXPECT_STREQ(name_in(kColours, Colour::Green), "green");
  EXPECT_STREQ(name_in(kColours, static_cast<Colour>(7)), "unknown");
  EXPECT_EQ(value_named(kColours, "blue"), Colour::Blue);
  EXPECT_EQ(value_named(kColours, "Blue"), std::nullopt);  // names are exact
  EXPECT_EQ(names_of(kColours), (std::vector<std::string>{"red", "green", "blue"}));
}

// Every name of `table` reads back as its own value through to_string and value_named, and is unique.
template <class E, size_t N>
void expect_round_trip(const Named<E> (&table)[N], const char* what) {
  std::set<std::string> seen;
  for (const Named<E>& entry : table) {
    EXPECT_STREQ(to_string(entry.value), entry.name) << what;
    EXPECT_EQ(value_named(table, entry.name), entry.value) << what << " " << entry.name;
    EXPECT_FALSE(std::string(entry.name).empty()) << what;
    EXPECT_TRUE(seen.insert(entry.name).second) << what << ": '" << entry.name << "' twice";
  }
}

TEST(EnumNames, EveryTableReadsBackNameByName) {
  expect_round_trip(kCompareMethodKindNames, "CompareMethod::Kind");
  expect_round_trip(kSplineModeNames, "SplineMode");
  expect_round_trip(kSplineStepKindNames, "SplineStep::Kind");
  expect_round_trip(kGateKindNames, "GateKind");
  expect_round_trip(kChannelStepKindNames, "ChannelStep::Kind");
  expect_round_trip(kLocateMethodNames, "LocateMethod");
  expect_round_trip(kBakePhaseNames, "BakePhase");
  expect_round_trip(kPartitionNames, "Partition");
  expect_round_trip(kAlgorithmNames, "Algorithm");
  expect_round_trip(kCostModelNames, "CostModel");
  expect_round_trip(kSideNavigatorKindNames, "SideNavigatorKind");
  expect_round_trip(kSideStrategyKindNames, "SideStrategyKind");
  expect_round_trip(kSceneSourceNames, "Scene::Source");
  expect_round_trip(kCheckOutcomeNames, "CheckOutcome");
  expect_round_trip(kSubstituteDistanceNames, "SubstituteDistance");
  expect_round_trip(kSearchStepKindNames, "SearchStep::Kind");
  expect_round_trip(kSuccessorKindNames, "SuccessorKind");
  expect_round_trip(kPolyanyaStepKindNames, "PolyanyaStep::Kind");
  expect_round_trip(kPolyanyaStepPruneNames, "PolyanyaStep::Prune");
  expect_round_trip(kRaycastOutcomeNames, "RaycastOutcome");
  expect_round_trip(kRaycastStepKindNames, "RaycastStep::Kind");
  expect_round_trip(side::kSideStateNames, "SideState");
  expect_round_trip(side::kDecisionNames, "Decision");
  expect_round_trip(side::kAheadNames, "Ahead");
  expect_round_trip(side::kBlockCauseNames, "BlockCause");
  expect_round_trip(kCornerModeNames, "CornerMode");
  expect_round_trip(kStatusNames, "Status");
  expect_round_trip(kFailStageNames, "FailStage");
  expect_round_trip(kReasonNames, "Reason");
  expect_round_trip(kProfileLimitNames, "ProfileLimit");
  expect_round_trip(kProfileStepKindNames, "ProfileStep::Kind");
  expect_round_trip(kFunnelSideNames, "FunnelSide");
  expect_round_trip(kFunnelActionNames, "FunnelAction");
  expect_round_trip(kTurnKindNames, "TurnKind");
  expect_round_trip(kTurnStepKindNames, "TurnStep::Kind");
  expect_round_trip(kChangeKindNames, "ChangeKind");
  expect_round_trip(kCaseKindNames, "CaseKind");
  expect_round_trip(kSmoothingNames, "Smoothing");
  expect_round_trip(kFollowOutcomeNames, "FollowOutcome");
  expect_round_trip(kFollowStateNames, "FollowState");
}

// The scene parser reads an enum's names from its table: every algorithm name is accepted, and an
// unknown one is refused with the table's names listed.
TEST(EnumNames, TheSceneParserAcceptsEveryNameOfTheTable) {
  for (const Named<Algorithm>& a : kAlgorithmNames) {
    const std::string text =
        std::string(R"({"navlab": 1, "navmesh": {"vertices": [[0,0],[4,0],[4,4],[0,4]], "polygons": [[0,1,2,3]]},
      "search": {"algorithm": ")") +
        a.name + R"("}})";
    const Result<Scene> s = parse_scene(text, "s.json");
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s.value().search.algorithm, a.value);
  }
  const Result<Scene> bad =
      parse_scene(R"({"navlab": 1, "navmesh": {"vertices": [[0,0],[4,0],[4,4],[0,4]], "polygons": [[0,1,2,3]]},
      "search": {"algorithm": "bfs"}})",
                  "s.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("/search/algorithm"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("polyanya"), std::string::npos) << bad.error();
}

}  // namespace
}  // namespace navlab
