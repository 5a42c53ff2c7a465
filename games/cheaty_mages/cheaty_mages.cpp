// Cheaty Mages!: rules. See cheaty_mages.h for the summary and the decisions D1…D15.
#include "cheaty_mages/cheaty_mages.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <typeinfo>

#include "villainy/core/json_input.h"
#include "villainy/core/registry.h"
#include "villainy/core/signature.h"

namespace villainy::embedded {
extern const std::string_view cheaty_mages_cards;
}

namespace villainy::cheaty_mages {
using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Card data (CM-1)
// ---------------------------------------------------------------------------------------------
namespace {
const char* const kSpellKeys[kKinds] = {"cure",
                                        "healing",
                                        "regeneration",
                                        "energy-boost",
                                        "refresh",
                                        "magic-missile",
                                        "fireball",
                                        "lightning-bolt",
                                        "blizzard",
                                        "meteor-strike",
                                        "strengthen",
                                        "might",
                                        "haste",
                                        "power-awakening",
                                        "giant-growth",
                                        "weaken",
                                        "cripple",
                                        "slow",
                                        "paralyze",
                                        "shrink",
                                        "mana-boost",
                                        "mana-seal",
                                        "cause-unpopularity",
                                        "reflection",
                                        "detect-magic",
                                        "dispel-magic",
                                        "recall",
                                        "amnesia",
                                        "imitation",
                                        "dimension-door",
                                        "confusion",
                                        "invisibility",
                                        "prismatic-ray",
                                        "metamorphosis",
                                        "alteration",
                                        "anti-magic-field",
                                        "duplicate"};
const char* const kFighterKeys[kNumFighters] = {"goblin", "orc",      "skeleton", "lizardman",
                                                "ghost",  "succubus", "dark-elf", "minotaur",
                                                "demon",  "dragon"};
const char* const kJudgeKeys[kNumJudges] = {"adoth", "tad",    "ferine", "zapp",
                                            "lawty", "orlair", "lester", "morla"};

std::string str_field(const json& j, const char* key, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string() || it->get<std::string>().empty())
    throw Error(fmt::format("{}: '{}' must be a non-empty string", where, key));
  return it->get<std::string>();
}
// An integer in [lo, hi], checked without truncation (4294967297 is not 1).
int int_field(const json& j, const char* key, const std::string& where, int lo, int hi) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer())
    throw Error(fmt::format("{}: '{}' must be an integer", where, key));
  return JsonField(*it, where, key).int_in(lo, hi);
}
bool bool_field(const json& j, const char* key, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_boolean())
    throw Error(fmt::format("{}: '{}' must be true or false", where, key));
  return it->get<bool>();
}
const json& array_field(const json& j, const char* key, size_t n, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_array() || it->size() != n)
    throw Error(fmt::format("{}: '{}' must be an array of exactly {} entries", where, key, n));
  return *it;
}
}  // namespace

CardData CardData::parse(const std::string& text, const std::string& source) {
  const std::string where = "card file " + source;
  const json j = parse_json_text(text, where);
  if (!j.is_object()) throw Error(where + ": the document must be an object");
  CardData d;
  const json& sp = array_field(j, "spells", kKinds, where);
  int total = 0;
  for (int k = 0; k < kKinds; ++k) {
    const json& e = sp[static_cast<size_t>(k)];
    const std::string w = fmt::format("{}: spells[{}]", where, k);
    SpellData& s = d.spells[static_cast<size_t>(k)];
    s.key = str_field(e, "key", w);
    if (s.key != kSpellKeys[k])
      throw Error(fmt::format("{}: key must be '{}' (the engine's spell order), not '{}'", w,
                              kSpellKeys[k], cut_for_message(s.key)));
    s.name = str_field(e, "name", w);
    s.name_zh = str_field(e, "name_zh", w);
    const std::string t = str_field(e, "type", w);
    if (t == "direct")
      s.type = SpellType::kDirect;
    else if (t == "enchant")
      s.type = SpellType::kEnchant;
    else if (t == "support")
      s.type = SpellType::kSupport;
    else
      throw Error(fmt::format("{}: type must be direct, enchant or support, not '{}'", w,
                              cut_for_message(t)));
    s.copies = int_field(e, "copies", w, 0, 8);
    s.mana = int_field(e, "mana", w, -99, 99);
    s.strength = int_field(e, "strength", w, -99, 99);
    s.forbidden = bool_field(e, "forbidden", w);
    if (s.copies < 0 || s.copies > 8) throw Error(w + ": copies must be 0–8");
    total += s.copies;
  }
  if (total != 72)
    throw Error(fmt::format("{}: the spells must total 72 cards (CM-1), not {}", where, total));
  if (d.spells[kind::kDetectMagic].copies < 1)
    throw Error(where + ": Detect Magic needs a copy (duplicate option)");
  const json& fi = array_field(j, "fighters", kNumFighters, where);
  for (int f = 0; f < kNumFighters; ++f) {
    const json& e = fi[static_cast<size_t>(f)];
    const std::string w = fmt::format("{}: fighters[{}]", where, f);
    FighterData& x = d.fighters[static_cast<size_t>(f)];
    x.key = str_field(e, "key", w);
    if (x.key != kFighterKeys[f])
      throw Error(fmt::format("{}: key must be '{}'", w, kFighterKeys[f]));
    x.name = str_field(e, "name", w);
    x.name_zh = str_field(e, "name_zh", w);
    x.strength = int_field(e, "strength", w, 0, 99);
    x.prize = int_field(e, "prize", w, 0, 999);
    x.reverses = bool_field(e, "reverses", w);
    for (int g = 0; g < f; ++g)
      if (d.fighters[static_cast<size_t>(g)].strength == x.strength)
        throw Error(w + ": printed strengths must differ (CM-11 breaks ties by them)");
  }
  const json& ju = array_field(j, "judges", kNumJudges, where);
  for (int i = 0; i < kNumJudges; ++i) {
    const json& e = ju[static_cast<size_t>(i)];
    const std::string w = fmt::format("{}: judges[{}]", where, i);
    JudgeData& x = d.judges[static_cast<size_t>(i)];
    x.key = str_field(e, "key", w);
    if (x.key != kJudgeKeys[i]) throw Error(fmt::format("{}: key must be '{}'", w, kJudgeKeys[i]));
    x.name = str_field(e, "name", w);
    x.name_zh = str_field(e, "name_zh", w);
    x.limit = int_field(e, "limit", w, 0, 99);
    const std::string p = str_field(e, "penalty", w);
    if (p == "none")
      x.penalty = Penalty::kNone;
    else if (p == "dispel")
      x.penalty = Penalty::kDispel;
    else if (p == "eject")
      x.penalty = Penalty::kEject;
    else if (p == "flip")
      x.penalty = Penalty::kFlip;
    else
      throw Error(fmt::format("{}: penalty must be none, dispel, eject or flip, not '{}'", w,
                              cut_for_message(p)));
    auto bans = e.find("bans");
    if (bans == e.end() || !bans->is_array()) throw Error(w + ": 'bans' must be an array");
    for (const auto& b : *bans) {
      const std::string s = b.is_string() ? b.get<std::string>() : "";
      if (s == "direct")
        x.bans_direct = true;
      else if (s == "enchant")
        x.bans_enchant = true;
      else if (s == "support")
        x.bans_support = true;
      else if (s == "forbidden")
        x.bans_forbidden = true;
      else
        throw Error(fmt::format("{}: unknown ban '{}' (direct, enchant, support, forbidden)", w,
                                cut_for_message(s)));
    }
  }
  return d;
}

