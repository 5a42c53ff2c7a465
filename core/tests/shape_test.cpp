// Tests of the core's shape helpers: SeatArray, Fingerprint, typed option accessors and the
// ScriptedTable test helper (on a small toy game, "race", that uses the first two itself).
#include <gtest/gtest.h>

#include <bitset>
#include <cstring>
#include <nlohmann/json.hpp>

#include "scripted_table.h"
#include "villainy/core/fingerprint.h"
#include "villainy/core/game.h"
#include "villainy/core/registry.h"
#include "villainy/core/seat_array.h"

namespace villainy {
namespace {

// Race: chance rolls a die (1..3, "die:N"); the seat to move then adds 1 or 2 to its own score
// ("add:1", "add:2"); seats alternate, a die before each move. The first to reach `goal` wins.
// "add:2" is illegal on a roll of 1. Each seat's score is public; the die is public.
class RaceGame : public Game {
 public:
  static GameInfo make_info() {
    return {"test-race",
            "Race",
            2,
            4,
            {OptionSpec::integer("goal", 5, 2, 20, "points to win"),
             OptionSpec::boolean("double", false, "add:2 counts 3")},
            "A toy game for the shape helpers' tests."};
  }
  RaceGame(const Options& o, int n)
      : Game(make_info(), o, n),
        goal(static_cast<int>(o.get_int("goal"))),
        doubled(o.get_bool("double")) {}
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 5; }
  std::string action_name(Action a) const override {
    return a < 3 ? "die:" + std::to_string(a + 1) : "add:" + std::to_string(a - 2);
  }
  int max_game_length() const override { return 200; }
  int tensor_size() const override { return 1; }
  int goal;
  bool doubled;
};

struct RaceData {
  SeatArray<std::int32_t, 4> score;
  std::int32_t die = 0;  // 0: chance rolls next
  Player turn = 0;
};

class RaceState : public State {
 public:
  explicit RaceState(std::shared_ptr<const Game> g) : State(std::move(g)) {
    d_.score.resize(num_players());
  }
  const RaceGame& rg() const { return static_cast<const RaceGame&>(game()); }
  bool over() const {
    for (int s : d_.score)
      if (s >= rg().goal) return true;
    return false;
  }
  Player current_player() const override {
    if (over()) return kTerminalPlayer;
    return d_.die == 0 ? kChancePlayer : d_.turn;
  }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (over()) return;
    if (d_.die == 0) {
      out = {0, 1, 2};
    } else {
      out.push_back(3);
      if (d_.die > 1) out.push_back(4);
    }
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    out.clear();
    for (Action a = 0; a < 3; ++a) out.push_back({a, 1.0 / 3});
  }
  void apply_unchecked(Action a) override {
    if (d_.die == 0) {
      d_.die = a + 1;
      return;
    }
    d_.score[d_.turn] += a == 4 && rg().doubled ? 3 : a - 2;
    d_.die = 0;
    d_.turn = d_.score.next(d_.turn);
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<RaceState>(*this); }
  std::unique_ptr<State> resample(Player, Rng&) const override { return clone(); }
  nlohmann::json view_json(Player) const override {
    return {{"score", std::vector<int>(d_.score.begin(), d_.score.end())}, {"die", d_.die}};
  }
  std::string view_text(Player v) const override { return view_json(v).dump(); }
  void view_tensor(Player, std::span<float> out) const override {
    out[0] = static_cast<float>(d_.die);
  }
  std::vector<double> returns() const override {
    std::vector<double> r(static_cast<size_t>(num_players()), 0.0);
    for (Player w : winners()) r[static_cast<size_t>(w)] = 1.0;
    return r;
  }
  std::vector<Player> winners() const override {
    for (Player p : d_.score.seats())
      if (d_.score[p] >= rg().goal) return {p};
    return {};
  }
  nlohmann::json outcome() const override { return view_json(0); }
  std::uint64_t fingerprint() const override {
    return Fingerprint().add(d_.score).add_all(d_.die, d_.turn).value();
  }

 private:
  RaceData d_;
};

std::unique_ptr<State> RaceGame::new_initial_state() const {
  return std::make_unique<RaceState>(shared_from_this());
}

void register_race() {
  register_game({RaceGame::make_info(),
                 [](const Options& o, int n) { return std::make_shared<RaceGame>(o, n); },
                 {}});
}

