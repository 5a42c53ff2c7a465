// Cheaty Mages!: the spell phase (CM-7…CM-9, CM-20, CM-22): turns, casting, targets, the effects
// of the Support spells, peeks and passes. The legal decisions and their effects side by side.
#include <bit>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------
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
// Turns (CM-7)
// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// Legal decisions of a spell turn (D2, D4, D7)
// ---------------------------------------------------------------------------------------------
void CheatyMagesState::legal_spell_turn(std::vector<Action>& out) const {
  const int n = num_players();
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

// ---------------------------------------------------------------------------------------------
// Effects of a spell turn
// ---------------------------------------------------------------------------------------------
void CheatyMagesState::apply_spell_turn(Action a) {
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

// D6: the new fighter of Metamorphosis (a chance node).
void CheatyMagesState::apply_metamorph(Action a) {
  const int f = a - act::kFighter;
  fighter_deck_ &= static_cast<std::uint16_t>(~(1u << f));
  fighters_[static_cast<size_t>(p_loc_)] =
      static_cast<std::int8_t>(f);  // D6: the old one is set aside
  phase_ = Phase::kSpell;
  end_turn();
}

// ---------------------------------------------------------------------------------------------
// Spells in play
// ---------------------------------------------------------------------------------------------
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

}  // namespace villainy::cheaty_mages