const CardData& CardData::builtin() {
  static const CardData d =
      parse(std::string(embedded::cheaty_mages_cards), "default (cards.json)");
  return d;
}

// ---------------------------------------------------------------------------------------------
// Game
// ---------------------------------------------------------------------------------------------
GameInfo CheatyMagesGame::game_info() {
  GameInfo i;
  i.name = "cheaty-mages";
  i.title = "Cheaty Mages! (詐賭巫師)";
  i.min_players = 3;
  i.max_players = 6;
  i.summary =
      "Bet in secret on monster fighters, then cast spells to make them win without the judge "
      "noticing: too much mana on a fighter and it is dispelled or ejected. Three matches; the "
      "richest mage wins.";
  i.options = {
      {"peek",
       "on",
       {"on", "off"},
       "CM-7: discard a card to look at one fighter's face-down spells (on) or only Detect Magic "
       "peeks (off)"},
      {"all-ejected",
       "replay",
       {"replay", "no-payout"},
       "CM-12: when every fighter is ejected the match is replayed (replay) or counts with no "
       "payout (no-payout)"},
      {"bribe",
       "off",
       {"off", "on", "last-match"},
       "CM-20: pay 2 coins to cast a banned spell: never, any match, or in the last match only (2 "
       "starting coins when on/last-match)"},
      {"lawty-limit", "10", {"10", "12"}, "CM-21: Lawty's mana limit"},
      {"duplicate",
       "off",
       {"off", "on"},
       "CM-22: one Detect Magic is replaced by the English edition's Duplicate"},
  };
  return i;
}

CheatyMagesGame::CheatyMagesGame(const Options& o, int n)
    : Game(game_info(), o, n), cards_(&CardData::builtin()) {
  peek_on = o.is("peek", "on");
  replay = o.is("all-ejected", "replay");
  bribe_on = o.is("bribe", "on");
  bribe_last = o.is("bribe", "last-match");
  duplicate_on = o.is("duplicate", "on");
  judges_ = cards_->judges;
  judges_[judge_id::kLawty].limit = o.is("lawty-limit", "12") ? 12 : 10;
  for (int k = 0; k < kKinds; ++k)
    copies_[static_cast<size_t>(k)] =
        static_cast<std::int8_t>(cards_->spells[static_cast<size_t>(k)].copies);
  if (duplicate_on) {
    copies_[kind::kDetectMagic]--;
    copies_[kind::kDuplicate]++;
  }
  for (int k = 0; k < kKinds; ++k) {
    const SpellData& s = spell(k);
    if (s.type == SpellType::kDirect) direct_kinds_ |= std::uint64_t{1} << k;
    for (int j = 0; j < kNumJudges; ++j) {  // CM-8
      const JudgeData& jd = judge(j);
      const bool by_type = s.type == SpellType::kDirect    ? jd.bans_direct
                           : s.type == SpellType::kEnchant ? jd.bans_enchant
                                                           : jd.bans_support;
      if ((s.forbidden && jd.bans_forbidden) || by_type)
        banned_kinds_[static_cast<size_t>(j)] |= std::uint64_t{1} << k;
    }
  }
}

std::unique_ptr<State> CheatyMagesGame::new_initial_state() const {
  return std::make_unique<CheatyMagesState>(shared_from_this());
}

int CheatyMagesGame::max_game_length() const {
  // Start + hands; per match: fighters, judge, bets (≤4 each), spell turns (D9 guard, ≤5 actions
  // a turn plus a possible judge or fighter chance), Ferine, refill (≤8 discards + draw + 4 draws
  // each), start player. Matches: 3 counted + at most kReplayGuard replays (D9).
  const int n = num_players();
  const int per_match = 5 + 1 + 4 * n + kSpellTurnGuard * 6 + 1 + 14 * n + 1;
  return 1 + 8 * n + (3 + kReplayGuard) * per_match;
}

std::string CheatyMagesGame::action_name(Action a) const {
  using namespace act;
  if (a >= kCast && a < kHide) return "cast:" + spell(a - kCast).key;
  if (a >= kHide && a < kPeek) return "hide:" + spell(a - kHide).key;
  if (a == kPeek) return "peek";
  if (a == kPass) return "pass";
  if (a >= kTargetFighter && a < kTargetJudge)
    return fmt::format("target:{}", a - kTargetFighter + 1);
  if (a == kTargetJudge) return "target:judge";
  if (a >= kTargetPlayer && a < kSpell) return fmt::format("target:player{}", a - kTargetPlayer);
  if (a >= kSpell && a < kSwap) return fmt::format("spell:{}", a - kSpell);
  if (a >= kSwap && a < kBet)
    return fmt::format("swap:{}-{}", (a - kSwap) / 5 + 1, (a - kSwap) % 5 + 1);
  if (a >= kBet && a < kBetDone) return fmt::format("bet:{}", a - kBet + 1);
  if (a == kBetDone) return "bet-done";
  if (a >= kDiscard && a < kDraw) return "discard:" + spell(a - kDiscard).key;
  if (a == kDraw) return "draw";
  if (a >= kDeal && a < kFighter) return "deal:" + spell(a - kDeal).key;
  if (a >= kFighter && a < kJudge) return "fighter:" + fighter(a - kFighter).key;
  if (a >= kJudge && a < kStart) return "judge:" + judge(a - kJudge).key;
  if (a >= kStart && a < kCount) return fmt::format("start:{}", a - kStart);
  return fmt::format("invalid:{}", a);
}

int CheatyMagesGame::tensor_size() const {
  return tensor_layout().size();  // the layout is in cheaty_mages_view.cpp
}

std::string CheatyMagesGame::rules_help() const {
  return R"(Cheaty Mages! — how to play (rule ids from the reference)
- Three matches (CM-4). Five fighters stand in positions 1–5, one judge watches (CM-5).
- Bet (CM-6), in secret: 1, 2 or 3 positions. If the winner is among them you get 2x the prize
  (one card), 1x (two cards) or half, rounded up (three cards). Bets cost nothing.
- Spells (CM-7): on your turn cast a spell, peek (discard any card to see one fighter's face-down
  spells), or pass for the rest of the match. Direct spells are face up, Enchants face down
  (only you know them), Supports act at once (CM-8). The judge may ban a spell type or Forbidden
  spells. Reflection protects a fighter from spells (CM-9).
- Judgement (CM-10): a fighter whose total mana is above the judge's limit is dispelled (spells
  removed) or ejected (out). Highest strength wins, ties to the higher printed strength; Skeleton
  and Ghost reverse spell strength (CM-11). Cause Unpopularity doubles the prize.
- Refill between matches (CM-13); the richest starts the next match (CM-15); most coins wins
  (CM-16). Type the number of a choice, or 'help', 'view', 'log', 'quit'.)";
}