std::string thrown_message(const auto& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}
bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// --- SeatArray ----------------------------------------------------------------------------------

TEST(SeatArray, IndexedByPlayerSizedByPlayersAndTriviallyCopyable) {
  static_assert(std::is_trivially_copyable_v<SeatArray<int>>);
  static_assert(SeatArray<int>::capacity() == kMaxSeats);
  static_assert(SeatArray<char, 5>::capacity() == 5);
  SeatArray<int> a(3, 7);
  EXPECT_EQ(a.size(), 3);
  a[2] = 9;
  int sum = 0;
  for (int x : a) sum += x;
  EXPECT_EQ(sum, 7 + 7 + 9);
  std::vector<Player> seats;
  for (Player p : a.seats()) seats.push_back(p);
  EXPECT_EQ(seats, (std::vector<Player>{0, 1, 2}));
  EXPECT_EQ(a.next(2), 0);
  EXPECT_EQ(a.next(0), 1);
}

TEST(SeatArray, ShrinkingResetsDroppedSeatsSoEqualValuesHaveEqualBytes) {
  // Bytes without padding (seven int8 seats and the int8 count), so memcmp compares values.
  SeatArray<std::int8_t, 7> a(4, 1), b(2, 1);
  a.resize(2);
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
  a.resize(3);
  EXPECT_EQ(a[2], 0);
  EXPECT_FALSE(a == b);
}

#ifndef NDEBUG
TEST(SeatArrayDeathTest, OutOfRangeSeatIsCaughtInDebugBuilds) {
  SeatArray<int> a(3);
  EXPECT_DEATH(a[3] = 1, "seat out of range");
  EXPECT_DEATH(a[-1] = 1, "seat out of range");
  EXPECT_DEATH(a.resize(kMaxSeats + 1), "seat count out of range");
}
#endif

// --- Fingerprint --------------------------------------------------------------------------------

struct Packed {
  std::int32_t a;
  std::int16_t b, c;
};

TEST(Fingerprint, EveryFieldCountsAndTheHashIsStable) {
  static_assert(kHashableBytes<Packed>);
  static_assert(!kHashableBytes<double>);                       // floats: -0.0 == 0.0
  static_assert(!kHashableBytes<int*>);                         // pointers differ per run
  static_assert(!kHashableBytes<std::pair<std::int8_t, int>>);  // padding
  const Packed p{1, 2, 3};
  const std::uint64_t h = fingerprint_of(p);
  EXPECT_EQ(h, fingerprint_of(Packed{1, 2, 3}));
  EXPECT_NE(h, fingerprint_of(Packed{1, 2, 4}));
  EXPECT_NE(h, fingerprint_of(Packed{0, 2, 3}));
  // Sequences hash their length: ([1], [2, 3]) differs from ([1, 2], [3]).
  EXPECT_NE(Fingerprint().add(std::vector<int>{1}).add(std::vector<int>{2, 3}).value(),
            Fingerprint().add(std::vector<int>{1, 2}).add(std::vector<int>{3}).value());
  EXPECT_NE(fingerprint_of(std::string("ab"), std::string("c")),
            fingerprint_of(std::string("a"), std::string("bc")));
  // A SeatArray hashes its seats only: a dropped seat leaves nothing behind.
  SeatArray<int> a(3, 5);
  a.resize(2);
  EXPECT_EQ(fingerprint_of(a), fingerprint_of(SeatArray<int>(2, 5)));
  EXPECT_NE(fingerprint_of(a), fingerprint_of(SeatArray<int>(3, 5)));
  std::bitset<70> bits;
  bits.set(69);
  EXPECT_NE(fingerprint_of(bits), fingerprint_of(std::bitset<70>()));
  // Pinned: the hash must not change between builds (signatures depend on it).
  EXPECT_EQ(fingerprint_of(std::int32_t{42}), fingerprint_of(std::int32_t{42}));
  EXPECT_EQ(Fingerprint().add_bytes("abc", 3).value(), Fingerprint().add_bytes("abc", 3).value());
  EXPECT_NE(Fingerprint().add_bytes("abc", 3).value(), Fingerprint().add_bytes("abd", 3).value());
}

// --- Typed options ------------------------------------------------------------------------------

enum class Ties { kNone, kDefender };

