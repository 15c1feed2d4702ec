// Every number a reader meets in a scene's description, a lesson slide's text or the documents is
// either an input the file itself gives, or checked here against what navlab prints for it (or against
// the hand arithmetic the text shows). tests/docs/claims.json lists the checks; a number that drifts from
// the tool, or a new number nobody checks, fails.
//
// claims.json: {FILE: {"at": [JSON pointers of the texts in FILE] (absent: the whole file, Markdown),
//                      "every_number": true|false (every number of those texts must be an input of
//                      the file or inside a claimed snippet; default true for JSON files),
//                      "claims": [CLAIM...]}}
// CLAIM: {"text": SNIPPET that must occur in one of the texts, and one way to check its numbers:
//   "run": "ARGS" (navlab's arguments; "{file}" is FILE, "{scene}" a lesson slide's scene) with
//        "values": [POINTER | null, ...]: the snippet's numbers in order, each equal to the run's JSON
//        value at POINTER rounded to the decimals written (null: an input, not checked here); or
//        "strings": {WORD: POINTER, ...}: words of the snippet the run prints there (a mode, a reason); or
//        "step": "STAGE:N": every number of the snippet is written, as in the snippet, in that step's
//        sentence of the run's first result; or "in": POINTER: every number of the snippet is written, as in
//        the snippet, in the string the run prints there;
//   "expr": [EXPRESSION | null, ...]: the snippet's numbers, each equal to the hand arithmetic at the
//        decimals written (+ - * / ^, parentheses, sqrt, hypot, tan, sin, cos, atan, pi; angles in degrees);
//   "input_of": FILE: every number of the snippet is written in FILE (the level's own source, for a 3D
//        level's geometry)}
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "paths.h"

namespace navlab::test {
namespace {

using Json = nlohmann::json;

// ---- hand arithmetic ----------------------------------------------------------------------------

class Expr {
 public:
  explicit Expr(const std::string& text) : s_(text) {}
  double value() {
    const double v = sum();
    skip();
    if (i_ != s_.size()) throw std::runtime_error("unexpected '" + s_.substr(i_) + "' in " + s_);
    return v;
  }

 private:
  void skip() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  double sum() {
    double v = product();
    for (;;) {
      if (eat('+'))
        v += product();
      else if (eat('-'))
        v -= product();
      else
        return v;
    }
  }
  double product() {
    double v = power();
    for (;;) {
      if (eat('*'))
        v *= power();
      else if (eat('/'))
        v /= power();
      else
        return v;
    }
  }
  double power() {
    const double base = unary();
    return eat('^') ? std::pow(base, power()) : base;
  }
  double unary() { return eat('-') ? -unary() : atom(); }
  double atom() {
    skip();
    if (eat('(')) {
      const double v = sum();
      if (!eat(')')) throw std::runtime_error("missing ) in " + s_);
      return v;
    }
    if (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.')) {
      size_t used = 0;
      const double v = std::stod(s_.substr(i_), &used);
      i_ += used;
      return v;
    }
    std::string name;
    while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_]))) name += s_[i_++];
    if (name == "pi") return std::acos(-1.0);
    const double deg = std::acos(-1.0) / 180.0;
    if (!eat('(')) throw std::runtime_error("expected a number or a function in " + s_);
    const double a = sum();
    double b = 0.0;
    if (name == "hypot") {
      if (!eat(',')) throw std::runtime_error("hypot takes two arguments in " + s_);
      b = sum();
    }
    if (!eat(')')) throw std::runtime_error("missing ) in " + s_);
    if (name == "sqrt") return std::sqrt(a);
    if (name == "hypot") return std::hypot(a, b);
    if (name == "tan") return std::tan(a * deg);
    if (name == "sin") return std::sin(a * deg);
    if (name == "cos") return std::cos(a * deg);
    if (name == "atan") return std::atan(a) / deg;
    throw std::runtime_error("unknown function " + name + " in " + s_);
  }
  std::string s_;
  size_t i_ = 0;
};

// ---- numbers in text ----------------------------------------------------------------------------

struct Number {
  std::string text;  // as written ("0.854", "-0.5", "12")
  size_t pos = 0;    // where in its text
};