// ---------------------------------------------------------------------------------------------
// State: queries
// ---------------------------------------------------------------------------------------------
CheatyMagesState::CheatyMagesState(std::shared_ptr<const Game> game)
    : State(std::move(game)), cm_(static_cast<const CheatyMagesGame*>(&this->game())) {
  for (int k = 0; k < kKinds; ++k)
    deck_[static_cast<size_t>(k)] = static_cast<std::int8_t>(cm_->copies(k));
  deck_n_ = 72;
  fighter_deck_ = (1u << kNumFighters) - 1;
  judge_deck_ = 0xff;
  const std::int16_t coins = (cm_->bribe_on || cm_->bribe_last) ? 2 : 0;  // CM-3
  for (int p = 0; p < num_players(); ++p) seats_[static_cast<size_t>(p)].coins = coins;
  phase_ = Phase::kStartPlayer;  // CM-4: the first start player is random
  start_candidates_ = static_cast<std::uint8_t>((1u << num_players()) - 1);
  fighters_.fill(-1);
}

Player CheatyMagesState::current_player() const {
  switch (phase_) {
    case Phase::kStartPlayer:
    case Phase::kDealHand:
    case Phase::kDealFighter:
    case Phase::kDealJudge:
    case Phase::kDraw:
    case Phase::kFerine:
    case Phase::kMetamorph:
      return kChancePlayer;
    case Phase::kGameOver:
      return kTerminalPlayer;
    default:
      return decider_;
  }
}

bool CheatyMagesState::confused() const {
  for (int i = 0; i < n_spells_; ++i)
    if (spells_[static_cast<size_t>(i)].loc == kLocJudge) return true;
  return false;
}

bool CheatyMagesState::reflected(int pos) const {
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc == pos && s.kind == kind::kReflection) return true;
  }
  return false;
}

bool CheatyMagesState::has_continuous(int p, int k) const {
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc == kLocPlayer + p && s.kind == k) return true;
  }
  return false;
}

bool CheatyMagesState::banned(int k) const {
  return judge_ >= 0 && (cm_->banned_kinds(judge_) >> k) & 1;
}

bool CheatyMagesState::bribe_active() const {
  return cm_->bribe_on || (cm_->bribe_last && counted_ == 2);
}

// The kinds p may cast now (bit k: cast:<k> legal, ignoring whose turn), one pass over the hand:
// what was asked per kind before (the judge's bans, the CM-20 bribe and Invisibility that lift
// them, D7 Amnesia, Imitation) is worked out once per call (issue 15: this was ~64% of a random
// playout's time as a per-kind out-of-line call).
std::uint64_t CheatyMagesState::castable_kinds(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  std::uint64_t in_hand = 0;
  for (int k = 0; k < kKinds; ++k)
    if (s.hand[static_cast<size_t>(k)] > 0) in_hand |= std::uint64_t{1} << k;
  if (!in_hand) return 0;
  std::uint64_t out = in_hand;
  if (judge_ >= 0) {
    const std::uint64_t bans = cm_->banned_kinds(judge_);
    if ((in_hand & bans) && !has_continuous(p, kind::kInvisibility) &&
        !(bribe_active() && s.coins >= 2))
      out &= ~bans;
  }
  if (out & (std::uint64_t{1} << kind::kAmnesia)) {  // D7
    bool any = false;
    for (int q = 0; q < num_players() && !any; ++q)
      any = seats_[static_cast<size_t>(q)].hand_n - (q == p ? 1 : 0) > 0;
    if (!any) out &= ~(std::uint64_t{1} << kind::kAmnesia);
  }
  if (s.bet_n < 2) out &= ~(std::uint64_t{1} << kind::kImitation);
  return out;
}

int CheatyMagesState::spells_at(int loc) const {
  int c = 0;
  for (int i = 0; i < n_spells_; ++i) c += spells_[static_cast<size_t>(i)].loc == loc;
  return c;
}

int CheatyMagesState::spell_index_at(int loc, int k) const {
  for (int i = 0; i < n_spells_; ++i)
    if (spells_[static_cast<size_t>(i)].loc == loc && k-- == 0) return i;
  return -1;
}

int CheatyMagesState::total_mana(int pos) const {
  int m = 0;
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc == pos) m += cm_->spell(s.kind).mana;
  }
  return m;
}

int CheatyMagesState::strength(int pos) const {
  const FighterData& f = cm_->fighter(fighters_[static_cast<size_t>(pos)]);
  int mod = 0;
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc != pos || s.kind == kind::kDuplicate) continue;
    int m = cm_->spell(s.kind).strength;
    for (int j = 0; j < n_spells_; ++j)  // CM-22: Duplicate doubles the modifier
      if (spells_[static_cast<size_t>(j)].attached == s.uid &&
          spells_[static_cast<size_t>(j)].kind == kind::kDuplicate)
        m *= 2;
    mod += m;
  }
  return f.strength + (f.reverses ? -mod : mod);  // CM-11: Skeleton and Ghost reverse
}

int CheatyMagesState::prize(int pos) const {
  int p = cm_->fighter(fighters_[static_cast<size_t>(pos)]).prize;
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc == pos && s.kind == kind::kCauseUnpopularity) p *= 2;
  }
  return p;
}

bool CheatyMagesState::spell_visible(int i, Player viewer) const {
  const Spell& s = spells_[static_cast<size_t>(i)];
  return s.face_up || (viewer >= 0 && (s.known >> viewer) & 1);
}

// D4: can the spell at index i be chosen by Dispel Magic / Alteration?
bool CheatyMagesState::spell_targetable(int i) const {
  const Spell& s = spells_[static_cast<size_t>(i)];
  if (s.loc < kPositions && reflected(s.loc)) return s.kind == kind::kReflection;
  return true;
}

