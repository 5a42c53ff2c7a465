// The designer studio: the HTML report (SVG charts drawn here, no scripts, no external URL),
// variants compared on paired seeds, skill ladders, decisiveness and lead changes, print sheets.
// Everything is deterministic: the same runs give the same bytes.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "villainy/core/simulate.h"

namespace villainy::studio {

std::string html_escape(const std::string& s);

// One self-contained HTML page for a simulate run: every figure with its sample and agents.
std::string html_report(const SimulateResult& r);

// Lead changes and decisiveness measured with the game's registered evaluator (the ISMCTS
// evaluator: win chances per seat), on the true state after each decision. Null when the game
// has no evaluator (each of the three games has one).
std::unique_ptr<Reporter> make_decisiveness_reporter(const Game& game);
bool has_evaluator(const std::string& game);

// --- compare: runs on paired seeds (game i has the same seed in every run) ---
struct CompareRun {
  int players = 0;
  std::string variant;  // "defaults" or the variant's assignments as given
  SimulateResult result;
};
struct Comparison {
  std::string game;
  std::vector<CompareRun> runs;  // per player count: the defaults first, then each variant
};
// Splits a variant "k=v,k2=v2" (commas or spaces) into assignments.
std::vector<std::string> variant_assignments(const std::string& variant);
nlohmann::json compare_json(const Comparison& c);
std::string compare_text(const Comparison& c);
std::string compare_html(const Comparison& c);

// --- ladder: win rate of ismcts against the search budget ---
struct LadderStep {
  int budget = 0;
  Proportion wins;  // seat-games of the ismcts seat (rotated over the seats)
  std::uint64_t actions = 0;
};
struct Ladder {
  std::string game, opponent;
  int players = 0;
  std::uint64_t games = 0, seed = 0;
  std::vector<LadderStep> steps;
  std::vector<std::unique_ptr<Reporter>> decisiveness;  // per step; null without an evaluator
};
// Budget b: seat s plays `ismcts:iterations=b` against `opponent` in the other seats, for each
// seat s in turn (games/players games each, so no seat is favoured), on paired seeds.
Ladder run_ladder(const std::shared_ptr<const Game>& game, const std::vector<int>& budgets,
                  const std::string& opponent, std::uint64_t games, std::uint64_t seed, int threads,
                  bool decisiveness);
std::string ladder_text(const Ladder& l);
nlohmann::json ladder_json(const Ladder& l);
std::string ladder_html(const Ladder& l);

// --- print sheets: cut-out cards in English and Traditional Chinese ---
struct PrintCard {
  std::string kind;  // "Villain", "Spell", "Dirty Trick", …
  std::string name_en, text_en, name_zh, text_zh;
  int copies = 1;
};
// The cards of a loaded game (its options choose the card file).
std::vector<PrintCard> print_cards(const Game& game);
std::string print_html(const Game& game, const std::vector<PrintCard>& cards);
// Prints an HTML file to PDF with headless Chromium (VILLAINY_CHROMIUM, else /usr/bin/chromium).
void html_to_pdf(const std::string& html_path, const std::string& pdf_path);

}  // namespace villainy::studio