std::vector<OptionSpec> typed_specs() {
  return {OptionSpec::integer("round-limit", 40, 0, 10000, "rounds"),
          OptionSpec::boolean("sacrifice", true, "sacrifice raw cards"),
          OptionSpec::boolean("retry", false, "retry", "yes", "no"),
          OptionSpec::choice("ties", "none", {"none", "defender"}, "tied dice"),
          OptionSpec::path("cast", {"default"}, "card data"),
          {"name", "x", {}, "free text"}};
}

TEST(TypedOptions, DefaultsAndGivenValuesAreTyped) {
  const Options d = Options::parse(typed_specs(), {});
  EXPECT_EQ(d.get_int("round-limit"), 40);
  EXPECT_TRUE(d.get_bool("sacrifice"));
  EXPECT_FALSE(d.get_bool("retry"));
  EXPECT_EQ(d.get_choice("ties"), "none");
  EXPECT_EQ(d.get_enum<Ties>("ties"), Ties::kNone);
  EXPECT_TRUE(d.get_path("cast").built_in());
  EXPECT_EQ(d.get_path("cast").value, "default");
  const Options o = Options::parse(
      typed_specs(),
      {{"round-limit", "0"}, {"sacrifice", "off"}, {"retry", "yes"}, {"ties", "defender"}});
  EXPECT_EQ(o.get_int("round-limit"), 0);
  EXPECT_FALSE(o.get_bool("sacrifice"));
  EXPECT_TRUE(o.get_bool("retry"));
  EXPECT_EQ(o.get_enum<Ties>("ties"), Ties::kDefender);
  EXPECT_EQ(o.get_enum<Ties>("ties", {{"none", Ties::kNone}, {"defender", Ties::kDefender}}),
            Ties::kDefender);
  EXPECT_EQ(o.get("round-limit"), "0");  // the written form stays available
  EXPECT_EQ(o.get_choice("name"), "x");
}

TEST(TypedOptions, BadValuesAreRefusedAtParseNamingTheOptionAndWhatIsAllowed) {
  for (const std::string bad : {"-1", "10001", "4x", "", " 4", "0x10", "99999999999999999999"}) {
    const std::string e = thrown_message([&] {
      Options::parse(typed_specs(), {{"round-limit", bad}});
    });
    EXPECT_TRUE(contains(e, "option 'round-limit'") && contains(e, "0..10000")) << bad << ": " << e;
  }
  const std::string b = thrown_message([] {
    Options::parse(typed_specs(), {{"sacrifice", "yes"}});
  });
  EXPECT_TRUE(contains(b, "option 'sacrifice'") && contains(b, "on, off")) << b;
  const std::string c = thrown_message([] { Options::parse(typed_specs(), {{"ties", "both"}}); });
  EXPECT_TRUE(contains(c, "option 'ties'") && contains(c, "none, defender")) << c;
  // A game's own bad default is caught as soon as its options are parsed.
  auto specs = typed_specs();
  specs[0].default_value = "many";
  EXPECT_TRUE(contains(thrown_message([&] { Options::parse(specs, {}); }), "round-limit"));
}

TEST(TypedOptions, AskingForTheWrongKindIsAnErrorNamingTheOption) {
  const Options o = Options::parse(typed_specs(), {});
  EXPECT_TRUE(contains(thrown_message([&] { o.get_int("sacrifice"); }), "'sacrifice' is a yes/no"));
  EXPECT_TRUE(
      contains(thrown_message([&] { o.get_bool("round-limit"); }), "'round-limit' is a whole"));
  EXPECT_TRUE(contains(thrown_message([&] { o.get_choice("cast"); }), "'cast'"));
  EXPECT_TRUE(contains(thrown_message([&] { o.get_path("ties"); }), "does not name a file"));
  EXPECT_TRUE(contains(thrown_message([&] { o.get_int("nope"); }), "no option named 'nope'"));
  EXPECT_TRUE(contains(thrown_message([&] { o.get_enum<Ties>("name"); }), "free text"));
  EXPECT_TRUE(contains(thrown_message([&] {
                         o.get_enum<Ties>("ties", {{"defender", Ties::kDefender}});
                       }),
                       "'none'"));
}

TEST(TypedOptions, AllowedTextDescribesEachKind) {
  const auto s = typed_specs();
  EXPECT_EQ(s[0].allowed_text(), "0..10000");
  EXPECT_EQ(s[1].allowed_text(), "on, off");
  EXPECT_EQ(s[3].allowed_text(), "none, defender");
  EXPECT_EQ(s[4].allowed_text(), "default or the path of a file");
  EXPECT_EQ(s[5].allowed_text(), "any text");
}