// ---------------------------------------------------------------------------------------------
// State: legal actions and chance
// ---------------------------------------------------------------------------------------------
void CheatyMagesState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  const int n = num_players();
  switch (phase_) {
    case Phase::kStartPlayer:
      for (int p = 0; p < n; ++p)
        if (start_candidates_ & (1u << p)) out.push_back(act::kStart + p);
      return;
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kFerine:
      for (int k = 0; k < kKinds; ++k)
        if (deck_[static_cast<size_t>(k)] > 0) out.push_back(act::kDeal + k);
      return;
    case Phase::kDealFighter:
    case Phase::kMetamorph:
      for (int f = 0; f < kNumFighters; ++f)
        if (fighter_deck_ & (1u << f)) out.push_back(act::kFighter + f);
      return;
    case Phase::kDealJudge:
      for (int j = 0; j < kNumJudges; ++j)
        if (judge_deck_ & (1u << j)) out.push_back(act::kJudge + j);
      return;
    case Phase::kBet: {
      const Seat& s = seats_[static_cast<size_t>(decider_)];
      if (s.bet_n < 3)
        for (int b = 0; b < kPositions; ++b)
          if (!(s.bets & (1u << b))) out.push_back(act::kBet + b);
      if (s.bet_n >= 1) out.push_back(act::kBetDone);
      return;
    }
    case Phase::kRefill: {
      const Seat& s = seats_[static_cast<size_t>(decider_)];
      for (int k = 0; k < kKinds; ++k)
        if (s.hand[static_cast<size_t>(k)] > 0) out.push_back(act::kDiscard + k);
      out.push_back(act::kDraw);
      return;
    }
    case Phase::kGameOver:
      return;
    case Phase::kSpell:
      break;
  }
  const int p = decider_;
  const Seat& s = seats_[static_cast<size_t>(p)];
  switch (stage_) {
    case Stage::kChoose: {
      const std::uint64_t kinds = castable_kinds(p);
      for (std::uint64_t m = kinds; m; m &= m - 1) out.push_back(act::kCast + std::countr_zero(m));
      if ((kinds & cm_->direct_kinds()) && has_continuous(p, kind::kPrismaticRay))
        for (std::uint64_t m = kinds & cm_->direct_kinds(); m; m &= m - 1)
          out.push_back(act::kHide + std::countr_zero(m));
      if (cm_->peek_on && s.hand_n > 0) out.push_back(act::kPeek);
      out.push_back(act::kPass);
      return;
    }
    case Stage::kPeekDiscard:
    case Stage::kAmnesia:
      for (int k = 0; k < kKinds; ++k)
        if (s.hand[static_cast<size_t>(k)] > 0) out.push_back(act::kDiscard + k);
      return;
    case Stage::kPeekTarget:
      for (int pos = 0; pos < kPositions; ++pos) out.push_back(act::kTargetFighter + pos);
      return;
    case Stage::kTarget: {
      const int k = p_kind_;
      if (k == kind::kDispelMagic) {
        for (int pos = 0; pos < kPositions; ++pos) out.push_back(act::kTargetFighter + pos);
        if (spells_at(kLocJudge) > 0) out.push_back(act::kTargetJudge);
        for (int q = 0; q < n; ++q)
          if (spells_at(kLocPlayer + q) > 0) out.push_back(act::kTargetPlayer + q);
      } else if (k == kind::kAlteration || k == kind::kAntiMagicField || k == kind::kDuplicate) {
        // D4: Alteration and Duplicate target a spell, and CM-9 lets a spell target the
        // Reflection on a reflected fighter (then only it can be chosen); Anti-Magic Field
        // ignores Reflection.
        for (int pos = 0; pos < kPositions; ++pos) out.push_back(act::kTargetFighter + pos);
      } else if (k == kind::kAmnesia) {
        for (int q = 0; q < n; ++q)
          if (seats_[static_cast<size_t>(q)].hand_n > 0) out.push_back(act::kTargetPlayer + q);
      } else {
        for (int pos = 0; pos < kPositions; ++pos)
          if (!reflected(pos)) out.push_back(act::kTargetFighter + pos);
      }
      return;
    }
    case Stage::kChooseSpell: {
      int idx = 0;
      for (int i = 0; i < n_spells_; ++i) {
        const Spell& sp = spells_[static_cast<size_t>(i)];
        if (sp.loc != p_loc_) continue;
        bool ok = p_kind_ == kind::kDispelMagic
                      ? spell_targetable(i)
                      : (sp.kind != kind::kDuplicate && spell_targetable(i));
        if (ok) out.push_back(act::kSpell + idx);
        ++idx;
      }
      return;
    }
    case Stage::kDest:
      for (int pos = 0; pos < kPositions; ++pos)
        if (pos != p_loc_ && !reflected(pos)) out.push_back(act::kTargetFighter + pos);
      return;
    case Stage::kSwap:
      for (int from = 0; from < kPositions; ++from)
        for (int to = 0; to < kPositions; ++to)
          if ((s.bets & (1u << from)) && !(s.bets & (1u << to)))
            out.push_back(act::kSwap + from * 5 + to);
      return;
  }
}

void CheatyMagesState::chance_outcomes(std::vector<ChanceOutcome>& out) const {
  out.clear();
  if (!is_chance()) return;
  std::vector<Action> l;
  legal_actions(l);
  const bool weighted =
      phase_ == Phase::kDealHand || phase_ == Phase::kDraw || phase_ == Phase::kFerine;
  for (Action a : l) {
    double p = weighted ? static_cast<double>(deck_[static_cast<size_t>(a - act::kDeal)]) / deck_n_
                        : 1.0 / static_cast<double>(l.size());
    out.push_back({a, p});
  }
}

Action CheatyMagesState::sample_chance(Rng& rng) const {
  auto nth_bit = [](std::uint32_t x, int k) {
    for (; k > 0; --k) x &= x - 1;
    return __builtin_ctz(x);
  };
  switch (phase_) {
    case Phase::kStartPlayer:
      return act::kStart +
             nth_bit(start_candidates_, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                            __builtin_popcount(start_candidates_)))));
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kFerine: {
      int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(deck_n_)));
      for (int k = 0; k < kKinds; ++k) {
        r -= deck_[static_cast<size_t>(k)];
        if (r < 0) return act::kDeal + k;
      }
      throw Error("sample_chance: deck count mismatch");
    }
    case Phase::kDealFighter:
    case Phase::kMetamorph:
      return act::kFighter +
             nth_bit(fighter_deck_, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                        __builtin_popcount(fighter_deck_)))));
    case Phase::kDealJudge:
      return act::kJudge +
             nth_bit(judge_deck_, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                      __builtin_popcount(judge_deck_)))));
    default:
      throw Error("sample_chance: not a chance node");
  }
}

bool CheatyMagesState::is_legal(Action a) const {
  if (a < 0 || a >= act::kCount) return false;
  std::vector<Action> l;
  legal_actions(l);
  return std::binary_search(l.begin(), l.end(), a);
}

// ---------------------------------------------------------------------------------------------
// State: flow
// ---------------------------------------------------------------------------------------------
bool CheatyMagesState::ensure_deck() {
  if (deck_n_ > 0) return true;
  if (discard_n_ == 0) return false;  // CM-13: nothing to reshuffle
  deck_ = discard_;
  deck_n_ = discard_n_;
  discard_.fill(0);
  discard_n_ = 0;
  return true;
}

void CheatyMagesState::start_draw(int p, int count, std::uint8_t after) {
  draw_for_ = static_cast<std::int8_t>(p);
  draws_left_ = static_cast<std::int8_t>(count);
  after_draw_ = after;
  continue_after_draw();
}

void CheatyMagesState::continue_after_draw() {
  if (draws_left_ > 0 && ensure_deck()) {
    phase_ = after_draw_ == 0 ? Phase::kDealHand : Phase::kDraw;
    return;
  }
  draws_left_ = 0;
  switch (after_draw_) {
    case 0:  // initial hands, seat by seat
      if (++deal_seat_ < num_players()) {
        start_draw(deal_seat_, cm_->hand_size(), 0);
        return;
      }
      begin_match();
      return;
    case 1:  // Recall resolved: now it is discarded
      discard_card(kind::kRecall);
      phase_ = Phase::kSpell;
      end_turn();
      return;
    default:
      next_refill();
      return;
  }
}

void CheatyMagesState::begin_match() {
  // CM-5: five fighters, then a judge.
  fighter_deck_ = (1u << kNumFighters) - 1;
  fighters_.fill(-1);
  deal_pos_ = 0;
  phase_ = Phase::kDealFighter;
}

void CheatyMagesState::after_bets(int p) {
  const int q = (p + 1) % num_players();
  if (q == start_player_) {  // CM-7: spells, from the start player
    spell_turns_ = 0;
    turn_player_ = start_player_;
    next_spell_turn(false);
    return;
  }
  decider_ = static_cast<std::int8_t>(q);
}

void CheatyMagesState::next_spell_turn(bool advance) {
  const int n = num_players();
  if (spell_turns_ >= kSpellTurnGuard)  // D9
    for (int q = 0; q < n; ++q) seats_[static_cast<size_t>(q)].passed = true;
  int p = advance ? (turn_player_ + 1) % n : turn_player_;
  for (int i = 0; i < n; ++i, p = (p + 1) % n) {
    Seat& s = seats_[static_cast<size_t>(p)];
    if (s.passed) continue;
    if (s.hand_n == 0) {  // CM-7: no cards, passes automatically
      s.passed = true;
      continue;
    }
    turn_player_ = decider_ = static_cast<std::int8_t>(p);
    phase_ = Phase::kSpell;
    stage_ = Stage::kChoose;
    return;
  }
  begin_judgement();
}

