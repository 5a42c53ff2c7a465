// Cheaty Mages!: the spell phase (CM-7…CM-9, CM-20, CM-22): turns, casting, targets, the effects
// of the Support spells, peeks and passes. The legal decisions and their effects side by side.
#include <algorithm>
#include <bit>
#include <cstring>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------
bool CheatyMagesState::confused() const {
  for (int i = 0; i < d_.n_spells; ++i)
    if (d_.spells[static_cast<size_t>(i)].loc == place::kJudge) return true;
  return false;
}

// Bit pos set when fighter pos is reflected (CM-9): one pass over the spells for all positions.
unsigned CheatyMagesState::reflected_mask() const {
  unsigned m = 0;
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.kind == kind::kReflection && place::is_fighter(s.loc)) m |= 1u << s.loc;
  }
  return m;
}

bool CheatyMagesState::reflected(int pos) const {
  return place::is_fighter(pos) && ((reflected_mask() >> pos) & 1);
}

bool CheatyMagesState::has_continuous(int p, int k) const {
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.loc == place::player(p) && s.kind == k) return true;
  }
  return false;
}

bool CheatyMagesState::banned(int k) const {
  return d_.judge >= 0 && (cm_->banned_kinds(d_.judge) >> k) & 1;
}

bool CheatyMagesState::bribe_active() const {
  return cm_->bribe_on || (cm_->bribe_last && d_.counted == 2);
}

// The kinds p may cast now (bit k: cast:<k> legal, ignoring whose turn), one pass over the hand:
// what was asked per kind before (the judge's bans, the CM-20 bribe and Invisibility that lift
// them, D7 Amnesia, Imitation) is worked out once per call (issue 15: this was ~64% of a random
// playout's time as a per-kind out-of-line call).
std::uint64_t CheatyMagesState::castable_kinds(int p) const {
  const Seat& s = d_.seats[p];
  const std::uint64_t in_hand = nonzero_kinds(s.hand);
  if (!in_hand) return 0;
  std::uint64_t out = in_hand;
  if (d_.judge >= 0) {
    const std::uint64_t bans = cm_->banned_kinds(d_.judge);
    if ((in_hand & bans) && !has_continuous(p, kind::kInvisibility) &&
        !(bribe_active() && s.coins >= 2))
      out &= ~bans;
  }
  if (out & (std::uint64_t{1} << kind::kAmnesia)) {  // D7
    bool any = false;
    for (int q = 0; q < num_players() && !any; ++q) any = d_.seats[q].hand_n - (q == p ? 1 : 0) > 0;
    if (!any) out &= ~(std::uint64_t{1} << kind::kAmnesia);
  }
  if (s.bet_n < 2) out &= ~(std::uint64_t{1} << kind::kImitation);
  return out;
}

int CheatyMagesState::spells_at(int loc) const {
  int c = 0;
  for (int i = 0; i < d_.n_spells; ++i) c += d_.spells[static_cast<size_t>(i)].loc == loc;
  return c;
}

int CheatyMagesState::spell_index_at(int loc, int k) const {
  for (int i = 0; i < d_.n_spells; ++i)
    if (d_.spells[static_cast<size_t>(i)].loc == loc && k-- == 0) return i;
  return -1;
}

bool CheatyMagesState::spell_visible(int i, Player viewer) const {
  const Spell& s = d_.spells[static_cast<size_t>(i)];
  return s.face_up || (viewer >= 0 && (s.known >> viewer) & 1);
}