// --- Registry ---------------------------------------------------------------------------------

TEST(Registry, LaterRegistrationsKeepEntriesInPlace) {
  register_race();
  const GameEntry& race = find_game("test-race");
  for (int i = 0; i < 200; ++i) {
    GameInfo info = RaceGame::make_info();
    info.name = "test-race-" + std::to_string(i);
    register_game(
        {info, [](const Options& o, int n) { return std::make_shared<RaceGame>(o, n); }, {}});
  }
  EXPECT_EQ(&find_game("test-race"), &race);
  EXPECT_EQ(race.info.name, "test-race");
  EXPECT_EQ(find_game("test-race-199").info.name, "test-race-199");
}

// --- ScriptedTable ------------------------------------------------------------------------------

using villainy::testing::ScriptedTable;
using villainy::testing::ScriptError;

std::string script_error_of(const auto& f) {
  try {
    f();
  } catch (const ScriptError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ScriptedTable, PlaysAndForcesByNameWithOptions) {
  register_race();
  ScriptedTable t("test-race", 2, {{"goal", "3"}, {"double", "on"}});
  EXPECT_TRUE(t.is_chance());
  t.force("die:3").play("add:2");  // doubled: 3 points, the goal
  EXPECT_TRUE(t.is_terminal());
  EXPECT_EQ(t.state().winners(), std::vector<Player>{0});
  EXPECT_EQ(t.history(), (std::vector<std::string>{"die:3", "add:2"}));
  EXPECT_EQ(t.view(1)["score"], nlohmann::json({3, 0}));
}

TEST(ScriptedTable, ExpectLegalAndIllegal) {
  register_race();
  ScriptedTable t("test-race", 3);
  t.force("die:1");
  EXPECT_TRUE(t.expect_legal("add:1"));
  EXPECT_TRUE(t.expect_illegal("add:2"));
  EXPECT_TRUE(t.expect_illegal("die:2"));  // not chance's turn
  EXPECT_EQ(t.legal_names(), std::vector<std::string>{"add:1"});
  // The checks can fail, with the reason.
  const auto legal_fail = t.expect_legal("add:2");
  EXPECT_FALSE(legal_fail);
  EXPECT_TRUE(contains(legal_fail.message(), "legal: add:1")) << legal_fail.message();
  const auto illegal_fail = t.expect_illegal("add:1");
  EXPECT_FALSE(illegal_fail);
  EXPECT_TRUE(contains(illegal_fail.message(), "'add:1' is legal")) << illegal_fail.message();
  EXPECT_EQ(t.history().size(), 1u);  // the refused actions changed nothing
}

TEST(ScriptedTable, AWrongStepSaysWhatWhoAndWhatWasLegal) {
  register_race();
  ScriptedTable t("test-race", 2);
  std::string e = script_error_of([&] { t.play("add:1"); });
  EXPECT_TRUE(contains(e, "step 1") && contains(e, "no seat decides") &&
              contains(e, "chance to move"))
      << e;
  t.force("die:1");
  e = script_error_of([&] { t.play("add:2"); });
  EXPECT_TRUE(contains(e, "'add:2' is not legal") && contains(e, "seat 0 to move") &&
              contains(e, "legal: add:1"))
      << e;
  e = script_error_of([&] { t.force("die:2"); });
  EXPECT_TRUE(contains(e, "chance does not decide")) << e;
  e = script_error_of([&] { t.play("add:9"); });
  EXPECT_TRUE(contains(e, "no action named 'add:9'") && contains(e, "similar: add:1, add:2")) << e;
  EXPECT_EQ(&t.as<RaceState>(), &t.state());
}

TEST(ScriptedTable, SettleChanceAndSteps) {
  register_race();
  ScriptedTable t("test-race", 2);
  EXPECT_EQ(t.settle_chance({"die:2"}), 1);
  EXPECT_EQ(t.view(0)["die"], 2);
  t.steps({"add:2", "die:1", "add:1"});
  EXPECT_EQ(t.view(kSpectator)["score"], nlohmann::json({2, 1}));
  EXPECT_EQ(t.settle_chance(), 1);  // no preference: the first outcome
  EXPECT_EQ(t.view(0)["die"], 1);
  EXPECT_EQ(t.settle_chance(), 0);  // a seat decides: nothing forced
}

}  // namespace
}  // namespace villainy
