// How the terminal speaks: events rendered by the game's catalogue in one language, seat names
// (in colour on a terminal), the cards an event names, card texts and the rules page. Shared by
// `play`, `replay` and `rules --text`.
#pragma once
#include <string>
#include <vector>

#include "terminal.h"
#include "villainy/core/game.h"

namespace villainy::cli {

// The language for --lang (canonical form), or the locale's when `lang` is empty.
std::string resolve_language(const std::string& lang);

class Voice {
 public:
  // `state` (optional) gives seat colours from its spectator view (seats[i].colour, when the
  // game's data has villain colours); without colour, seats are plain.
  Voice(const Game& game, std::string lang, const Screen& screen, const State* state = nullptr);

  const std::string& lang() const { return lang_; }
  const Catalogue& catalogue() const { return cat_; }
  RenderContext context(Player viewer, bool choice = false) const;
  // An event as `viewer` reads it (a choice label when `choice`).
  std::string render(const Event& e, Player viewer, bool choice = false) const;
  // A seat's name for someone else ("Seat 2", "2 號玩家"), painted in the seat's colour.
  std::string seat(Player p) const;
  // The card keys an event names (its arguments, nested events included), in order, once each.
  std::vector<std::string> cards_in(const Event& e) const;
  // "Name — text" of a card in the language ("" for an unknown key).
  std::string card_text(const std::string& key) const;
  // The game explained for a player: the catalogue's rules.text message, else rules_help().
  std::string rules_text() const;
  // The game's name in the language: the catalogue's game.title, else the registry's title.
  std::string title() const;

 private:
  const Game& game_;
  const Catalogue& cat_;
  std::string lang_;
  std::vector<std::string> names_;  // painted seat names; empty without colour
};

}  // namespace villainy::cli
