// docs/scene.schema.json describes the scene format: every scene in scenes/ validates against it, and
// scenes the loader rejects for their shape are rejected by it too. The validator below implements the
// subset of JSON Schema (2020-12) the schema uses: type, const, enum, required, properties,
// additionalProperties: false, items, minItems, maxItems, minimum, maximum, exclusiveMinimum, anyOf,
// local $ref and $ref into a file beside it ("scene.schema.json#/..."). docs/check.schema.json describes
// check files the same way: every suite in scenes/checks validates against it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check_suite.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

using nlohmann::json;

class Validator {
 public:
  explicit Validator(json schema) : root_(std::move(schema)) {}
  // Every violation as "/pointer: what".
  std::vector<std::string> check(const json& v) {
    errors_.clear();
    validate(root_, v, "");
    return errors_;
  }

 private:
  const json& resolve(const json& s) const {
    if (!s.contains("$ref")) return s;
    const std::string ref = s["$ref"].get<std::string>();  // "#/$defs/name"
    return root_.at(json::json_pointer(ref.substr(1)));
  }

  static bool has_type(const json& v, const std::string& t) {
    if (t == "object") return v.is_object();
    if (t == "array") return v.is_array();
    if (t == "string") return v.is_string();
    if (t == "boolean") return v.is_boolean();
    if (t == "integer") return v.is_number_integer();
    if (t == "number") return v.is_number();
    return false;
  }

  bool fail(const std::string& at, const std::string& what) {
    errors_.push_back(at + ": " + what);
    return false;
  }

  bool validate(const json& schema, const json& v, const std::string& at) {
    if (schema.contains("$ref") && schema["$ref"].get<std::string>()[0] != '#') {  // another file's part
      const std::string ref = schema["$ref"].get<std::string>();
      const size_t hash = ref.find('#');
      std::ifstream in(test::source_dir() + "/docs/" + ref.substr(0, hash));
      Validator other(json::parse(in, nullptr, false));
      const bool ok = other.check_at(other.root_.at(json::json_pointer(ref.substr(hash + 1))), v);
      for (const std::string& e : other.errors_) errors_.push_back(at + e);
      return ok;
    }
    const json& s = resolve(schema);
    if (s.contains("anyOf")) {
      for (const json& option : s["anyOf"]) {
        Validator sub(root_);
        if (sub.check_at(option, v)) return true;
      }
      return fail(at, "matches none of anyOf");
    }
    if (s.contains("const") && v != s["const"]) return fail(at, "expected " + s["const"].dump());
    if (s.contains("enum") && std::find(s["enum"].begin(), s["enum"].end(), v) == s["enum"].end())
      return fail(at, "not one of " + s["enum"].dump());
    if (s.contains("type") && !has_type(v, s["type"].get<std::string>()))
      return fail(at, "expected " + s["type"].get<std::string>());
    return numbers(s, v, at) && arrays(s, v, at) && objects(s, v, at);
  }

  bool check_at(const json& schema, const json& v) {
    errors_.clear();
    return validate(schema, v, "");
  }

  bool numbers(const json& s, const json& v, const std::string& at) {
    if (!v.is_number()) return true;
    const double x = v.get<double>();
    if (s.contains("minimum") && x < s["minimum"].get<double>()) return fail(at, "below minimum");
    if (s.contains("maximum") && x > s["maximum"].get<double>()) return fail(at, "above maximum");
    if (s.contains("exclusiveMinimum") && x <= s["exclusiveMinimum"].get<double>())
      return fail(at, "not above exclusiveMinimum");
    return true;
  }

  bool arrays(const json& s, const json& v, const std::string& at) {
    if (!v.is_array()) return true;
    if (s.contains("minItems") && v.size() < s["minItems"].get<size_t>()) return fail(at, "too few items");
    if (s.contains("maxItems") && v.size() > s["maxItems"].get<size_t>()) return fail(at, "too many items");
    bool ok = true;
    if (s.contains("items"))
      for (size_t i = 0; i < v.size(); ++i) ok = validate(s["items"], v[i], at + "/" + std::to_string(i)) && ok;
    return ok;
  }

  bool objects(const json& s, const json& v, const std::string& at) {
    if (!v.is_object()) return true;
    bool ok = true;
    if (s.contains("required"))
      for (const json& k : s["required"])
        if (!v.contains(k.get<std::string>())) ok = fail(at, "missing " + k.get<std::string>());
    const json props = s.value("properties", json::object());
    for (const auto& [k, val] : v.items()) {
      if (props.contains(k))
        ok = validate(props[k], val, at + "/" + k) && ok;
      else if (s.contains("additionalProperties") && s["additionalProperties"] == false)
        ok = fail(at + "/" + k, "unknown key");
    }
    return ok;
  }

  json root_;
  std::vector<std::string> errors_;
};

json read_json(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in, nullptr, false);
}

Validator scene_validator() {
  const json schema = read_json(test::source_dir() + "/docs/scene.schema.json");
  EXPECT_FALSE(schema.is_discarded());
  return Validator(schema);
}