void CheatyMagesState::end_turn() {
  ++spell_turns_;
  p_kind_ = p_loc_ = p_spell_ = -1;
  p_face_up_ = true;
  p_fclass_ = 0;
  stage_ = Stage::kChoose;
  next_spell_turn(true);
}

void CheatyMagesState::place_spell(int k, int loc, bool face_up, std::uint8_t fclass) {
  Spell& s = spells_[static_cast<size_t>(n_spells_++)];
  s.kind = static_cast<std::int8_t>(k);
  s.loc = static_cast<std::int8_t>(loc);
  s.caster = turn_player_;
  s.face_up = face_up;
  s.known = face_up ? 0 : static_cast<std::uint8_t>(1u << turn_player_);
  s.fclass = face_up ? 0 : fclass;
  s.uid = next_uid_++;
  s.attached = -1;
}

void CheatyMagesState::remove_spell(int idx) {
  const std::uint8_t uid = spells_[static_cast<size_t>(idx)].uid;
  int w = 0;
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (i == idx || s.attached == uid) {
      discard_card(s.kind);
      continue;
    }
    spells_[static_cast<size_t>(w++)] = s;
  }
  n_spells_ = static_cast<std::int16_t>(w);
}

void CheatyMagesState::clear_loc(int loc) {
  int w = 0;
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc == loc) {
      discard_card(s.kind);
      continue;
    }
    spells_[static_cast<size_t>(w++)] = s;
  }
  n_spells_ = static_cast<std::int16_t>(w);
}

void CheatyMagesState::reveal_to(int pos, int p) {
  for (int i = 0; i < n_spells_; ++i) {
    Spell& s = spells_[static_cast<size_t>(i)];
    if (s.loc == pos && !s.face_up) s.known |= static_cast<std::uint8_t>(1u << p);
  }
}

void CheatyMagesState::begin_judgement() {
  // CM-10: all spells face up.
  summary_ = MatchSummary{};
  for (int i = 0; i < n_spells_; ++i) {
    Spell& s = spells_[static_cast<size_t>(i)];
    s.face_up = true;
    s.fclass = 0;
    if (s.loc < kPositions) summary_.had_spells |= static_cast<std::uint8_t>(1u << s.loc);
  }
  summary_.confusion = confused();
  summary_.judge = judge_;
  if (summary_.confusion || judge_ == judge_id::kTad) {
    judge_now(0, Penalty::kNone, false);
    return;
  }
  const JudgeData& j = cm_->judge(judge_);
  if (j.penalty == Penalty::kFlip) {
    if (ensure_deck()) {
      phase_ = Phase::kFerine;
      return;
    }
    judge_now(0, Penalty::kNone, false);  // CM-13: nothing to turn, Ferine does not judge
    return;
  }
  judge_now(j.limit, j.penalty, true);
}

void CheatyMagesState::judge_now(int limit, Penalty pen, bool judging) {
  const int n = num_players();
  MatchSummary& m = summary_;
  m.judged = judging;
  m.start_player = start_player_;
  for (int pos = 0; pos < kPositions; ++pos)
    m.fighters[static_cast<size_t>(pos)] = fighters_[static_cast<size_t>(pos)];
  if (judging) {
    for (int pos = 0; pos < kPositions; ++pos) {
      const int mana = total_mana(pos);
      const std::uint8_t bit = static_cast<std::uint8_t>(1u << pos);
      if (mana > limit) {  // strictly greater (CM-10)
        if (pen == Penalty::kEject) {
          m.ejected |= bit;  // it leaves the match; its spells go at cleanup (CM-14)
        } else {
          m.dispelled |= bit;
          clear_loc(pos);
        }
      } else if (judge_ == judge_id::kLester && mana <= 4 && spells_at(pos) > 0) {  // D8
        m.dispelled |= bit;
        m.low_mana_dispelled |= bit;
        clear_loc(pos);
      }
    }
  }
  // CM-11: the winner.
  int best = -1, best_str = 0;
  for (int pos = 0; pos < kPositions; ++pos) {
    if (m.ejected & (1u << pos)) continue;
    const int st = strength(pos);
    if (best < 0 || st > best_str ||
        (st == best_str && cm_->fighter(fighters_[static_cast<size_t>(pos)]).strength >
                               cm_->fighter(fighters_[static_cast<size_t>(best)]).strength)) {
      best = pos;
      best_str = st;
    }
  }
  for (int q = 0; q < n; ++q) {
    m.bets[static_cast<size_t>(q)] = seats_[static_cast<size_t>(q)].bets;
    m.bribes[static_cast<size_t>(q)] = match_bribes_[static_cast<size_t>(q)];
  }
  bets_public_ = true;
  if (best < 0) {  // CM-12: every fighter ejected
    m.all_ejected = true;
    const bool replay = cm_->replay && replays_ < kReplayGuard;
    if (replay) ++replays_;
    finish_match(!replay, true);
    return;
  }
  m.winner_pos = static_cast<std::int8_t>(best);
  m.winner_fighter = fighters_[static_cast<size_t>(best)];
  m.winner_strength = static_cast<std::int16_t>(best_str);
  m.winner_had_spells = spells_at(best) > 0;
  const int pz = prize(best);
  m.prize = static_cast<std::int16_t>(pz);
  for (int q = 0; q < n; ++q) {
    Seat& s = seats_[static_cast<size_t>(q)];
    if (!(s.bets & (1u << best))) continue;
    const int pay = s.bet_n == 1 ? 2 * pz : (s.bet_n == 2 ? pz : (pz + 1) / 2);  // CM-6
    s.coins = static_cast<std::int16_t>(s.coins + pay);
    m.payout[static_cast<size_t>(q)] = static_cast<std::int16_t>(pay);
  }
  finish_match(true, false);
}

void CheatyMagesState::finish_match(bool counted_match, bool all_ejected) {
  ++played_;
  summary_.number = played_;
  summary_.counted = counted_match;
  summary_.all_ejected = all_ejected;
  if (counted_match) ++counted_;
  const int n = num_players();
  if (counted_ >= 3) {  // CM-16
    int best = -1;
    for (int q = 0; q < n; ++q) best = std::max<int>(best, seats_[static_cast<size_t>(q)].coins);
    int most_cards = -1;
    for (int q = 0; q < n; ++q)
      if (seats_[static_cast<size_t>(q)].coins == best)
        most_cards = std::max<int>(most_cards, seats_[static_cast<size_t>(q)].hand_n);
    winners_mask_ = 0;
    for (int q = 0; q < n; ++q)
      if (seats_[static_cast<size_t>(q)].coins == best &&
          seats_[static_cast<size_t>(q)].hand_n == most_cards)
        winners_mask_ |= static_cast<std::uint8_t>(1u << q);
    phase_ = Phase::kGameOver;
    return;
  }
  refill_seat_ = start_player_;  // CM-13, clockwise from the start player
  refill_done_ = 0;
  phase_ = Phase::kRefill;
  decider_ = refill_seat_;
}

