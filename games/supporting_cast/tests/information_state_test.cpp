// Tribute to the Supporting Cast: the game's own information-state key (D20, issue 15). It must
// be equal for states a viewer cannot tell apart (a resample for that viewer, hidden cards
// swapped) and differ for states that differ in anything the viewer knows (its own cards, hand
// sizes, known cards, markers, the public table), with the core's default key (a hash of the
// view JSON) as the reference for "the viewer can tell them apart".
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "supporting_cast/supporting_cast.h"
#include "test_access.h"
#include "villainy/core/registry.h"

namespace villainy::supporting_cast {
namespace {

// Decision states of random games (every phase a seat decides in, and chance nodes).
std::vector<std::unique_ptr<State>> random_states(int players, std::uint64_t seed, int games) {
  register_game();
  auto game = load_game("supporting-cast", {}, players);
  Rng rng(seed);
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> legal;
  for (int g = 0; g < games; ++g) {
    auto s = game->new_initial_state();
    for (int step = 0; !s->is_terminal(); ++step) {
      if (step % 37 == 0) out.push_back(s->clone());
      if (s->is_chance()) {
        s->apply_unchecked(s->sample_chance(rng));
        continue;
      }
      s->legal_actions(legal);
      s->apply_unchecked(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<Player> viewers(const State& s) {
  std::vector<Player> v = {kSpectator};
  for (int p = 0; p < s.num_players(); ++p) v.push_back(p);
  return v;
}

// The viewer's view, as the core's default key sees it.
std::uint64_t view_key(const State& s, Player v) {
  return s.State::information_state_key(v);
}

TEST(SupportingCastInformationState, AResampleKeepsTheKey) {
  int changed = 0, checked = 0;
  for (int n : {4, 7}) {
    Rng rng(7);
    for (auto& s : random_states(n, 11 + static_cast<std::uint64_t>(n), 2)) {
      for (Player v : viewers(*s)) {
        auto r = s->resample(v, rng);
        ASSERT_EQ(view_key(*s, v), view_key(*r, v)) << "the resample looks different to " << v;
        EXPECT_EQ(s->information_state_key(v), r->information_state_key(v)) << "viewer " << v;
        EXPECT_EQ(s->information_state_key(v), s->clone()->information_state_key(v));
        changed += r->fingerprint() != s->fingerprint();
        ++checked;
      }
    }
  }
  EXPECT_GT(changed, checked / 2) << "the resamples hardly ever changed the hidden cards";
}

// The key is a function of the view: two states with equal views for a viewer have equal keys,
// and two with different views different keys, over pairs of random states of one game (also
// the viewers' keys differ from each other).
TEST(SupportingCastInformationState, KeysAreEqualExactlyWhenTheViewsAre) {
  auto states = random_states(5, 3, 2);
  const auto vs = viewers(*states[0]);
  std::vector<std::vector<std::uint64_t>> view(states.size()), key(states.size());
  for (size_t i = 0; i < states.size(); ++i)
    for (Player v : vs) {
      view[i].push_back(view_key(*states[i], v));
      key[i].push_back(states[i]->information_state_key(v));
    }
  int distinct = 0;
  for (size_t i = 0; i < states.size(); ++i)
    for (size_t j = i; j < states.size(); ++j)
      for (size_t k = 0; k < vs.size(); ++k) {
        const bool same_view = view[i][k] == view[j][k];
        EXPECT_EQ(key[i][k] == key[j][k], same_view) << i << " " << j << " viewer " << vs[k];
        distinct += !same_view;
      }
  EXPECT_GT(distinct, 0);
  EXPECT_NE(states[5]->information_state_key(0), states[5]->information_state_key(1));
}

using Mutation = std::function<bool(StateData&, Player viewer, Rng&)>;

// A random member of a set, or -1.
int pick(CardSet s, Rng& rng) {
  return s.empty() ? -1 : s.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(s.count()))));
}
// Another seat than the viewer with a card that nobody but it knows in hand, or -1.
int seat_with_unknown_card(const StateData& d, int n, Player viewer) {
  for (int q = 0; q < n; ++q)
    if (q != viewer && !d.seats_[static_cast<size_t>(q)]
                            .hand.minus(d.seats_[static_cast<size_t>(q)].known)
                            .empty())
      return q;
  return -1;
}

// Applies each mutation (where it applies) to copies of random states, for every viewer, and
// checks that the key changes exactly when the view does.
void check_mutations(const std::map<std::string, Mutation>& mutations, bool visible) {
  std::map<std::string, int> applied;
  Rng rng(5);
  for (int n : {4, 6}) {
    for (auto& s : random_states(n, 40 + static_cast<std::uint64_t>(n), 1)) {
      for (Player v : viewers(*s)) {
        for (const auto& [name, mutate] : mutations) {
          auto c = s->clone();
          auto& sc = static_cast<SupportingCastState&>(*c);
          if (!mutate(TestAccess::data(sc), v, rng)) continue;
          ++applied[name];
          const bool view_changed = view_key(*s, v) != view_key(*c, v);
          ASSERT_EQ(view_changed, visible) << name << ": the mutation is not what the test means";
          if (visible)
            EXPECT_NE(s->information_state_key(v), c->information_state_key(v))
                << name << " is visible to viewer " << v << " but the key missed it";
          else
            EXPECT_EQ(s->information_state_key(v), c->information_state_key(v))
                << name << " is hidden from viewer " << v << " but the key shows it";
        }
      }
    }
  }
  for (const auto& [name, _] : mutations) EXPECT_GT(applied[name], 5) << name << " never applied";
}

TEST(SupportingCastInformationState, WhatTheViewerKnowsChangesTheKey) {
  const int nmax = kMaxPlayers;
  std::map<std::string, Mutation> m;
  // D11: the viewer's own hand: one of its cards swapped with a pile card.
  m["own hand card"] = [](StateData& d, Player v, Rng& rng) {
    if (v < 0) return false;
    Seat& s = d.seats_[static_cast<size_t>(v)];
    const int a = pick(s.hand.minus(s.known), rng), b = pick(d.pile_, rng);
    if (a < 0 || b < 0) return false;
    s.hand.reset(a), d.pile_.reset(b), s.hand.set(b), d.pile_.set(a);
    return true;
  };
  // SC-6: two other seats' hand sizes (an unknown card passed from one hand to another).
  m["hand size"] = [nmax](StateData& d, Player v, Rng& rng) {
    const int q = seat_with_unknown_card(d, nmax, v);
    if (q < 0) return false;
    for (int r = 0; r < nmax; ++r) {
      if (r == q || r == v || d.seats_[static_cast<size_t>(r)].villain < 0) continue;
      Seat& s = d.seats_[static_cast<size_t>(q)];
      const int a = pick(s.hand.minus(s.known), rng);
      s.hand.reset(a), d.seats_[static_cast<size_t>(r)].hand.set(a);
      return true;
    }
    return false;
  };
  // SC-5: the pile's size (a pile card to the discard).
  m["pile size"] = [](StateData& d, Player, Rng& rng) {
    const int b = pick(d.pile_, rng);
    if (b < 0) return false;
    d.pile_.reset(b), d.discard_.set(b);
    return true;
  };
  // SC-11: a card revealed at bad luck (known to be in that hand).
  m["known card"] = [nmax](StateData& d, Player v, Rng& rng) {
    const int q = seat_with_unknown_card(d, nmax, v);
    if (q < 0) return false;
    Seat& s = d.seats_[static_cast<size_t>(q)];
    s.known.set(pick(s.hand.minus(s.known), rng));
    return true;
  };
  // SC-11: what the table knows of a face-down marker.
  m["marker info"] = [nmax](StateData& d, Player v, Rng&) {
    for (int q = 0; q < nmax; ++q) {
      Seat& s = d.seats_[static_cast<size_t>(q)];
      if (q == v || !marker::is_card(s.marker) || s.marker_info == MarkerInfo::kPublic) continue;
      s.marker_info = s.marker_info == MarkerInfo::kAny ? MarkerInfo::kOutKnown : MarkerInfo::kAny;
      return true;
    }
    return false;
  };
  // SC-15: a score.
  m["score"] = [](StateData& d, Player, Rng& rng) {
    Seat& s = d.seats_[rng.below(4)];
    s.score = static_cast<std::int8_t>(s.score == 3 ? 4 : 3);
    return true;
  };
  // SC-9: an event laid on a chain.
  m["chain"] = [](StateData& d, Player, Rng& rng) {
    Chain& c = d.chains_[rng.below(kVillains)];
    if (!c.on_table || c.count == 0) return false;
    c.mask ^= 1u << rng.below(7);
    return true;
  };
  check_mutations(m, true);
}

TEST(SupportingCastInformationState, WhatTheViewerCannotSeeKeepsTheKey) {
  const int nmax = kMaxPlayers;
  std::map<std::string, Mutation> m;
  // D11: another seat's unknown hand card swapped with a pile card.
  m["hidden hand card"] = [nmax](StateData& d, Player v, Rng& rng) {
    const int q = seat_with_unknown_card(d, nmax, v);
    const int b = pick(d.pile_, rng);
    if (q < 0 || b < 0) return false;
    Seat& s = d.seats_[static_cast<size_t>(q)];
    const int a = pick(s.hand.minus(s.known), rng);
    s.hand.reset(a), d.pile_.reset(b), s.hand.set(b), d.pile_.set(a);
    return true;
  };
  // SC-11: another seat's face-down marker swapped with a pile card (nothing known of it).
  m["hidden marker"] = [nmax](StateData& d, Player v, Rng& rng) {
    const int b = pick(d.pile_, rng);
    for (int q = 0; q < nmax && b >= 0; ++q) {
      Seat& s = d.seats_[static_cast<size_t>(q)];
      if (q == v || !marker::is_card(s.marker) || s.marker_info != MarkerInfo::kAny ||
          s.known.test(s.marker))
        continue;
      d.pile_.reset(b), d.pile_.set(s.marker);
      s.marker = static_cast<std::int8_t>(b);
      return true;
    }
    return false;
  };
  check_mutations(m, false);
}

}  // namespace
}  // namespace villainy::supporting_cast
