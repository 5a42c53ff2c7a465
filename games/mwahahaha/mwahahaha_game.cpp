// Mwahahaha!: the Game object: rules options, the action names (D1), the rules help and the
// registration.
#include <fmt/format.h>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/json_input.h"

namespace villainy::mwahahaha {

GameInfo MwahahahaGame::game_info() {
  GameInfo i;
  i.name = "mwahahaha";
  i.title = "Mwahahaha! (瘋癲科學家)";
  i.min_players = 2;
  i.max_players = 5;
  i.summary =
      "Mad scientists build Empires and Minions, fight for tokens, and threaten the world with a "
      "secret "
      "doomsday device; a successful World threat wins. Stand-in card set (the printed faces are "
      "not public).";
  i.options = {
      {"phase-tie",
       "random",
       {"random", "seat"},
       "MW-5: a tie for the richest stockpile is broken at random or by seat"},
      OptionSpec::boolean("sacrifice", true,
                          "MW-8: discard 2 raw cards for 1 token of a resource the Lair lacks"),
      {"trade-window",
       "own-turn",
       {"own-turn", "open"},
       "MW-15: who may propose trades in Creation"},
      {"attacks", "one", {"one", "many"}, "MW-16: attacks per player per round"},
      {"ties",
       "none",
       {"none", "defender"},
       "MW-19: a tied pair of dice scores for nobody or the defender"},
      OptionSpec::integer("round-limit", 40, 0, 10000,
                          "MW-29: rounds before the game ends with a ranking (0 = no limit)"),
      {"scientist-deal",
       "random",
       {"random", "choose"},
       "MW-2a: scientists dealt at random or chosen in seat order"},
      {"grave-robber",
       "all",
       {"all", "fight-only"},
       "MW-31 (D13): Grave Robber also counts Booby Trap kills and one-shot Minions, or only "
       "Minions the fight's damage destroys"},
      {"union-strike",
       "leaves-play",
       {"leaves-play", "round"},
       "P-DT Union Strike (D14): the strike ends when its Empire leaves play, or lasts the round"},
      {"hypnotic-peek",
       "choose",
       {"choose", "first"},
       "MW-31 Hypnotic Bargain (D20): the partner picks the offered card it looks at, or the "
       "first"},
      {"open-trade",
       "others",
       {"others", "all"},
       "MW-15a (D16): under trade-window=open, the other players propose after a turn, or all "
       "(the turn player last)"},
      {"powers",
       "auto",
       {"auto", "ask"},
       "MW-31 vs MW-6a (D11): Maddening Whispers and Overclock act automatically, or are asked "
       "for"},
      OptionSpec::path(
          "cards", {"standin"},
          "MW-1: card data: 'standin' (the embedded stand-in set) or the path of a "
          "card JSON file in the same form (docs/rules/mwahahaha.md, 'Your own cards')"),
      {"turn-end",
       "auto",
       {"auto", "declared"},
       "MW-16/MW-23 (D21): a turn ends after its attack or threat, or when the player ends it"},
  };
  return i;
}

// NOLINTNEXTLINE(readability-function-size)
MwahahahaGame::MwahahahaGame(const Options& options, int num_players)
    : Game(game_info(), options, num_players), data_(&CardData::standin()) {
  // Long on purpose: reads every option once, in the order of game_info(); to split.
  const PathValue cards = options.get_path("cards");
  if (!cards.built_in()) {
    own_data_ = std::make_shared<const CardData>(
        CardData::parse(*cards.content, cut_for_message(cards.value, 120)));
    data_ = own_data_.get();
  }
  catalogue_ = build_catalogue(*data_);
  round_limit_ = static_cast<int>(options.get_int("round-limit"));  // 0..10000, checked
  if (round_limit_ > 0)                                             // D7
    action_guard_ = std::min(kActionGuard, kGuardPerSeatRound * num_players * (round_limit_ + 2));
  tie_random_ = options.is("phase-tie", "random");
  sacrifice_ = options.get_bool("sacrifice");
  trade_open_ = options.is("trade-window", "open");
  attacks_many_ = options.is("attacks", "many");
  ties_defender_ = options.is("ties", "defender");
  choose_sci_ = options.is("scientist-deal", "choose");
  grave_after_fight_ = options.is("grave-robber", "all");
  strike_round_ = options.is("union-strike", "round");
  peek_first_ = options.is("hypnotic-peek", "first");
  open_all_ = options.is("open-trade", "all");
  powers_ask_ = options.is("powers", "ask");
  turn_declared_ = options.is("turn-end", "declared");

  const CardData& d = *data_;
  names_.resize(act::kCount);
  auto set = [&](int a, std::string n) { names_[static_cast<size_t>(a)] = std::move(n); };
  static const char* tk[] = {"energy", "money", "structure", "eureka"};
  static const char* lv[] = {"city", "state", "country", "world"};
  for (int i = 0; i < 6; ++i) set(act::kDie + i, fmt::format("die:{}", i + 1));
  for (int i = 0; i < kRawKinds; ++i) set(act::kRaw + i, "raw:" + d.raw_kinds[i].key);
  for (int i = 0; i < kNumEmpires; ++i) set(act::kEmpire + i, "empire:" + d.empires[i].key);
  for (int i = 0; i < kNumMinions; ++i) set(act::kMinion + i, "minion:" + d.minions[i].key);
  for (int i = 0; i < kNumDevices; ++i) set(act::kDevice + i, "device:" + d.devices[i].key);
  for (int i = 0; i < kNumTricks; ++i) set(act::kTrickDraw + i, "trick:" + d.tricks[i].key);
  for (int i = 0; i < kNumScientists; ++i) set(act::kSci + i, "scientist:" + d.scientists[i].key);
  for (int i = 0; i < kMaxPlayers; ++i) set(act::kTie + i, fmt::format("tie:{}", i));
  set(act::kPass, "pass");
  set(act::kEndTurn, "end-turn");
  set(act::kGoFirst, "go-first");
  set(act::kGoLast, "go-last");
  for (int i = 0; i < kNumScientists; ++i)
    set(act::kPickSci + i, "pick-scientist:" + d.scientists[i].key);
  for (int i = 0; i < kNumDevices; ++i)
    set(act::kKeepDevice + i, "keep-device:" + d.devices[i].key);
  for (int i = 0; i < 12; ++i) set(act::kConvert + i, "convert:" + d.raw_kinds[i].key);
  for (int t = 0; t < kTypes; ++t) {
    set(act::kConvertWild + t, std::string("convert-wild:") + tk[t]);
    set(act::kSacrifice + t, std::string("sacrifice-for:") + tk[t]);
    set(act::kPay + t, std::string("pay:") + tk[t]);
    set(act::kInvest + t, std::string("invest:") + tk[t]);
    set(act::kType + t, std::string("type:") + tk[t]);
    set(act::kOfferToken + t, std::string("offer-token:") + tk[t]);
    set(act::kAskToken + t, std::string("ask-token:") + tk[t]);
    set(act::kRetaliate + t, std::string("retaliate:") + tk[t]);
  }
  for (int i = 0; i < kRawKinds; ++i) {
    set(act::kSelectRaw + i, "select-raw:" + d.raw_kinds[i].key);
    set(act::kOfferRaw + i, "offer-raw:" + d.raw_kinds[i].key);
    set(act::kGiveRaw + i, "give-raw:" + d.raw_kinds[i].key);
  }
  for (int i = 0; i < 13; ++i) {
    set(act::kDescribeAs + i, "describe-as:" + d.raw_kinds[i].key);
    set(act::kAskRaw + i, "ask-raw:" + d.raw_kinds[i].key);
  }
  set(act::kBuyEmpire, "buy-empire");
  set(act::kBuyMinion, "buy-minion");
  set(act::kFeedSharks, "feed-sharks");
  set(act::kSwapTricks, "swap-tricks");
  for (int i = 0; i < kNumEmpires; ++i) {
    set(act::kCashIn + i, "cash-in:" + d.empires[i].key);
    set(act::kChooseEmpire + i, "choose-empire:" + d.empires[i].key);
    set(act::kOfferEmpire + i, "offer-empire:" + d.empires[i].key);
    set(act::kAskEmpire + i, "ask-empire:" + d.empires[i].key);
    set(act::kAttackEmpire + i, "attack-empire:" + d.empires[i].key);
  }
  for (int i = 0; i < kNumMinions; ++i) {
    set(act::kDiscardMinion + i, "discard-minion:" + d.minions[i].key);
    set(act::kSelectMinion + i, "select-minion:" + d.minions[i].key);
    set(act::kOfferMinion + i, "offer-minion:" + d.minions[i].key);
    set(act::kAskMinion + i, "ask-minion:" + d.minions[i].key);
    set(act::kSend + i, "send:" + d.minions[i].key);
    set(act::kDefend + i, "defend:" + d.minions[i].key);
    set(act::kDamage + i, "damage:" + d.minions[i].key);
  }
  for (int i = 0; i < kNumTricks; ++i) {
    set(act::kSelectTrick + i, "select-trick:" + d.tricks[i].key);
    set(act::kPlay + i, "play:" + d.tricks[i].key);
    set(act::kOfferTrick + i, "offer-trick:" + d.tricks[i].key);
  }
  for (int i = 0; i < kMaxPlayers; ++i) {
    set(act::kTarget + i, fmt::format("target:{}", i));
    set(act::kTradeWith + i, fmt::format("trade-with:{}", i));
    for (int t = 0; t < kTypes; ++t)
      set(act::kAttackLair + i * kTypes + t, fmt::format("attack-lair:{}:{}", i, tk[t]));
  }
  set(act::kAskTrick, "ask-trick");
  set(act::kPropose, "propose");
  set(act::kCancelTrade, "cancel-trade");
  set(act::kAccept, "accept");
  set(act::kDecline, "decline");
  for (int i = 0; i < kMaxTradeItems; ++i) set(act::kPeek + i, fmt::format("peek:{}", i));
  set(act::kNoAttack, "no-attack");
  set(act::kSendDone, "send-done");
  set(act::kDefendDone, "defend-done");
  set(act::kTakeEmpire, "take-empire");
  set(act::kRazeEmpire, "raze-empire");
  set(act::kPlunderStock, "plunder-stockpile");
  set(act::kPlunderDevice, "plunder-device");
  set(act::kPlunderManiacal, "plunder-for-maniacal");
  set(act::kKeepPlunder, "keep-plunder");
  for (int l = 0; l < kLevels; ++l) set(act::kThreaten + l, std::string("threaten:") + lv[l]);
  set(act::kNoThreat, "no-threat");
  set(act::kFlee, "flee");
  set(act::kKeepDev, "keep-device");
  set(act::kDiscardDev, "discard-device");
  for (int i = 0; i < kMaxDice; ++i) {
    set(act::kRerollAtt + i, fmt::format("reroll:first:{}", i));
    set(act::kRerollDef + i, fmt::format("reroll:second:{}", i));
  }
  set(act::kPowerReroll, "power-reroll");
  set(act::kInsiderEmp, "insider:empires");
  set(act::kInsiderMin, "insider:minions");
  for (int i = 0; i < 12; ++i)
    set(act::kConvertOver + i, "convert-overclock:" + d.raw_kinds[i].key);
  for (int t = 0; t < kTypes; ++t)
    set(act::kConvertWildOver + t, std::string("convert-wild-overclock:") + tk[t]);
  for (int a = 0; a < act::kCount; ++a)
    if (names_[static_cast<size_t>(a)].empty())
      throw Error(fmt::format("mwahahaha: action {} has no name", a));
}

std::string MwahahahaGame::rules_help() const {
  return info().summary +
         "\nEach round: draw a Dirty Trick; Creation (convert raw cards, buy Empires/Minions, "
         "invest in the device, "
         "trade), Rivalry (attack an Empire or a Lair with Minions), Domination (threaten "
         "City/State/Country/World). "
         "Dice are sorted and compared in pairs; a missing die counts 2 and never scores. A World "
         "success wins.";
}

}  // namespace villainy::mwahahaha
