#pragma once
namespace villainy {
// Registers every game of the project with the core registry (idempotent).
void register_all_games();
}  // namespace villainy