// The numbers of a text as a reader sees them: not the digits of a name ("w5", "P3", "door1", "§3"),
// and a thousands separator ("1,000") is part of its number.
std::vector<Number> numbers_in(const std::string& text) {
  static const std::regex number(R"((^|[^A-Za-z0-9_.§-])(-?[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?))");
  std::vector<Number> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    out.push_back(Number{(*it)[2].str(), size_t(it->position(2))});
  return out;
}

int decimals_of(const std::string& number) {
  const size_t dot = number.find('.');
  return dot == std::string::npos ? 0 : int(number.size() - dot - 1);
}

double value_of(const std::string& number) {
  std::string plain;
  for (char c : number)
    if (c != ',') plain += c;
  return std::stod(plain);
}

// True when `v` written with the decimals of `written` reads as `written`.
bool reads_as(double v, const std::string& written) {
  const double scale = std::pow(10.0, decimals_of(written));
  return std::llround(v * scale) == std::llround(value_of(written) * scale);
}

// Every number the JSON document `j` holds (the inputs of a scene or lesson file), texts left out.
void input_numbers(const Json& j, std::set<double>& out) {
  if (j.is_number()) out.insert(j.get<double>());
  if (j.is_array() || j.is_object())
    for (const Json& v : j) input_numbers(v, out);
}

// ---- running navlab -----------------------------------------------------------------------------

Json run_json(const std::string& args) {
  static std::map<std::string, Json> cache;
  if (auto it = cache.find(args); it != cache.end()) return it->second;
  const RunResult r = run_navlab(args);
  Json j = Json::parse(r.out, nullptr, false);  // one document, or one per line (simulate, render)
  if (j.is_discarded())
    for (const std::string& line : lines(r.out))
      if (!line.empty() && line[0] == '{') j = Json::parse(line, nullptr, false);
  EXPECT_FALSE(j.is_discarded() || j.is_null()) << "navlab " << args << " printed no JSON: " << r.err;
  return cache[args] = j;
}

std::string sentence_of(const Json& run, const std::string& ref) {
  const size_t colon = ref.find(':');
  const std::string stage = ref.substr(0, colon);
  const int index = std::stoi(ref.substr(colon + 1));
  for (const Json& s : run["results"][0]["steps"])
    if (s["stage"] == stage && s["index"] == index) return s["text"].get<std::string>();
  return "";
}

// ---- the claims ---------------------------------------------------------------------------------

struct Text {
  std::string where;  // FILE or FILE#/pointer
  std::string text;
  std::string scene;  // a lesson slide's scene, for "{scene}"
};

std::vector<Text> texts_of(const std::string& file, const Json& entry) {
  const std::string path = source_dir() + "/" + file;
  const std::string raw = read_text(path);
  if (!entry.contains("at")) return {Text{file, raw, ""}};
  const Json doc = Json::parse(raw);
  std::vector<Text> out;
  for (const Json& at : entry["at"]) {
    const std::string ptr = at.get<std::string>();
    if (ptr.find("/*/") == std::string::npos) {
      out.push_back(Text{file + "#" + ptr, doc.at(Json::json_pointer(ptr)).get<std::string>(), ""});
      continue;
    }
    // "/slides/*/text": every slide's text, with the slide's scene beside the lesson file.
    const std::string list = ptr.substr(0, ptr.find("/*/")), member = ptr.substr(ptr.find("/*/") + 2);
    const Json& items = doc.at(Json::json_pointer(list));
    for (size_t i = 0; i < items.size(); ++i) {
      const Json* v =
          items[i].contains(Json::json_pointer(member)) ? &items[i].at(Json::json_pointer(member)) : nullptr;
      if (!v) continue;
      std::string scene;
      if (items[i].contains("scene")) {
        const std::string folder = file.substr(0, file.find_last_of('/') + 1);
        scene = source_dir() + "/" + folder + items[i]["scene"].get<std::string>();
      }
      out.push_back(Text{file + "#" + list + "/" + std::to_string(i) + member, v->get<std::string>(), scene});
    }
  }
  return out;
}

std::string expand(std::string args, const std::string& file, const std::string& scene) {
  for (const auto& [key, value] : {std::pair<std::string, std::string>{"{file}", source_dir() + "/" + file},
                                   std::pair<std::string, std::string>{"{scene}", scene}}) {
    for (size_t p; (p = args.find(key)) != std::string::npos;) args.replace(p, key.size(), value);
  }
  return args;
}

