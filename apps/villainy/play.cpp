// `villainy play`: terminal play for any mix of people and bots. Every line a person sees is built
// for their seat: their view, and the narration of each action as that seat perceives it. With
// several people (hot-seat), the screen and its scrollback are cleared and the next person is
// called before their hand is shown, and each person is shown only their own log.
//
// Decisions (issue 11):
// - Randomness: the chance draw and every bot decision at step k are seeded from (seed, k), so a
//   game continued with `--resume` plays on exactly as the uninterrupted game would have.
// - `--record FILE` saves the record atomically (a temporary file in the same folder, then a
//   rename) after every action a person takes, whenever the game waits for a person, and at the
//   end. The bots' and chance's actions in between are re-derived exactly from the seed on resume,
//   so a crash or a closed terminal loses nothing, and bot-only stretches do not write a file per
//   action (1.8 ms each here: 7 s for a 3,800-action game). `--resume FILE` replays the record
//   and continues it, saving back into the same file unless --record names another one.
// - Quitting (q, quit, or the end of input) asks for confirmation; a second end of input confirms.
// - A decision with a single choice is applied without asking (and narrated) unless
//   --ask-always. Within a decision taken in several steps by the same seat (nothing happening in
//   between), and when a turn's main menu comes back within the person's turn (after a
//   conversion's window, say), each remaining choice keeps its number; numbers may have gaps
//   and are never reused for another choice. The turn-ending choice alone moves, to stay the
//   highest number when new choices appear (it is confirmed anyway).
// - There is no default choice: an empty line shows the choices again. A choice that ends the turn
//   (State::ends_turn) is numbered after the others and, when other actions are possible, is
//   confirmed before it is applied.
// - What happens is told through the game's events (State::apply_narrated), rendered by its
//   catalogue in --lang (default: the locale). A person is not told their own chosen action back,
//   only its consequences; a forced one is told, marked "(the only choice)".
// - `card N` shows the cards named by choice N; `help NAME` the card of that name or key (any
//   language); `help` the game's rules.text message (else its rules help).
#include <fmt/format.h>
#include <unistd.h>

#include <climits>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "terminal.h"
#include "ui_text.h"
#include "villainy/agents/agents.h"
#include "villainy/core/narration.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "voice.h"