// D4: can the spell at index i be chosen by Dispel Magic / Alteration?
bool CheatyMagesState::spell_targetable(int i) const {
  const Spell& s = d_.spells[static_cast<size_t>(i)];
  if (place::is_fighter(s.loc) && reflected(s.loc)) return s.kind == kind::kReflection;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Turns (CM-7)
// ---------------------------------------------------------------------------------------------
void CheatyMagesState::next_spell_turn(bool advance) {
  const int n = num_players();
  if (d_.spell_turns >= cm_->spell_turn_guard())  // D9
    for (int q = 0; q < n; ++q) d_.seats[q].passed = true;
  int p = advance ? (d_.turn_player + 1) % n : d_.turn_player;
  for (int i = 0; i < n; ++i, p = (p + 1) % n) {
    Seat& s = d_.seats[p];
    if (s.passed) continue;
    if (s.hand_n == 0) {  // CM-7: no cards, passes automatically
      s.passed = true;
      continue;
    }
    d_.turn_player = d_.decider = static_cast<std::int8_t>(p);
    d_.phase = Phase::kSpell;
    d_.stage = Stage::kChoose;
    return;
  }
  begin_judgement();
}

void CheatyMagesState::end_turn() {
  ++d_.spell_turns;
  d_.p_kind = d_.p_loc = d_.p_spell = -1;
  d_.p_face_up = true;
  d_.p_fclass = ForbiddenClass::kUnknown;
  d_.stage = Stage::kChoose;
  next_spell_turn(true);
}

// ---------------------------------------------------------------------------------------------
// Legal decisions of a spell turn (D2, D4, D7)
// ---------------------------------------------------------------------------------------------
void CheatyMagesState::legal_spell_turn(std::vector<Action>& out) const {
  const int n = num_players();
  const int p = d_.decider;
  const Seat& s = d_.seats[p];
  switch (d_.stage) {
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
      for (std::uint64_t m = nonzero_kinds(s.hand); m; m &= m - 1)
        out.push_back(act::kDiscard + std::countr_zero(m));
      return;
    case Stage::kPeekTarget:
      for (int pos = 0; pos < kPositions; ++pos) out.push_back(act::kTargetFighter + pos);
      return;
    case Stage::kTarget: {
      const int k = d_.p_kind;
      if (k == kind::kDispelMagic) {
        for (int pos = 0; pos < kPositions; ++pos) out.push_back(act::kTargetFighter + pos);
        if (spells_at(place::kJudge) > 0) out.push_back(act::kTargetJudge);
        for (int q = 0; q < n; ++q)
          if (spells_at(place::player(q)) > 0) out.push_back(act::kTargetPlayer + q);
      } else if (k == kind::kAlteration || k == kind::kAntiMagicField || k == kind::kDuplicate) {
        // D4: Alteration and Duplicate target a spell, and CM-9 lets a spell target the
        // Reflection on a reflected fighter (then only it can be chosen); Anti-Magic Field
        // ignores Reflection.
        for (int pos = 0; pos < kPositions; ++pos) out.push_back(act::kTargetFighter + pos);
      } else if (k == kind::kAmnesia) {
        for (int q = 0; q < n; ++q)
          if (d_.seats[q].hand_n > 0) out.push_back(act::kTargetPlayer + q);
      } else {
        const unsigned refl = reflected_mask();
        for (int pos = 0; pos < kPositions; ++pos)
          if (!((refl >> pos) & 1)) out.push_back(act::kTargetFighter + pos);
      }
      return;
    }
    case Stage::kChooseSpell: {
      int idx = 0;
      for (int i = 0; i < d_.n_spells; ++i) {
        const Spell& sp = d_.spells[static_cast<size_t>(i)];
        if (sp.loc != d_.p_loc) continue;
        bool ok = d_.p_kind == kind::kDispelMagic
                      ? spell_targetable(i)
                      : (sp.kind != kind::kDuplicate && spell_targetable(i));
        if (ok) out.push_back(act::kSpell + idx);
        ++idx;
      }
      return;
    }
    case Stage::kDest:
      for (int pos = 0; pos < kPositions; ++pos)
        if (pos != d_.p_loc && !reflected(pos)) out.push_back(act::kTargetFighter + pos);
      return;
    case Stage::kSwap:
      for (int from = 0; from < kPositions; ++from)
        for (int to = 0; to < kPositions; ++to)
          if ((s.bets & (1u << from)) && !(s.bets & (1u << to))) out.push_back(act::swap(from, to));
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Effects of a spell turn
// ---------------------------------------------------------------------------------------------
// NOLINTNEXTLINE(readability-function-size)
void CheatyMagesState::apply_spell_turn(Action a) {
  // Long on purpose: one case per spell-turn stage (CM-8); to split by stage.
  const int p = d_.decider;
  Seat& s = d_.seats[p];
  switch (d_.stage) {
    case Stage::kChoose: {
      if (a == act::kPass) {
        s.passed = true;
        end_turn();
        return;
      }
      if (a == act::kPeek) {
        d_.stage = Stage::kPeekDiscard;
        return;
      }
      const bool hide = act::is_hide(a);
      const int k = hide ? a - act::kHide : a - act::kCast;
      const SpellData& sd = cm_->spell(k);
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      bool type_banned = false;
      if (d_.judge >= 0) {
        const JudgeData& jd = cm_->judge(d_.judge);
        type_banned = (sd.type == SpellType::kDirect && jd.bans_direct) ||
                      (sd.type == SpellType::kEnchant && jd.bans_enchant) ||
                      (sd.type == SpellType::kSupport && jd.bans_support);
      }
      const bool invisible = has_continuous(p, kind::kInvisibility);
      const bool bribe = banned(k) && !invisible;
      if (bribe) {  // D3
        s.coins = static_cast<std::int16_t>(s.coins - 2);
        s.match_bribes++;
      }
      d_.p_kind = static_cast<std::int8_t>(k);
      // D11: the public constraint on a face-down spell's Forbidden keyword.
      if (bribe)
        d_.p_fclass = type_banned ? ForbiddenClass::kUnknown : ForbiddenClass::kForbidden;
      else if (!invisible && d_.judge >= 0 && cm_->judge(d_.judge).bans_forbidden)
        d_.p_fclass = ForbiddenClass::kNotForbidden;
      else
        d_.p_fclass = ForbiddenClass::kUnknown;
      if (sd.type == SpellType::kDirect) {
        d_.p_face_up = !hide;
        d_.stage = Stage::kTarget;
        return;
      }
      if (sd.type == SpellType::kEnchant) {
        d_.p_face_up = k == kind::kReflection;  // CM-8: Reflection is laid face up
        d_.stage = Stage::kTarget;
        return;
      }
      d_.p_face_up = true;
      switch (k) {
        case kind::kRecall:  // draws first, then is discarded
          start_draw(p, 1, DrawFor::kRecall);
          return;
        case kind::kImitation:
          d_.stage = Stage::kSwap;
          return;
        case kind::kDimensionDoor:
          clear_loc(place::kJudge);  // Confusion goes with the judge
          discard_card(kind::kDimensionDoor);
          d_.judge = -1;
          if (d_.judge_deck == 0) d_.judge_deck = kAllJudges;
          d_.phase = Phase::kDealJudge;
          return;
        case kind::kConfusion:
          place_spell(k, place::kJudge, true, ForbiddenClass::kUnknown);
          end_turn();
          return;
        case kind::kInvisibility:
        case kind::kPrismaticRay:
          place_spell(k, place::player(p), true, ForbiddenClass::kUnknown);
          end_turn();
          return;
        default:
          d_.stage = Stage::kTarget;
          return;
      }
    }
    case Stage::kPeekDiscard: {
      const int k = a - act::kDiscard;
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      discard_card(k);
      d_.stage = Stage::kPeekTarget;
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
      const int idx = spell_index_at(d_.p_loc, a - act::kSpell);
      if (d_.p_kind == kind::kDispelMagic) {
        remove_spell(idx);
        discard_card(kind::kDispelMagic);
        end_turn();
        return;
      }
      if (d_.p_kind == kind::kDuplicate) {
        const std::uint8_t uid = d_.spells[static_cast<size_t>(idx)].uid;
        place_spell(kind::kDuplicate, d_.p_loc, true, ForbiddenClass::kUnknown);
        d_.spells[static_cast<size_t>(d_.n_spells - 1)].attached = uid;
        end_turn();
        return;
      }
      d_.p_spell = static_cast<std::int8_t>(idx);  // Alteration: now the destination
      d_.stage = Stage::kDest;
      return;
    }
    case Stage::kDest: {
      const int dest = a - act::kTargetFighter;
      const std::uint8_t uid = d_.spells[static_cast<size_t>(d_.p_spell)].uid;
      d_.spells[static_cast<size_t>(d_.p_spell)].loc =
          static_cast<std::int8_t>(dest);  // face and knowledge stay
      for (int i = 0; i < d_.n_spells; ++i)
        if (d_.spells[static_cast<size_t>(i)].attached == uid)
          d_.spells[static_cast<size_t>(i)].loc = static_cast<std::int8_t>(dest);
      discard_card(kind::kAlteration);
      end_turn();
      return;
    }
    case Stage::kAmnesia: {
      const int k = a - act::kDiscard;
      s.hand[static_cast<size_t>(k)]--;
      s.hand_n--;
      discard_card(k);
      d_.decider = d_.turn_player;
      end_turn();
      return;
    }
    case Stage::kSwap: {
      const int from = act::swap_from(a), to = act::swap_to(a);
      s.bets = static_cast<std::uint8_t>((s.bets & ~(1u << from)) | (1u << to));
      discard_card(kind::kImitation);
      end_turn();
      return;
    }
  }
}

void CheatyMagesState::resolve_support_target(int a) {
  const int k = d_.p_kind;
  const int p = d_.turn_player;
  const SpellData& sd = cm_->spell(k);
  if (sd.type != SpellType::kSupport) {
    place_spell(k, act::target_place(a), d_.p_face_up, d_.p_fclass);
    end_turn();
    return;
  }
  const int loc = act::target_place(a);
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
      d_.p_loc = static_cast<std::int8_t>(loc);
      discard_card(k);
      d_.phase = Phase::kMetamorph;
      return;
    case kind::kAmnesia:
      discard_card(k);
      d_.decider = static_cast<std::int8_t>(a - act::kTargetPlayer);
      d_.stage = Stage::kAmnesia;
      return;
    case kind::kDispelMagic:
    case kind::kAlteration:
    case kind::kDuplicate: {
      d_.p_loc = static_cast<std::int8_t>(loc);
      bool any = false;
      for (int i = 0; i < d_.n_spells; ++i) {
        const Spell& sp = d_.spells[static_cast<size_t>(i)];
        if (sp.loc == loc && spell_targetable(i) &&
            (k == kind::kDispelMagic || sp.kind != kind::kDuplicate))
          any = true;
      }
      if (!any) {  // CM-7: nothing there, no effect
        discard_card(k);
        end_turn();
        return;
      }
      d_.stage = Stage::kChooseSpell;
      return;
    }
    default:
      throw Error("cheaty-mages: unexpected target for " + sd.key);
  }
}

// D6: the new fighter of Metamorphosis (a chance node).
void CheatyMagesState::apply_metamorph(Action a) {
  const int f = a - act::kFighter;
  d_.fighter_deck &= static_cast<std::uint16_t>(~(1u << f));
  d_.fighters[static_cast<size_t>(d_.p_loc)] =
      static_cast<std::int8_t>(f);  // D6: the old one is set aside
  d_.phase = Phase::kSpell;
  end_turn();
}

// ---------------------------------------------------------------------------------------------
// Spells in play
// ---------------------------------------------------------------------------------------------
void CheatyMagesState::place_spell(int k, int loc, bool face_up, ForbiddenClass fclass) {
  Spell& s = d_.spells[static_cast<size_t>(d_.n_spells++)];
  s.kind = static_cast<std::int8_t>(k);
  s.loc = static_cast<std::int8_t>(loc);
  s.caster = d_.turn_player;
  s.face_up = face_up;
  s.known = face_up ? 0 : static_cast<std::uint8_t>(1u << d_.turn_player);
  s.fclass = face_up ? ForbiddenClass::kUnknown : fclass;
  s.uid = d_.next_uid++;
  s.attached = -1;
}

// Keeps the first n spells; the slots after them return to their initial value, so that two
// states with the same spells in play have the same data (and fingerprint, and resample).
void CheatyMagesState::truncate_spells(int n) {
  for (int i = n; i < d_.n_spells; ++i) d_.spells[static_cast<size_t>(i)] = Spell{};
  d_.n_spells = static_cast<std::int16_t>(n);
}

void CheatyMagesState::remove_spell(int idx) {
  const std::uint8_t uid = d_.spells[static_cast<size_t>(idx)].uid;
  int w = 0;
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (i == idx || s.attached == uid) {
      discard_card(s.kind);
      continue;
    }
    d_.spells[static_cast<size_t>(w++)] = s;
  }
  truncate_spells(w);
}

void CheatyMagesState::clear_loc(int loc) {
  int w = 0;
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.loc == loc) {
      discard_card(s.kind);
      continue;
    }
    d_.spells[static_cast<size_t>(w++)] = s;
  }
  truncate_spells(w);
}

void CheatyMagesState::reveal_to(int pos, int p) {
  for (int i = 0; i < d_.n_spells; ++i) {
    Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.loc == pos && !s.face_up) s.known |= static_cast<std::uint8_t>(1u << p);
  }
}

}  // namespace villainy::cheaty_mages