// Checks one claim in the text that holds its snippet; returns the text's index (or -1 when none does).
int check_claim(const std::string& file, const std::vector<Text>& texts, const Json& claim) {
  const std::string snippet = claim["text"].get<std::string>();
  int holder = -1;
  for (size_t i = 0; i < texts.size() && holder < 0; ++i)
    if (texts[i].text.find(snippet) != std::string::npos) holder = int(i);
  EXPECT_GE(holder, 0) << file << ": no text holds \"" << snippet << "\" any more";
  if (holder < 0) return -1;
  const std::vector<Number> nums = numbers_in(snippet);
  SCOPED_TRACE(texts[size_t(holder)].where + ": \"" + snippet + "\"");
  if (claim.contains("expr")) {
    const Json& exprs = claim["expr"];
    EXPECT_EQ(exprs.size(), nums.size()) << "one expression (or null) per number";
    for (size_t i = 0; i < nums.size() && i < exprs.size(); ++i) {
      if (exprs[i].is_null()) continue;
      const double v = Expr(exprs[i].get<std::string>()).value();
      EXPECT_TRUE(reads_as(v, nums[i].text)) << nums[i].text << " is written where " << exprs[i] << " = " << v;
    }
    return holder;
  }
  if (claim.contains("input_of")) {
    const std::string source = read_text(source_dir() + "/" + claim["input_of"].get<std::string>());
    std::set<std::string> written;
    for (const Number& n : numbers_in(source)) written.insert(n.text);
    for (const Number& n : nums)
      EXPECT_TRUE(written.count(n.text)) << n.text << " is not written in " << claim["input_of"];
    return holder;
  }
  const Json run = run_json(expand(claim["run"].get<std::string>(), file, texts[size_t(holder)].scene));
  const Json strings = claim.value("strings", Json::object());
  for (const auto& [word, ptr] : strings.items()) {
    EXPECT_NE(snippet.find(word), std::string::npos) << word << " is not in the snippet";
    const Json::json_pointer at(ptr.get<std::string>());
    EXPECT_TRUE(run.contains(at) && run.at(at) == word)
        << word << " is written where navlab prints " << (run.contains(at) ? run.at(at).dump() : "nothing");
  }
  if (claim.contains("in") || claim.contains("step")) {
    std::string printed;
    if (claim.contains("step")) {
      printed = sentence_of(run, claim["step"].get<std::string>());
    } else if (const Json::json_pointer at(claim["in"].get<std::string>());
               run.contains(at) && run.at(at).is_string()) {
      printed = run.at(at).get<std::string>();
    }
    std::set<std::string> written;
    for (const Number& n : numbers_in(printed)) written.insert(n.text);
    EXPECT_FALSE(nums.empty()) << "a claim checks numbers";
    for (const Number& n : nums)
      EXPECT_TRUE(written.count(n.text)) << n.text << " is not what navlab prints: " << printed;
    return holder;
  }
  const Json& values = claim.value("values", Json::array());
  EXPECT_EQ(values.size(), nums.size()) << "one pointer (or null) per number";
  for (size_t i = 0; i < nums.size() && i < values.size(); ++i) {
    if (values[i].is_null()) continue;
    const Json::json_pointer ptr(values[i].get<std::string>());
    if (!run.contains(ptr)) {
      ADD_FAILURE() << "the run has no " << values[i];
      continue;
    }
    const Json& v = run.at(ptr);
    if (v.is_number())
      EXPECT_TRUE(reads_as(v.get<double>(), nums[i].text)) << nums[i].text << " is written where navlab gives " << v;
    else
      ADD_FAILURE() << values[i] << " is " << v << ", not a number";
  }
  return holder;
}

// Every number of `t` is an input of the file or lies inside an occurrence of a claimed snippet.
void expect_every_number_checked(const Text& t, const std::set<double>& inputs,
                                 const std::vector<std::string>& snippets) {
  std::vector<std::pair<size_t, size_t>> covered;
  for (const std::string& s : snippets)
    for (size_t p = t.text.find(s); p != std::string::npos; p = t.text.find(s, p + 1))
      covered.push_back({p, p + s.size()});
  for (const Number& n : numbers_in(t.text)) {
    const bool claimed = std::any_of(covered.begin(), covered.end(), [&](const auto& c) {
      return n.pos >= c.first && n.pos + n.text.size() <= c.second;
    });
    EXPECT_TRUE(claimed || inputs.count(value_of(n.text)))
        << t.where << ": " << n.text << " is neither an input of the file nor checked by a claim, in: "
        << t.text.substr(n.pos > 40 ? n.pos - 40 : 0, 100);
  }
}

