// Cheaty Mages!: the Game (options, action names, bounds) and its registration.
#include <fmt/format.h>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/registry.h"

namespace villainy::cheaty_mages {

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
      OptionSpec::boolean("peek", true,
                          "CM-7: discard a card to look at one fighter's face-down spells (on) or "
                          "only Detect Magic peeks (off)"),
      OptionSpec::choice("all-ejected", "replay", {"replay", "no-payout"},
                         "CM-12: when every fighter is ejected the match is replayed (replay) or "
                         "counts with no payout (no-payout)"),
      OptionSpec::choice("bribe", "off", {"off", "on", "last-match"},
                         "CM-20: pay 2 coins to cast a banned spell: never, any match, or in the "
                         "last match only (2 starting coins when on/last-match)"),
      OptionSpec::choice("lawty-limit", "10", {"10", "12"},
                         "CM-21: Lawty's mana limit (10: as the card data says)"),
      OptionSpec::boolean("duplicate", false,
                          "CM-22: one Detect Magic is replaced by the English edition's Duplicate"),
      OptionSpec::path("cards", {"default"},
                       "CM-1: card data: 'default' (the printed cards) or the path of a card JSON "
                       "file (on the command line only; a record carries the cards themselves)",
                       kMaxCardFileBytes),
  };
  return i;
}

CheatyMagesGame::CheatyMagesGame(const Options& o, int n)
    : Game(game_info(), o, n),
      cards_(CardData::load(o.get_path("cards").value, o.get_path("cards").content)) {
  enum class Bribe { kOff, kOn, kLastMatch };  // the order of the option's values
  peek_on = o.get_bool("peek");
  replay = o.get_choice("all-ejected") == "replay";
  const auto bribe = o.get_enum<Bribe>("bribe");
  bribe_on = bribe == Bribe::kOn;
  bribe_last = bribe == Bribe::kLastMatch;
  duplicate_on = o.get_bool("duplicate");
  judges_ = cards_->judges;
  if (o.get_choice("lawty-limit") == "12") judges_[judge_id::kLawty].limit = 12;  // CM-21
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
    type_kinds_[static_cast<size_t>(s.type)] |= std::uint64_t{1} << k;
    if (s.forbidden) forbidden_kinds_ |= std::uint64_t{1} << k;
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
  // Every chance outcome is an action. The start player (1) and the hands (n x hand size), then
  // per match: 5 fighters and a judge (6); bets, at most 3 actions a player (3n); the spell phase
  // and the refill discards; Ferine's card (1); the refill's "draw" and its draws (n + n x refill
  // draw); the next start player (1). The spell phase has at most G = spell_turn_guard() turns
  // (D9): C turns that spend a hand card (at most 4 actions: Alteration's cast, fighter, spell and
  // destination; a peek's 3, Metamorphosis's or Dimension Door's chance included), P <= n passes
  // (1 each) and the rest Recall turns (cast and draw, 2). Hands only grow by Recall, which spends
  // itself, so C + the refill discards D <= n x hand limit (L); then
  // 4C + P + 2(G - C - P) + D <= 2C + D + 2G <= 2nL + 2G. The last counted match has no refill
  // and no next start; matches: 3 counted and at most kReplayGuard replays (D9).
  const int n = num_players();
  const int cards_and_turns = 2 * n * hand_limit() + 2 * spell_turn_guard();
  const int after = n + n * refill_draw() + 1;
  const int per_match = 6 + 3 * n + cards_and_turns + 1 + after;
  return 1 + n * hand_size() + (kCountedMatches + kReplayGuard) * per_match - after;
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
    return fmt::format("swap:{}-{}", act::swap_from(a) + 1, act::swap_to(a) + 1);
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

}  // namespace villainy::cheaty_mages