TEST(SceneSchema, EverySceneValidates) {
  Validator v = scene_validator();
  const auto files = test::scene_files();
  ASSERT_GE(files.size(), 20u);
  for (const std::string& f : files) {
    const json scene = read_json(f);
    ASSERT_FALSE(scene.is_discarded()) << f;
    const std::vector<std::string> errors = v.check(scene);
    EXPECT_TRUE(errors.empty()) << f << ": " << (errors.empty() ? "" : errors[0]);
  }
}

TEST(SceneSchema, ShapesTheLoaderRejectsAreRejected) {
  Validator v = scene_validator();
  const json good = read_json(test::scene_path("w4_funnel_corner.json"));
  ASSERT_TRUE(v.check(good).empty());
  const std::vector<std::pair<std::string, json>> bad = {
      {"/colour", json::parse(R"({"colour": "red"})")},
      {"/navlab", json::parse(R"({"navlab": 2})")},
      {"/agent/corner_mode", json::parse(R"({"agent": {"corner_mode": "fast"}})")},
      {"/agent/max_speed", json::parse(R"({"agent": {"max_speed": 0}})")},
      {"/queries/0/start", json::parse(R"({"queries": [{"start": [1, 2, 3, 4], "goal": [0, 0]}]})")},
      {"/search/algorithm", json::parse(R"({"search": {"algorithm": "bfs"}})")},
  };
  for (const auto& [where, patch] : bad) {
    json scene = good;
    scene.merge_patch(patch);
    const std::vector<std::string> errors = v.check(scene);
    ASSERT_FALSE(errors.empty()) << patch.dump();
    EXPECT_EQ(errors[0].substr(0, where.size()), where) << errors[0];
    // The loader rejects the same text.
    EXPECT_FALSE(parse_scene(scene.dump(), "patched.json").ok()) << patch.dump();
  }
}

Validator check_validator() {
  const json schema = read_json(test::source_dir() + "/docs/check.schema.json");
  EXPECT_FALSE(schema.is_discarded());
  return Validator(schema);
}

TEST(CheckSchema, EverySuiteValidates) {
  Validator v = check_validator();
  int suites = 0;
  for (const auto& e : std::filesystem::directory_iterator(test::source_dir() + "/scenes/checks")) {
    const json suite = read_json(e.path().string());
    ASSERT_FALSE(suite.is_discarded()) << e.path();
    const std::vector<std::string> errors = v.check(suite);
    EXPECT_TRUE(errors.empty()) << e.path() << ": " << (errors.empty() ? "" : errors[0]);
    ++suites;
  }
  EXPECT_GE(suites, 38);
  // A level suite, as --record writes one: a level and its bake settings.
  EXPECT_TRUE(v.check(json::parse(R"({"navlab_check": 1, "level": {"obj": "room.obj"}, "bake": {"cell_size": 0.2},
    "cases": [{"name": "a", "raycast": {"start": [1, 0, 1], "end": [2, 0, 2], "include_flags": "0xffef"},
    "expect": {"start_on_mesh": true, "hit": false, "distance": {"value": 1.41, "tolerance": 0.01}}}]})"))
                  .empty());
}

TEST(CheckSchema, ShapesTheReaderRejectsAreRejected) {
  Validator v = check_validator();
  const std::string scene = test::scene_path("default.json");
  const json good =
      json::parse(R"({"navlab_check": 1, "scene": ")" + scene +
                  R"(", "cases": [{"name": "a", "plan": {"query": 0}, "expect": {"status": "complete"}}]})");
  ASSERT_TRUE(v.check(good).empty());
  ASSERT_TRUE(parse_check_json(good.dump(), "good.check.json").ok());
  const std::vector<std::pair<std::string, json>> bad = {
      {"/navlab_check", json::parse(R"({"navlab_check": 2})")},
      {"/colour", json::parse(R"({"colour": "red"})")},
      {"/tolerance/length", json::parse(R"({"tolerance": {"length": -1}})")},
      {"/cases/0", json::parse(R"({"cases": [{"name": "a", "plan": {"query": 0}}]})")},
      {"/cases/0/expect",
       json::parse(R"({"cases": [{"name": "a", "plan": {"query": 0}, "expect": {"status": "done"}}]})")},
      {"/cases/0/plan/close",
       json::parse(
           R"({"cases": [{"name": "a", "plan": {"query": 0, "close": "door_east"}, "expect": {"status": "complete"}}]})")},
  };
  for (const auto& [where, patch] : bad) {
    json suite = good;
    suite.merge_patch(patch);
    const std::vector<std::string> errors = v.check(suite);
    ASSERT_FALSE(errors.empty()) << patch.dump();
    EXPECT_EQ(errors[0].substr(0, where.size()), where) << errors[0];
    EXPECT_FALSE(parse_check_json(suite.dump(), "patched.check.json").ok()) << patch.dump();
  }
}

// The schema's reasons are the planner's stable names, every one of them.
TEST(CheckSchema, ReasonsAreThePlannersNames) {
  const json schema = read_json(test::source_dir() + "/docs/check.schema.json");
  std::vector<std::string> names;
  for (int r = 0; r <= int(Reason::Cancelled); ++r) names.push_back(to_string(Reason(r)));
  EXPECT_EQ(schema["$defs"]["reason"]["enum"].get<std::vector<std::string>>(), names);
}

}  // namespace
}  // namespace navlab