Json claims() { return Json::parse(read_text(source_dir() + "/tests/docs/claims.json")); }

TEST(DocNumbers, EveryClaimedNumberIsWhatNavlabPrints) {
  const Json all = claims();
  for (const auto& [file, entry] : all.items()) {
    SCOPED_TRACE(file);
    const std::vector<Text> texts = texts_of(file, entry);
    for (const Json& claim : entry["claims"]) check_claim(file, texts, claim);
  }
}

TEST(DocNumbers, EveryNumberOfASceneDescriptionOrLessonIsAnInputOrClaimed) {
  const Json all = claims();
  for (const auto& [file, entry] : all.items()) {
    if (!entry.value("every_number", entry.contains("at"))) continue;
    std::set<double> inputs;
    input_numbers(Json::parse(read_text(source_dir() + "/" + file)), inputs);
    std::vector<std::string> snippets;
    for (const Json& c : entry["claims"]) snippets.push_back(c["text"]);
    for (const Text& t : texts_of(file, entry)) expect_every_number_checked(t, inputs, snippets);
  }
}

// Every shipped scene has an entry, so a new one cannot slip by unchecked.
TEST(DocNumbers, EveryShippedSceneIsListed) {
  const Json all = claims();
  for (const std::string& f : scene_files()) {
    const std::string file = "scenes/" + f.substr(f.find_last_of('/') + 1);
    EXPECT_TRUE(all.contains(file)) << file << " has no entry in tests/docs/claims.json";
  }
}

// Lesson 08's third slide and spawn_checks.json count in words what `navlab spawn` reports: six
// candidates fail one check each, each a different one; the accepted one none, the one in the water two
// (projection and safe path), the one off the mesh four.
TEST(DocNumbers, TheSpawnChecksSlideCountsEachCandidatesFailures) {
  const std::string slide =
      Json::parse(read_text(source_dir() + "/scenes/lessons/08_spawn_checks.json"))["slides"][2]["text"];
  EXPECT_NE(slide.find("Six of the candidates here fail exactly one check each"), std::string::npos) << slide;
  const Json spawn = run_json("spawn " + scene_path("spawn_checks.json"));
  std::map<std::string, std::vector<std::string>> failed;
  for (const Json& c : spawn["candidates"])
    for (const Json& k : c["checks"])
      if (k["enabled"] && !k["passed"]) failed[c["name"]].push_back(k["check"]);
  std::set<std::string> single;
  for (const auto& [name, checks] : failed)
    if (checks.size() == 1) single.insert(checks[0]);
  EXPECT_EQ(single.size(), 6u);  // six candidates, six different checks
  EXPECT_EQ(failed.count("good"), 0u);
  EXPECT_EQ(failed["in_water"], (std::vector<std::string>{"projection", "safe_path"}));
  EXPECT_EQ(failed["off_mesh"].size(), 4u);
}

TEST(DocNumbers, HandArithmeticAndNumbersReadAsWritten) {
  EXPECT_NEAR(Expr("2*tan(22.5)").value(), 0.828427, 1e-6);
  EXPECT_NEAR(Expr("sqrt((2*0.1)^2 + 2*2*4.4) - 2*0.1").value(), 4.0, 1e-12);
  EXPECT_NEAR(Expr("hypot(1.5, 0.5) + -1").value(), 0.581139, 1e-6);
  EXPECT_TRUE(reads_as(11.280109, "11.28"));
  EXPECT_FALSE(reads_as(11.280109, "12"));
  EXPECT_TRUE(reads_as(4.697, "4.7"));
  const std::vector<Number> n = numbers_in("door1 at x = 10, P3 0.67 m, w5 -0.5 and 1,000 (§3)");
  std::vector<std::string> got;
  for (const Number& x : n) got.push_back(x.text);
  EXPECT_EQ(got, (std::vector<std::string>{"10", "0.67", "-0.5", "1,000"}));
}

}  // namespace
}  // namespace navlab::test