namespace villainy::cli {

namespace {

enum class Input { kLine, kEnd };

// Reads one line of input. When the input is not a terminal (a script, a test), the line is echoed,
// so that the transcript shows what was answered.
Input read_line(std::string& line) {
  static const bool echo = isatty(STDIN_FILENO) == 0;
  if (!std::getline(std::cin, line)) return Input::kEnd;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  while (!line.empty() && line.front() == ' ') line.erase(line.begin());
  if (echo) std::printf("%s\n", line.c_str());
  return Input::kLine;
}

bool is_yes(const std::string& s) {
  return s == "y" || s == "Y" || s == "yes" || s == "是";
}

// Writes the record to `path` atomically: a temporary file next to it, then a rename.
// A failure leaves nothing behind (the temporary file is removed) and names the file.
void save_record(const Record& r, const std::string& path) {
  const std::string shown = cut_for_message(path, 200);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error(
        fmt::format("--record {}: is a directory, not a file to save the record in", shown));
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) throw Error(fmt::format("cannot write the record '{}.tmp'", shown));
    out << record_to_json(r).dump(1) << "\n";
    out.flush();
    if (!out) {
      out.close();
      std::filesystem::remove(tmp, ec);
      throw Error(fmt::format("cannot write the record '{}.tmp'", shown));
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    std::filesystem::remove(tmp, ec);
    throw Error(fmt::format("cannot save the record as '{}': {}", shown, why));
  }
}

// The budget a record's agent may have: a record is untrusted input, so its agent specs run only
// within these caps (a search of an hour a move is named on the local command line or not at
// all: `play --resume FILE --seats …`). Parameters that are not budgets are checked by
// make_agent as usual.
struct BudgetCap {
  const char* param;
  int most;
};
constexpr BudgetCap kRecordAgentCaps[] = {{"ms", 2000}, {"iterations", 20000}, {"depth", 200}};

void check_record_agent(const std::string& spec_text, int seat, const std::string& file) {
  if (spec_text == "human") return;
  const AgentSpec spec = AgentSpec::parse(spec_text);
  for (const BudgetCap& cap : kRecordAgentCaps) {
    auto it = spec.params.find(cap.param);
    if (it == spec.params.end()) continue;
    std::int64_t v = 0;
    try {
      v = parse_int_in(it->second, 0, INT32_MAX, cap.param);
    } catch (const Error&) {
      v = INT64_MAX;
    }
    if (v > cap.most)
      throw Error(fmt::format(
          "{}: seat {}'s agent '{}' comes from the record, whose agents run only up to {}={}; to "
          "run it, name the seats on the command line (play --resume {} --seats …)",
          cut_for_message(file, 200), seat, cut_for_message(spec_text, 120), cap.param, cap.most,
          cut_for_message(file, 200)));
  }
}

// A whole number, or 0 when `s` is not one.
int number_in(const std::string& s) {
  try {
    size_t used = 0;
    const int k = std::stoi(s, &used);
    return used == s.size() ? k : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

class Session {
 public:
  Session(const PlayOptions& o, std::shared_ptr<const Game> game, std::unique_ptr<State> state,
          std::vector<Action> history, std::vector<std::string> seats, std::uint64_t seed,
          std::string record_path)
      : opts_(o),
        scr_(stdout, Screen::colour_wanted(STDOUT_FILENO)),
        game_(std::move(game)),
        state_(std::move(state)),
        voice_(*game_, resolve_language(o.lang), scr_, state_.get()),
        lang_(voice_.lang()),
        history_(std::move(history)),
        seats_(std::move(seats)),
        seed_(seed),
        record_path_(std::move(record_path)) {
    const int n = game_->num_players();
    bots_.resize(static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) {
      if (seats_[static_cast<size_t>(p)] == "human")
        humans_.push_back(p);
      else
        bots_[static_cast<size_t>(p)] = make_agent(seats_[static_cast<size_t>(p)], *game_);
    }
    hot_seat_ = humans_.size() > 1;
    // The people listen; so does the spectator when only bots play, or in hot-seat (the public
    // account of the game's end, which everyone reads together).
    listeners_ = humans_;
    if (humans_.size() != 1) listeners_.push_back(kSpectator);
  }

  int run(bool resumed) {
    save();  // a record that cannot be written is refused before the game, not after it
    const int n = game_->num_players();
    scr_.line(ui(lang_, "header", fmt::arg("title", voice_.title()), fmt::arg("players", n),
                 fmt::arg("seed", seed_)));
    for (int p = 0; p < n; ++p)
      scr_.line(ui(lang_, "seat-agent", fmt::arg("seat", voice_.seat(p)),
                   fmt::arg("agent", agent_label(p))));
    if (resumed)
      scr_.line(ui(lang_, "resumed", fmt::arg("file", opts_.resume),
                   fmt::arg("actions", history_.size())));
    if (!humans_.empty()) scr_.line(ui(lang_, "commands-hint"));
    scr_.line("");
    bool quit = false;
    std::vector<Action> legal;
    while (!state_->is_terminal() && !quit) {
      const Player p = state_->current_player();
      const std::uint64_t step = history_.size();
      Action a = kInvalidAction;
      bool forced = false;
      if (p == kChancePlayer) {
        Rng rng(derive_seed(derive_seed(seed_, 0), step));
        a = state_->sample_chance(rng);
      } else {
        state_->legal_actions(legal);
        if (bots_[static_cast<size_t>(p)]) {
          Rng rng(derive_seed(derive_seed(seed_, static_cast<std::uint64_t>(p) + 1), step));
          DecisionContext ctx(*state_, legal);
          a = bots_[static_cast<size_t>(p)]->act(ctx, rng);
        } else if (legal.size() == 1 && !opts_.ask_always) {
          a = legal[0];  // forced: applied without asking, and told
          forced = true;
        } else {
          a = ask(p, legal, quit);
          if (quit) break;
        }
      }
      apply(p, a, forced);
    }
    if (quit) {
      scr_.line("");
      if (!record_path_.empty()) {
        scr_.line(ui(lang_, "saved", fmt::arg("file", record_path_)));
        scr_.line(ui(lang_, "resume-how", fmt::arg("file", record_path_)));
      } else {
        scr_.line(ui(lang_, "abandoned"));
      }
      return 0;
    }
    finish();
    return 0;
  }

 private:
  // Applies `a` and tells each person (or the spectator, with bots only) what they see happen.
  void apply(Player actor, Action a, bool forced) {
    // A turn ended by the person whose numbers are kept starts a fresh numbering next time.
    if (actor == numbered_for_ && state_->ends_turn(a)) numbers_stale_ = true;
    const auto events = state_->apply_narrated(a, listeners_);
    history_.push_back(a);
    const bool by_person = actor >= 0 && !bots_[static_cast<size_t>(actor)];
    const bool chosen = by_person && !forced;
    last_actor_ = actor;
    last_chosen_ = chosen;
    if (chosen) last_chooser_ = actor;
    for (size_t i = 0; i < listeners_.size(); ++i) {
      const Player v = listeners_[i];
      for (size_t k = 0; k < events[i].size(); ++k) {
        // A person is not told back the action they just chose (its consequences, they are).
        const bool own_action = k == 0 && actor == v;
        if (own_action && chosen) continue;
        const Event& e = events[i][k];
        std::string line;
        // A forced action of the person is told with the catalogue's id.forced text when it
        // has one; an empty one is not told (Mwahahaha!'s pass in a Dirty Trick window where
        // nothing fits: most windows, and nothing for the person to learn).
        const bool quiet =
            own_action && forced && voice_.catalogue().has_message(e.id + ".forced", lang_);
        line = voice_.render(quiet ? Event{e.id + ".forced", e.args} : e, v);
        if (line.empty()) continue;
        if (own_action && forced) line += ui(lang_, "forced");
        if (v == kSpectator) {
          if (hot_seat_)
            public_.push_back(line);  // kept for the end; the people hear their own account
          else
            scr_.line(line, "", "  ");
          continue;
        }
        log_[v].push_back(line);
        if (hot_seat_)
          pending_[v].push_back(line);
        else
          scr_.line(line, "  ", "    ");
      }
    }
    if (by_person) save();
  }

  // "human", or what kind of bot and its spec ("medium bot (heuristic)"; the kind alone when
  // `brief`), in the language of the screen; the kinds are the web client's three strengths.
  std::string agent_label(Player p, bool brief = false) const {
    const std::string& spec = seats_[static_cast<size_t>(p)];
    if (spec == "human") return ui(lang_, "agent-human");
    const std::string_view name = std::string_view(spec).substr(0, spec.find(':'));
    const char* kind = name == "random"      ? "bot-random"
                       : name == "heuristic" ? "bot-heuristic"
                       : name == "ismcts"    ? "bot-ismcts"
                                             : "bot-other";
    if (brief) return ui(lang_, kind);
    // A record's spec is untrusted text: shown terminal-safe.
    return ui(lang_, "agent-bot", fmt::arg("kind", ui(lang_, kind)),
              fmt::arg("agent", terminal_safe(spec)));
  }

  void save() {
    if (record_path_.empty()) return;
    save_record(make_record(*game_, history_, seed_, seats_, state_.get()), record_path_);
  }

  // Hot-seat: clears the screen and its scrollback and waits for the next person.
  bool hand_over(Player p, bool& quit) {
    scr_.clear();
    for (;;) {
      scr_.prompt(ui(lang_, "hand-over", fmt::arg("seat", voice_.seat(p))));
      std::string dummy;
      if (read_line(dummy) == Input::kLine) break;
      if (confirm(ui(lang_, "confirm-quit"), true)) {
        quit = true;
        return false;
      }
    }
    scr_.clear();
    return true;
  }

  // Asks a yes/no question. The end of input answers `on_end` (after ^D on a terminal, reading
  // goes on, so a person who pressed it by mistake is asked again).
  bool confirm(const std::string& question, bool on_end) {
    std::cin.clear();
    scr_.prompt("\n" + question);
    std::string ans;
    if (read_line(ans) == Input::kEnd) {
      scr_.line("");
      return on_end;
    }
    return is_yes(ans);
  }

  // Numbers for the choices: kept from the previous prompt while the same seat goes on with one
  // decision (it chose the last action), else 1..n with the turn-ending choices last.
  void number_choices(Player p, const std::vector<Action>& legal) {
    // Numbers are kept (issue 11: a choice's number does not change under the person's
    // fingers) in two cases; otherwise the choices are numbered 1..n afresh.
    // - One decision in several steps: the last action was this person's choice; also back
    //   from a one-step detour it led to (an offered card is described, then the trade menu
    //   comes back).
    // - The turn's main menu coming back within the person's turn, after what a choice set off
    //   (a conversion opens a window for the others' Dirty Tricks, a purchase is paid for in a
    //   menu of its own): a menu with a turn-ending choice, most of whose choices were on the
    //   last such menu of this person, since they last ended a turn.
    if (numbers_stale_ || last_chooser_ != p) main_numbers_.clear();
    auto kept = [&](const std::map<Action, int>& from) {
      size_t n = 0;
      for (Action a : legal) n += from.count(a);
      return n;
    };
    bool main_menu = false;
    for (Action a : legal) main_menu |= state_->ends_turn(a);
    auto most_kept = [&](const std::map<Action, int>& from) {
      return kept(from) > 0 && kept(from) * 2 > legal.size();
    };
    const bool after_own_choice = numbered_for_ == p && last_actor_ == p && last_chosen_;
    const std::map<Action, int>* from = nullptr;
    if (after_own_choice && kept(numbers_) > 0)
      from = &numbers_;
    else if (after_own_choice && most_kept(detour_from_))
      from = &detour_from_;
    else if (main_menu && most_kept(main_numbers_))
      from = &main_numbers_;
    // A detour starts when the person's own choice leads to a menu with nothing in common.
    std::map<Action, int> detour =
        after_own_choice && from == nullptr ? numbers_ : std::map<Action, int>{};
    numbers_stale_ = false;
    std::map<Action, int> next;
    int top = 0;
    if (from != nullptr) {
      bool new_plain = false;
      for (Action a : legal) {
        if (auto it = from->find(a); it != from->end())
          next[a] = it->second;
        else
          new_plain |= !state_->ends_turn(a);
      }
      for (const auto& [a, k] : *from) top = std::max(top, k);  // a number is never reused
      // The turn-ending choice stays the highest number: it moves after new choices (it is
      // confirmed when other actions are possible, so a stale number for it is caught).
      if (new_plain)
        for (Action a : legal)
          if (state_->ends_turn(a)) next.erase(a);
    }
    for (int pass = 0; pass < 2; ++pass)
      for (Action a : legal)
        if (!next.count(a) && state_->ends_turn(a) == (pass == 1)) next[a] = ++top;
    numbers_ = std::move(next);
    numbered_for_ = p;
    detour_from_ = std::move(detour);
    if (main_menu) main_numbers_ = numbers_;
  }

  void show_choices(Player p) {
    scr_.line(ui(lang_, "your-choice", fmt::arg("seat", voice_.seat(p))));
    // Turn-ending choices are listed last even when a kept number is lower than a new one's.
    for (int last = 0; last < 2; ++last)
      for (const Choice& c : choices_) {
        if (state_->ends_turn(c.action) != (last == 1)) continue;
        const std::string num = fmt::format("  {:>2}. ", c.number);
        scr_.line(c.label, num, std::string(num.size(), ' '));
      }
  }

  void show_view(Player p) { scr_.block(state_->view_text_for(voice_.context(p))); }

  // `card N`: the cards choice N names; `help NAME`: a card by name or key.
  void show_cards(const std::string& what, bool by_choice) {
    std::vector<std::string> keys;
    bool is_choice = false;
    if (by_choice) {
      const int k = number_in(what);
      for (const Choice& c : choices_)
        if (c.number == k) {
          keys = voice_.cards_in(c.event);
          is_choice = true;
        }
    } else {
      // A name as shown on the screen, with or without its quotation marks (“Doctor
      // Tentacles” is found by `help Doctor Tentacles`).
      std::string bare = what;
      for (const char* q : {"\"", "“", "”", "「", "」"})
        for (size_t at = bare.find(q); at != std::string::npos; at = bare.find(q))
          bare.erase(at, std::string_view(q).size());
      for (const std::string& name : {what, bare, "“" + bare + "”", "「" + bare + "」"})
        if (std::string key = voice_.catalogue().find_card(name); !key.empty()) {
          keys.push_back(key);
          break;
        }
    }
    if (keys.empty()) {
      scr_.line(is_choice ? ui(lang_, "choice-no-card", fmt::arg("n", what))
                          : ui(lang_, "no-card", fmt::arg("card", what)));
      return;
    }
    for (const auto& key : keys) scr_.line(voice_.card_text(key), "  ", "    ");
  }

  Action ask(Player p, const std::vector<Action>& legal, bool& quit) {
    save();  // the game now waits for a person: everything so far is on disk
    if (hot_seat_ && last_human_ != p && !hand_over(p, quit)) return kInvalidAction;
    last_human_ = p;
    if (hot_seat_) {
      for (const auto& line : pending_[p]) scr_.line(line, "  ", "    ");
      pending_[p].clear();
      public_.clear();  // the end shows what happened after the last person's turn
    }
    number_choices(p, legal);
    choices_.clear();
    for (Action a : legal) {
      Event e = state_->action_event(a, p);
      std::string label = voice_.render(e, p, true);
      choices_.push_back({numbers_[a], a, std::move(e), std::move(label)});
    }
    std::sort(choices_.begin(), choices_.end(),
              [](const Choice& x, const Choice& y) { return x.number < y.number; });
    scr_.line("");
    show_view(p);
    show_choices(p);
    for (;;) {
      scr_.prompt("> ");
      std::string line;
      if (read_line(line) == Input::kEnd) {
        if (confirm(ui(lang_, "confirm-quit"), true)) {
          quit = true;
          return kInvalidAction;
        }
        show_choices(p);
        continue;
      }
      if (line.empty()) {
        show_choices(p);
        continue;
      }
      if (line == "help" || line == "?") {
        scr_.paragraphs(voice_.rules_text());
        scr_.line(ui(lang_, "commands-hint"));
        continue;
      }
      if (line.rfind("help ", 0) == 0) {
        show_cards(line.substr(5), false);
        continue;
      }
      if (line.rfind("card ", 0) == 0) {
        show_cards(line.substr(5), true);
        continue;
      }
      if (line == "view") {
        show_view(p);
        continue;
      }
      if (line == "log") {
        auto& lg = log_[p];
        const size_t from = lg.size() > 40 ? lg.size() - 40 : 0;
        scr_.line(ui(lang_, "log-header", fmt::arg("n", lg.size() - from)));
        for (size_t i = from; i < lg.size(); ++i) scr_.line(lg[i], "  ", "    ");
        continue;
      }
      if (line == "quit" || line == "q") {
        if (confirm(ui(lang_, "confirm-quit"), true)) {
          quit = true;
          return kInvalidAction;
        }
        show_choices(p);
        continue;
      }
      const Choice* picked = nullptr;
      const int k = number_in(line);
      for (const Choice& c : choices_)
        if (c.number == k) picked = &c;
      // Also accept an action's name.
      if (picked == nullptr)
        if (auto named = game_->action_from_name(line))
          for (const Choice& c : choices_)
            if (c.action == *named) picked = &c;
      if (picked == nullptr) {
        scr_.line(ui(lang_, "not-a-choice", fmt::arg("input", line)));
        continue;
      }
      // Ending the turn while other things can be done is confirmed (issue 11).
      if (choices_.size() > 1 && state_->ends_turn(picked->action) &&
          !confirm(ui(lang_, "confirm-end-turn", fmt::arg("choice", picked->label)), false)) {
        show_choices(p);
        continue;
      }
      return picked->action;
    }
  }

  void finish() {
    save();
    if (hot_seat_) scr_.clear();
    // Hot-seat: everyone sees the end together, told as the spectator sees it.
    scr_.line("");
    const Player viewer = humans_.size() == 1 ? humans_[0] : kSpectator;
    if (hot_seat_)
      for (const auto& line : public_) scr_.line(line, "  ", "    ");
    show_view(viewer);
    std::vector<std::string> ws;
    for (Player w : state_->winners())
      ws.push_back(ui(lang_, "seat-with-agent", fmt::arg("seat", voice_.seat(w)),
                      fmt::arg("agent", agent_label(w, true))));
    std::string joined;
    for (size_t i = 0; i < ws.size(); ++i)
      joined += (i ? std::string(ui_text(lang_, "list-sep")) : std::string()) + ws[i];
    scr_.line(ui(lang_, "winners", fmt::arg("seats", joined)));
    if (!record_path_.empty())
      scr_.line(ui(lang_, "record-written", fmt::arg("file", record_path_)));
  }

  struct Choice {
    int number;
    Action action;
    Event event;
    std::string label;
  };

  const PlayOptions& opts_;
  Screen scr_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  Voice voice_;
  std::string lang_;
  std::vector<Action> history_;
  std::vector<std::string> seats_;
  std::uint64_t seed_;
  std::string record_path_;
  std::vector<std::unique_ptr<Agent>> bots_;
  std::vector<Player> humans_, listeners_;
  bool hot_seat_ = false;
  std::map<Player, std::vector<std::string>> pending_, log_;
  std::vector<std::string> public_;
  Player last_human_ = -1;
  Player last_actor_ = kInvalidAction;
  bool last_chosen_ = false;
  Player last_chooser_ = kInvalidAction;  // who made the last choice a person was asked for
  bool numbers_stale_ = false;            // numbered_for_ ended a turn since being numbered
  std::map<Action, int> main_numbers_;    // their last menu with a turn-ending choice
  std::map<Action, int> detour_from_;     // the menu before a one-step detour
  Player numbered_for_ = kInvalidAction;
  std::map<Action, int> numbers_;
  std::vector<Choice> choices_;
};

}  // namespace

int run_play(const PlayOptions& o) {
  // Into a pipe (a script, a test), output goes out at each prompt, not every 4 KB: a driver that
  // waits for "> " then sees whole screens.
  if (isatty(STDOUT_FILENO) == 0) std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
  if (!o.resume.empty()) {
    Record r = read_record_file(o.resume);
    ReplayResult rep = replay_record(r);
    if (r.seats.size() != static_cast<size_t>(r.players))
      throw Error(
          fmt::format("{}: the record does not say who sits in each seat (seats)", o.resume));
    if (rep.state->is_terminal())
      throw Error(
          fmt::format("{}: that game is over; nothing to resume (see villainy replay)", o.resume));
    // Who plays on: the local command line's --seats, or the record's agents within the caps.
    std::vector<std::string> seats = r.seats;
    if (!o.seats.empty()) {
      if (o.seats.size() != seats.size())
        throw Error(fmt::format("--seats names {} seats but the record's game has {} players",
                                o.seats.size(), seats.size()));
      seats = o.seats;
    } else {
      for (size_t p = 0; p < seats.size(); ++p)
        check_record_agent(seats[p], static_cast<int>(p), o.resume);
    }
    Session s(o, rep.game, std::move(rep.state), rep.actions, seats, r.seed,
              o.record.empty() ? o.resume : o.record);
    return s.run(true);
  }
  std::vector<std::string> seats = o.seats;
  const GameEntry& entry = find_game(o.game);
  if (o.players > 0) check_player_count(entry, o.players);  // before allocating a seat per player
  if (seats.empty()) {
    const int k = o.players > 0 ? o.players : entry.info.min_players;
    seats.assign(static_cast<size_t>(k), "heuristic");
    seats[0] = "human";
  }
  check_player_count(entry, static_cast<std::int64_t>(seats.size()));
  if (o.players > 0 && static_cast<int>(seats.size()) != o.players) {
    if (seats.size() == 1)
      seats.assign(static_cast<size_t>(o.players), seats[0]);
    else
      throw Error(
          fmt::format("--seats names {} seats but --players is {}", seats.size(), o.players));
  }
  // The command line is the local user's: its options may name data files.
  auto game = load_game(o.game, Options::parse_assignments(o.options),
                        static_cast<int>(seats.size()), OptionSource::kLocalUser);
  Session s(o, game, game->new_initial_state(), {}, seats, o.seed, o.record);
  return s.run(false);
}

}  // namespace villainy::cli
