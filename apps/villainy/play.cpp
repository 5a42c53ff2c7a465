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
//   between), each remaining choice keeps its number; numbers may have gaps.
// - There is no default choice: an empty line shows the choices again.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "terminal.h"
#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

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

// Writes the record to `path` atomically: a temporary file next to it, then a rename.
void save_record(const Record& r, const std::string& path) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) throw Error(fmt::format("cannot write the record '{}'", tmp));
    out << record_to_json(r).dump(1) << "\n";
    out.flush();
    if (!out) throw Error(fmt::format("cannot write the record '{}'", tmp));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw Error(fmt::format("cannot save the record as '{}': {}", path, ec.message()));
}

std::string seat_label(Player p) {
  return fmt::format("seat {}", p + 1);
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
  }

  int run(bool resumed) {
    const int n = game_->num_players();
    scr_.line(fmt::format("{} — {} players, seed {}", game_->info().title, n, seed_));
    for (int p = 0; p < n; ++p)
      scr_.line(fmt::format("  Seat {}: {}", p + 1, seats_[static_cast<size_t>(p)]));
    if (resumed)
      scr_.line(fmt::format("Resumed from {} after {} actions.", opts_.resume, history_.size()));
    if (!humans_.empty())
      scr_.line("Type a choice's number, or help, view, log, quit at any prompt.");
    scr_.line("");
    bool quit = false;
    std::vector<Action> legal;
    while (!state_->is_terminal() && !quit) {
      const Player p = state_->current_player();
      const std::uint64_t step = history_.size();
      Action a = kInvalidAction;
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
          a = legal[0];  // forced: applied without asking, narrated below
        } else {
          a = ask(p, legal, quit);
          if (quit) break;
        }
      }
      apply(p, a);
    }
    if (quit) {
      scr_.line("");
      if (!record_path_.empty())
        scr_.block(fmt::format("Game saved in {}.\nContinue it with: villainy play --resume {}",
                               record_path_, record_path_));
      else
        scr_.line("Game abandoned (not saved: play with --record FILE to be able to resume).");
      return 0;
    }
    finish();
    return 0;
  }

 private:
  // The lines each person (or the spectator, with bots only) sees for action `a`; applies it.
  void apply(Player actor, Action a) {
    std::vector<Player> viewers = humans_;
    if (viewers.empty()) viewers.push_back(kSpectator);
    std::map<Player, std::string> lines;
    for (Player v : viewers) lines[v] = state_->describe_action(a, v);
    const bool by_person = actor >= 0 && !bots_[static_cast<size_t>(actor)];
    state_->apply_unchecked(a);
    history_.push_back(a);
    last_actor_ = actor;
    for (Player v : viewers) {
      const std::string& line = lines[v];
      if (line.empty()) continue;
      if (v == kSpectator) {
        if (actor != kChancePlayer) scr_.line(line);
        continue;
      }
      log_[v].push_back(line);
      // A person does not need their own choice told back, unless it was forced on them.
      const bool own = actor == v && by_person && asked_ == history_.size();
      if (hot_seat_)
        pending_[v].push_back(line);
      else if (!own)
        scr_.line(line, "  ", "    ");
    }
    if (by_person) save();
  }

  void save() {
    if (record_path_.empty()) return;
    save_record(make_record(*game_, history_, seed_, seats_, state_.get()), record_path_);
  }

  // Hot-seat: clears the screen and its scrollback and waits for the next person.
  bool hand_over(Player p, bool& quit) {
    scr_.clear();
    for (;;) {
      scr_.prompt(fmt::format("Pass the keyboard to {}, press Enter. > ", seat_label(p)));
      std::string dummy;
      if (read_line(dummy) == Input::kLine) break;
      if (confirm_quit()) {
        quit = true;
        return false;
      }
    }
    scr_.clear();
    return true;
  }

  // Asks whether to quit; a second end of input confirms.
  bool confirm_quit() {
    std::cin.clear();  // after ^D on a terminal, reading goes on
    scr_.prompt("\nQuit this game? (y/n) > ");
    std::string ans;
    if (read_line(ans) == Input::kEnd) {
      scr_.line("");
      return true;
    }
    return ans == "y" || ans == "yes" || ans == "Y";
  }

  // Numbers for the choices: kept from the previous prompt while the same seat goes on with one
  // decision (nothing else happened in between), else 1..n.
  void number_choices(Player p, const std::vector<Action>& legal) {
    const bool continues = numbered_for_ == p && last_actor_ == p && asked_ == history_.size();
    std::map<Action, int> next;
    int top = 0;
    if (continues) {
      for (Action a : legal)
        if (auto it = numbers_.find(a); it != numbers_.end()) next[a] = it->second;
      for (auto& [a, k] : next) top = std::max(top, k);
    }
    for (Action a : legal)
      if (!next.count(a)) next[a] = ++top;
    if (!continues || next.empty()) {
      next.clear();
      top = 0;
      for (Action a : legal) next[a] = ++top;
    }
    numbers_ = std::move(next);
    numbered_for_ = p;
  }

  void show_choices(Player p, const std::vector<std::pair<int, Action>>& order) {
    scr_.line(fmt::format("Your choice, {}:", seat_label(p)));
    for (auto& [k, a] : order) {
      const std::string num = fmt::format("  {:>2}. ", k);
      scr_.line(state_->describe_action(a, p), num, std::string(num.size(), ' '));
    }
  }

  Action ask(Player p, const std::vector<Action>& legal, bool& quit) {
    save();  // the game now waits for a person: everything so far is on disk
    if (hot_seat_ && last_human_ != p && !hand_over(p, quit)) return kInvalidAction;
    last_human_ = p;
    if (hot_seat_) {
      for (const auto& line : pending_[p]) scr_.line(line, "  ", "    ");
      pending_[p].clear();
    }
    number_choices(p, legal);
    std::vector<std::pair<int, Action>> order;
    for (Action a : legal) order.emplace_back(numbers_[a], a);
    std::sort(order.begin(), order.end());
    scr_.line("");
    scr_.block(state_->view_text(p));
    show_choices(p, order);
    for (;;) {
      scr_.prompt("> ");
      std::string line;
      if (read_line(line) == Input::kEnd) {
        if (confirm_quit()) {
          quit = true;
          return kInvalidAction;
        }
        continue;
      }
      if (line.empty()) {
        show_choices(p, order);
        continue;
      }
      if (line == "help" || line == "?") {
        scr_.block(game_->rules_help());
        continue;
      }
      if (line == "view") {
        scr_.block(state_->view_text(p));
        continue;
      }
      if (line == "log") {
        auto& lg = log_[p];
        for (size_t i = lg.size() > 40 ? lg.size() - 40 : 0; i < lg.size(); ++i)
          scr_.line(lg[i], "  ", "    ");
        continue;
      }
      if (line == "quit" || line == "q") {
        if (confirm_quit()) {
          quit = true;
          return kInvalidAction;
        }
        show_choices(p, order);
        continue;
      }
      int k = 0;
      try {
        size_t used = 0;
        k = std::stoi(line, &used);
        if (used != line.size()) k = 0;
      } catch (const std::exception&) {
        k = 0;
      }
      for (auto& [num, a] : order)
        if (num == k) return chosen(a);
      // Also accept an action's name.
      auto named = game_->action_from_name(line);
      if (named && std::binary_search(legal.begin(), legal.end(), *named)) return chosen(*named);
      scr_.line(
          fmt::format("'{}' is not a choice: type one of the numbers shown, or help, view, "
                      "log, quit.",
                      line));
    }
  }

  Action chosen(Action a) {
    asked_ = history_.size() + 1;  // the next step is this person's own, chosen action
    return a;
  }

  void finish() {
    save();
    if (hot_seat_) scr_.clear();
    for (Player h : humans_)
      if (hot_seat_ && !pending_[h].empty()) pending_[h].clear();  // the table shows the end
    scr_.line("");
    scr_.block(state_->view_text(humans_.size() == 1 ? humans_[0] : kSpectator));
    std::string w = "Winners:";
    for (Player p : state_->winners())
      w += fmt::format(" seat {} ({})", p + 1, seats_[static_cast<size_t>(p)]);
    scr_.line(w);
    if (!record_path_.empty()) scr_.line(fmt::format("Record written to {}", record_path_));
  }

  const PlayOptions& opts_;
  Screen scr_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<Action> history_;
  std::vector<std::string> seats_;
  std::uint64_t seed_;
  std::string record_path_;
  std::vector<std::unique_ptr<Agent>> bots_;
  std::vector<Player> humans_;
  bool hot_seat_ = false;
  std::map<Player, std::vector<std::string>> pending_, log_;
  Player last_human_ = -1;
  Player last_actor_ = kInvalidAction;
  Player numbered_for_ = kInvalidAction;
  std::map<Action, int> numbers_;
  std::uint64_t asked_ = 0;  // history size right after the last action a person chose
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
    Session s(o, rep.game, std::move(rep.state), rep.actions, r.seats, r.seed,
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
