// Agents decide from their seat's information only. An agent never receives the State: it gets a
// DecisionContext, which exposes the seat's legal actions, its views, and determinizations
// (resampled states consistent with the seat's information). A cheating bot cannot be written
// against this interface.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy {

class DecisionContext {
 public:
  // `state` must outlive the context; the context never hands it out.
  DecisionContext(const State& state, const std::vector<Action>& legal)
      : state_(&state), legal_(&legal) {}

  Player player() const { return state_->current_player(); }
  const Game& game() const { return state_->game(); }
  const std::vector<Action>& legal_actions() const { return *legal_; }
  nlohmann::json view_json() const;
  std::string view_text() const { return state_->view_text(player()); }
  void view_tensor(std::span<float> out) const { state_->view_tensor(player(), out); }
  // A full state the seat cannot tell from the real one; hidden information re-dealt with rng.
  std::unique_ptr<State> sample_state(Rng& rng) const { return state_->resample(player(), rng); }
  // The same determinization into a slot the agent keeps (reused: no allocation per sample).
  void sample_state_into(std::unique_ptr<State>& slot, Rng& rng) const {
    state_->resample_into(player(), rng, slot);
  }

 private:
  const State* state_;
  const std::vector<Action>* legal_;
};

class Agent {
 public:
  virtual ~Agent() = default;
  // Chooses one of ctx.legal_actions().
  virtual Action act(const DecisionContext& ctx, Rng& rng) = 0;
  virtual std::string name() const = 0;
};

}  // namespace villainy