void CheatyMagesState::next_refill() {
  const int n = num_players();
  if (++refill_done_ >= n) {
    cleanup();
    choose_next_start();
    return;
  }
  refill_seat_ = static_cast<std::int8_t>((refill_seat_ + 1) % n);
  phase_ = Phase::kRefill;
  decider_ = refill_seat_;
}

void CheatyMagesState::cleanup() {
  // CM-14: spells and the judge are discarded; fighters return to their deck.
  for (int i = 0; i < n_spells_; ++i) discard_card(spells_[static_cast<size_t>(i)].kind);
  n_spells_ = 0;
  next_uid_ = 0;
  judge_ = -1;
  fighters_.fill(-1);
  for (int q = 0; q < num_players(); ++q) {
    Seat& s = seats_[static_cast<size_t>(q)];
    s.bets = 0;
    s.bet_n = 0;
    s.passed = false;
  }
  match_bribes_.fill(0);
  bets_public_ = false;
  spell_turns_ = 0;
}

void CheatyMagesState::choose_next_start() {
  // CM-15: most coins; ties at random (D12).
  int best = -1;
  for (int q = 0; q < num_players(); ++q)
    best = std::max<int>(best, seats_[static_cast<size_t>(q)].coins);
  start_candidates_ = 0;
  for (int q = 0; q < num_players(); ++q)
    if (seats_[static_cast<size_t>(q)].coins == best)
      start_candidates_ |= static_cast<std::uint8_t>(1u << q);
  if (__builtin_popcount(start_candidates_) == 1) {
    start_player_ = static_cast<std::int8_t>(__builtin_ctz(start_candidates_));
    begin_match();
    return;
  }
  phase_ = Phase::kStartPlayer;
}

void CheatyMagesState::apply_unchecked(Action a) {
  switch (phase_) {
    case Phase::kStartPlayer:
      start_player_ = static_cast<std::int8_t>(a - act::kStart);
      start_candidates_ = 0;
      if (played_ == 0) {  // CM-2: deal the hands
        deal_seat_ = 0;
        start_draw(0, cm_->hand_size(), 0);
      } else {
        begin_match();
      }
      return;
    case Phase::kDealHand:
    case Phase::kDraw: {
      const int k = a - act::kDeal;
      Seat& s = seats_[static_cast<size_t>(draw_for_)];
      deck_[static_cast<size_t>(k)]--;
      deck_n_--;
      s.hand[static_cast<size_t>(k)]++;
      s.hand_n++;
      draws_left_--;
      continue_after_draw();
      return;
    }
    case Phase::kFerine: {
      // Ferine turns the top spell (CM-10 table): Direct 10/eject, Enchant 15/dispel, Support
      // 5/dispel.
      const int k = a - act::kDeal;
      deck_[static_cast<size_t>(k)]--;
      deck_n_--;
      discard_card(k);
      summary_.ferine_type = static_cast<std::int8_t>(cm_->spell(k).type);
      switch (cm_->spell(k).type) {
        case SpellType::kDirect:
          judge_now(10, Penalty::kEject, true);
          break;
        case SpellType::kEnchant:
          judge_now(15, Penalty::kDispel, true);
          break;
        case SpellType::kSupport:
          judge_now(5, Penalty::kDispel, true);
          break;
      }
      return;
    }
    case Phase::kDealFighter: {
      const int f = a - act::kFighter;
      fighter_deck_ &= static_cast<std::uint16_t>(~(1u << f));
      fighters_[static_cast<size_t>(deal_pos_++)] = static_cast<std::int8_t>(f);
      if (deal_pos_ == kPositions) {
        if (judge_deck_ == 0) judge_deck_ = 0xff;  // CM-14: used judges reshuffled
        phase_ = Phase::kDealJudge;
      }
      return;
    }
    case Phase::kMetamorph: {
      const int f = a - act::kFighter;
      fighter_deck_ &= static_cast<std::uint16_t>(~(1u << f));
      fighters_[static_cast<size_t>(p_loc_)] =
          static_cast<std::int8_t>(f);  // D6: the old one is set aside
      phase_ = Phase::kSpell;
      end_turn();
      return;
    }
    case Phase::kDealJudge: {
      const int j = a - act::kJudge;
      judge_deck_ &= static_cast<std::uint8_t>(~(1u << j));
      judge_ = static_cast<std::int8_t>(j);
      if (p_kind_ == kind::kDimensionDoor) {
        phase_ = Phase::kSpell;
        end_turn();
        return;
      }
      phase_ = Phase::kBet;  // CM-6, from the start player
      decider_ = start_player_;
      return;
    }
    case Phase::kBet: {
      Seat& s = seats_[static_cast<size_t>(decider_)];
      if (a == act::kBetDone) {
        after_bets(decider_);
        return;
      }
      s.bets |= static_cast<std::uint8_t>(1u << (a - act::kBet));
      s.bet_n++;
      if (s.bet_n == 3) after_bets(decider_);
      return;
    }
    case Phase::kRefill: {
      Seat& s = seats_[static_cast<size_t>(decider_)];
      if (a == act::kDraw) {
        const int count = std::min(cm_->refill_draw(), cm_->hand_limit() - s.hand_n);
        start_draw(decider_, std::max(0, count), 2);
        return;
      }
      const int k = a - act::kDiscard;
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      discard_card(k);
      return;
    }
    case Phase::kGameOver:
      return;
    case Phase::kSpell:
      break;
  }
  const int p = decider_;
  Seat& s = seats_[static_cast<size_t>(p)];
  switch (stage_) {
    case Stage::kChoose: {
      if (a == act::kPass) {
        s.passed = true;
        end_turn();
        return;
      }
      if (a == act::kPeek) {
        stage_ = Stage::kPeekDiscard;
        return;
      }
      const bool hide = a >= act::kHide && a < act::kPeek;
      const int k = hide ? a - act::kHide : a - act::kCast;
      const SpellData& sd = cm_->spell(k);
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      bool type_banned = false;
      if (judge_ >= 0) {
        const JudgeData& jd = cm_->judge(judge_);
        type_banned = (sd.type == SpellType::kDirect && jd.bans_direct) ||
                      (sd.type == SpellType::kEnchant && jd.bans_enchant) ||
                      (sd.type == SpellType::kSupport && jd.bans_support);
      }
      const bool invisible = has_continuous(p, kind::kInvisibility);
      const bool bribe = banned(k) && !invisible;
      if (bribe) {  // D3
        s.coins = static_cast<std::int16_t>(s.coins - 2);
        match_bribes_[static_cast<size_t>(p)]++;
      }
      p_kind_ = static_cast<std::int8_t>(k);
      // D11: the public constraint on a face-down spell's Forbidden keyword.
      if (bribe)
        p_fclass_ = type_banned ? 0 : 2;
      else if (!invisible && judge_ >= 0 && cm_->judge(judge_).bans_forbidden)
        p_fclass_ = 1;
      else
        p_fclass_ = 0;
      if (sd.type == SpellType::kDirect) {
        p_face_up_ = !hide;
        stage_ = Stage::kTarget;
        return;
      }
      if (sd.type == SpellType::kEnchant) {
        p_face_up_ = k == kind::kReflection;  // CM-8: Reflection is laid face up
        stage_ = Stage::kTarget;
        return;
      }
      p_face_up_ = true;
      switch (k) {
        case kind::kRecall:  // draws first, then is discarded
          start_draw(p, 1, 1);
          return;
        case kind::kImitation:
          stage_ = Stage::kSwap;
          return;
        case kind::kDimensionDoor:
          clear_loc(kLocJudge);  // Confusion goes with the judge
          discard_card(kind::kDimensionDoor);
          judge_ = -1;
          if (judge_deck_ == 0) judge_deck_ = 0xff;
          phase_ = Phase::kDealJudge;
          return;
        case kind::kConfusion:
          place_spell(k, kLocJudge, true, 0);
          end_turn();
          return;
        case kind::kInvisibility:
        case kind::kPrismaticRay:
          place_spell(k, kLocPlayer + p, true, 0);
          end_turn();
          return;
        default:
          stage_ = Stage::kTarget;
          return;
      }
    }
    case Stage::kPeekDiscard: {
      const int k = a - act::kDiscard;
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      discard_card(k);
      stage_ = Stage::kPeekTarget;
      return;
    }
    case Stage::kPeekTarget:
      reveal_to(a - act::kTargetFighter, p);
      end_turn();
      return;
    case Stage::kTarget:
      resolve_support_target(a);
      return;
    case Stage::kChooseSpell: {
      const int idx = spell_index_at(p_loc_, a - act::kSpell);
      if (p_kind_ == kind::kDispelMagic) {
        remove_spell(idx);
        discard_card(kind::kDispelMagic);
        end_turn();
        return;
      }
      if (p_kind_ == kind::kDuplicate) {
        const std::uint8_t uid = spells_[static_cast<size_t>(idx)].uid;
        place_spell(kind::kDuplicate, p_loc_, true, 0);
        spells_[static_cast<size_t>(n_spells_ - 1)].attached = uid;
        end_turn();
        return;
      }
      p_spell_ = static_cast<std::int8_t>(idx);  // Alteration: now the destination
      stage_ = Stage::kDest;
      return;
    }
    case Stage::kDest: {
      const int dest = a - act::kTargetFighter;
      const std::uint8_t uid = spells_[static_cast<size_t>(p_spell_)].uid;
      spells_[static_cast<size_t>(p_spell_)].loc =
          static_cast<std::int8_t>(dest);  // face and knowledge stay
      for (int i = 0; i < n_spells_; ++i)
        if (spells_[static_cast<size_t>(i)].attached == uid)
          spells_[static_cast<size_t>(i)].loc = static_cast<std::int8_t>(dest);
      discard_card(kind::kAlteration);
      end_turn();
      return;
    }
    case Stage::kAmnesia: {
      const int k = a - act::kDiscard;
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      discard_card(k);
      decider_ = turn_player_;
      end_turn();
      return;
    }
    case Stage::kSwap: {
      const int from = (a - act::kSwap) / 5, to = (a - act::kSwap) % 5;
      s.bets = static_cast<std::uint8_t>((s.bets & ~(1u << from)) | (1u << to));
      discard_card(kind::kImitation);
      end_turn();
      return;
    }
  }
}

void CheatyMagesState::resolve_support_target(int a) {
  const int k = p_kind_;
  const int p = turn_player_;
  const SpellData& sd = cm_->spell(k);
  if (sd.type != SpellType::kSupport) {
    place_spell(k, a - act::kTargetFighter, p_face_up_, p_fclass_);
    end_turn();
    return;
  }
  const int loc = a == act::kTargetJudge
                      ? kLocJudge
                      : (a >= act::kTargetPlayer ? kLocPlayer + (a - act::kTargetPlayer)
                                                 : a - act::kTargetFighter);
  switch (k) {
    case kind::kDetectMagic:
      reveal_to(loc, p);
      discard_card(k);
      end_turn();
      return;
    case kind::kAntiMagicField:
      clear_loc(loc);
      discard_card(k);
      end_turn();
      return;
    case kind::kMetamorphosis:
      p_loc_ = static_cast<std::int8_t>(loc);
      discard_card(k);
      phase_ = Phase::kMetamorph;
      return;
    case kind::kAmnesia:
      discard_card(k);
      decider_ = static_cast<std::int8_t>(a - act::kTargetPlayer);
      stage_ = Stage::kAmnesia;
      return;
    case kind::kDispelMagic:
    case kind::kAlteration:
    case kind::kDuplicate: {
      p_loc_ = static_cast<std::int8_t>(loc);
      bool any = false;
      for (int i = 0; i < n_spells_; ++i) {
        const Spell& sp = spells_[static_cast<size_t>(i)];
        if (sp.loc == loc && spell_targetable(i) &&
            (k == kind::kDispelMagic || sp.kind != kind::kDuplicate))
          any = true;
      }
      if (!any) {  // CM-7: nothing there, no effect
        discard_card(k);
        end_turn();
        return;
      }
      stage_ = Stage::kChooseSpell;
      return;
    }
    default:
      throw Error("cheaty-mages: unexpected target for " + sd.key);
  }
}

std::unique_ptr<State> CheatyMagesState::clone() const {
  return std::make_unique<CheatyMagesState>(*this);
}

// ---------------------------------------------------------------------------------------------
// Resampling (D11)
// ---------------------------------------------------------------------------------------------
int CheatyMagesState::draw_random_kind(Rng& rng, const std::array<std::int8_t, kKinds>& pool,
                                       int total) const {
  int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
  for (int k = 0; k < kKinds; ++k) {
    r -= pool[static_cast<size_t>(k)];
    if (r < 0) return k;
  }
  return -1;
}

std::unique_ptr<State> CheatyMagesState::resample(Player viewer, Rng& rng) const {
  auto out = std::make_unique<CheatyMagesState>(*this);
  redeal(viewer, rng, *out);
  return out;
}

void CheatyMagesState::resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const {
  State* const prev = out.get();  // a plain pointer: typeid(*prev) has no side effects
  auto* r = prev && typeid(*prev) == typeid(CheatyMagesState) ? static_cast<CheatyMagesState*>(prev)
                                                              : nullptr;
  if (!r || r == this) {
    out = resample(viewer, rng);
    return;
  }
  *r = *this;
  redeal(viewer, rng, *r);
}

void CheatyMagesState::redeal(Player viewer, Rng& rng, CheatyMagesState& r) const {
  const int n = num_players();
  std::array<std::int8_t, kKinds> pool = deck_;
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Seat& s = seats_[static_cast<size_t>(q)];
    for (int k = 0; k < kKinds; ++k)
      pool[static_cast<size_t>(k)] =
          static_cast<std::int8_t>(pool[static_cast<size_t>(k)] + s.hand[static_cast<size_t>(k)]);
  }
  // Unknown face-down slots: spell indices, and -1 for a face-down spell being cast.
  std::array<std::int8_t, kMaxSpells + 1> slots{};
  int ns = 0;
  for (int i = 0; i < n_spells_; ++i)
    if (!spell_visible(i, viewer)) {
      slots[static_cast<size_t>(ns++)] = static_cast<std::int8_t>(i);
      pool[static_cast<size_t>(spells_[static_cast<size_t>(i)].kind)]++;
    }
  const bool pending_hidden = phase_ == Phase::kSpell && stage_ == Stage::kTarget && p_kind_ >= 0 &&
                              !p_face_up_ && viewer != turn_player_;
  if (pending_hidden) {
    slots[static_cast<size_t>(ns++)] = -1;
    pool[static_cast<size_t>(p_kind_)]++;
  }
  auto slot_kind = [&](int slot) {
    return slot < 0 ? static_cast<int>(p_kind_) : spells_[static_cast<size_t>(slot)].kind;
  };
  auto slot_class = [&](int slot) {
    return slot < 0 ? p_fclass_ : spells_[static_cast<size_t>(slot)].fclass;
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int j = 0; j < ns; ++j) {
      const int slot = slots[static_cast<size_t>(j)];
      const int cls = slot_class(slot);
      if ((pass == 0) != (cls != 0)) continue;
      const SpellType type = cm_->spell(slot_kind(slot)).type;
      std::array<std::int8_t, kKinds> sub{};
      int total = 0;
      for (int k = 0; k < kKinds; ++k) {
        const SpellData& sd = cm_->spell(k);
        if (sd.type != type || k == kind::kReflection || (cls == 1 && sd.forbidden) ||
            (cls == 2 && !sd.forbidden))
          continue;
        sub[static_cast<size_t>(k)] = pool[static_cast<size_t>(k)];
        total += pool[static_cast<size_t>(k)];
      }
      const int k = draw_random_kind(rng, sub, total);
      pool[static_cast<size_t>(k)]--;
      if (slot < 0)
        r.p_kind_ = static_cast<std::int8_t>(k);
      else
        r.spells_[static_cast<size_t>(slot)].kind = static_cast<std::int8_t>(k);
    }
  }
  int total = 0;
  for (int k = 0; k < kKinds; ++k) total += pool[static_cast<size_t>(k)];
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    Seat& t = r.seats_[static_cast<size_t>(q)];
    t.hand.fill(0);
    for (int c = 0; c < t.hand_n; ++c) {
      const int k = draw_random_kind(rng, pool, total);
      pool[static_cast<size_t>(k)]--;
      --total;
      t.hand[static_cast<size_t>(k)]++;
    }
    if (!bets_public_ && t.bet_n > 0) {
      std::uint8_t bets = 0;
      for (int c = 0; c < t.bet_n; ++c) {
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(kPositions - c)));
        for (int b = 0; b < kPositions; ++b)
          if (!(bets & (1u << b)) && pick-- == 0) {
            bets |= static_cast<std::uint8_t>(1u << b);
            break;
          }
      }
      t.bets = bets;
    }
  }
  r.deck_ = pool;
  r.deck_n_ = static_cast<std::int16_t>(total);
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------
std::vector<double> CheatyMagesState::returns() const {
  std::vector<double> r(static_cast<size_t>(num_players()), 0.0);
  returns_into(r);
  return r;
}

void CheatyMagesState::returns_into(std::span<double> out) const {
  for (int p = 0; p < num_players(); ++p)
    out[static_cast<size_t>(p)] = (winners_mask_ & (1u << p)) ? 1.0 : 0.0;
}

std::vector<Player> CheatyMagesState::winners() const {
  std::vector<Player> w;
  for (int p = 0; p < num_players(); ++p)
    if (winners_mask_ & (1u << p)) w.push_back(p);
  return w;
}

json CheatyMagesState::outcome() const {
  json j;
  j["winners"] = winners();
  std::vector<int> coins, cards;
  for (int p = 0; p < num_players(); ++p) {
    coins.push_back(seats_[static_cast<size_t>(p)].coins);
    cards.push_back(seats_[static_cast<size_t>(p)].hand_n);
  }
  j["coins"] = coins;
  j["cards_in_hand"] = cards;
  j["matches_played"] = played_;
  j["matches_counted"] = counted_;
  return j;
}

std::uint64_t CheatyMagesState::fingerprint() const {
  std::uint64_t h = kFnvOffset;
  auto mix = [&](std::uint64_t v) { h = fnv1a(h, v); };
  auto mix_counts = [&](const std::array<std::int8_t, kKinds>& c) {
    for (int k = 0; k < kKinds; k += 8) {
      std::uint64_t v = 0;
      for (int i = 0; i < 8 && k + i < kKinds; ++i)
        v |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(c[static_cast<size_t>(k + i)]))
             << (8 * i);
      mix(v);
    }
  };
  for (int p = 0; p < num_players(); ++p) {
    const Seat& s = seats_[static_cast<size_t>(p)];
    mix_counts(s.hand);
    mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.coins)) |
        (static_cast<std::uint64_t>(s.bets) << 16) | (static_cast<std::uint64_t>(s.bet_n) << 24) |
        (static_cast<std::uint64_t>(s.passed) << 32) |
        (static_cast<std::uint64_t>(s.hand_n) << 40));
  }
  mix_counts(deck_);
  mix_counts(discard_);
  mix(static_cast<std::uint64_t>(deck_n_) | (static_cast<std::uint64_t>(discard_n_) << 16) |
      (static_cast<std::uint64_t>(n_spells_) << 32) |
      (static_cast<std::uint64_t>(next_uid_) << 48));
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.kind)) |
        (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.loc)) << 8) |
        (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.caster)) << 16) |
        (static_cast<std::uint64_t>(s.known) << 24) |
        (static_cast<std::uint64_t>(s.face_up) << 32) |
        (static_cast<std::uint64_t>(s.fclass) << 34) | (static_cast<std::uint64_t>(s.uid) << 40) |
        (static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.attached)) << 48));
  }
  std::uint64_t f = 0;
  for (int pos = 0; pos < kPositions; ++pos)
    f |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(fighters_[static_cast<size_t>(pos)]))
         << (8 * pos);
  mix(f);
  mix(static_cast<std::uint64_t>(fighter_deck_) | (static_cast<std::uint64_t>(judge_deck_) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(judge_)) << 24) |
      (static_cast<std::uint64_t>(phase_) << 32) | (static_cast<std::uint64_t>(stage_) << 40) |
      (static_cast<std::uint64_t>(start_player_) << 48) |
      (static_cast<std::uint64_t>(turn_player_) << 56));
  mix(static_cast<std::uint64_t>(decider_) | (static_cast<std::uint64_t>(deal_seat_) << 8) |
      (static_cast<std::uint64_t>(deal_pos_) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(draw_for_)) << 24) |
      (static_cast<std::uint64_t>(draws_left_) << 32) |
      (static_cast<std::uint64_t>(after_draw_) << 40) |
      (static_cast<std::uint64_t>(refill_seat_) << 48) |
      (static_cast<std::uint64_t>(refill_done_) << 56));
  mix(static_cast<std::uint64_t>(start_candidates_) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p_kind_)) << 8) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p_loc_)) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p_spell_)) << 24) |
      (static_cast<std::uint64_t>(p_face_up_) << 32) |
      (static_cast<std::uint64_t>(p_fclass_) << 40) |
      (static_cast<std::uint64_t>(bets_public_) << 48) |
      (static_cast<std::uint64_t>(winners_mask_) << 56));
  mix(static_cast<std::uint64_t>(spell_turns_) | (static_cast<std::uint64_t>(counted_) << 16) |
      (static_cast<std::uint64_t>(played_) << 24) | (static_cast<std::uint64_t>(replays_) << 40));
  for (int p = 0; p < num_players(); ++p)
    mix(static_cast<std::uint64_t>(match_bribes_[static_cast<size_t>(p)]));
  mix(static_cast<std::uint64_t>(summary_.number) |
      (static_cast<std::uint64_t>(summary_.winner_pos + 1) << 16) |
      (static_cast<std::uint64_t>(summary_.dispelled) << 24) |
      (static_cast<std::uint64_t>(summary_.ejected) << 32) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(summary_.ferine_type)) << 40));
  return h;
}

}  // namespace villainy::cheaty_mages
