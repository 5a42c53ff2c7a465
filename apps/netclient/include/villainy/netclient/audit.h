// The leak audit's checker: given the full record of a finished online game (which only the audit
// sees, fetched after the game) and every frame each client received, checks each frame against
// what its viewer may know at that point:
//  - a view must equal the engine's view_json(viewer) after some number of actions, and views come
//    in game order (a frame that names its step is compared with exactly that step);
//  - legal choices must equal decision_options_json(state, viewer) at that step, and appear only
//    when the viewer is to decide;
//  - a log line must equal describe_action(action, viewer) for the action it narrates;
//  - outside the view (checked whole), no string or object key of the frame may be a token the
//    viewer does not know at that point: a string or key found in another viewer's view at any
//    time of the game, or the name of an action the viewer was not shown, and not found in this
//    viewer's views, choices or known actions so far. Key-like tokens ("queen.h3",
//    "magic-missile", "deal:wolf") are also searched for inside longer texts.
// Numbers are not tokens (a view's numbers are covered by the view equality).
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "villainy/core/record.h"
#include "villainy/core/types.h"

namespace villainy::net {

// What a frame carries, as the protocol layer decodes it (pointers into the frame).
struct DecodedFrame {
  const nlohmann::json* view = nullptr;     // the viewer's view, when the frame holds one
  std::optional<long> step;                 // actions applied when the frame was built, if stated
  const nlohmann::json* choices = nullptr;  // [{id, name, text}], when the frame holds them
  struct LogLine {
    std::optional<long> step;  // index of the action narrated (0-based), if stated
    std::string text;
  };
  std::vector<LogLine> log;
  bool game_over = false;  // the frame says the game is over (then its view is the final one)
};
using FrameDecoder = std::function<DecodedFrame(const nlohmann::json& frame)>;

// The protocol as the audit needs it: the frame decoder, and the protocol's own vocabulary (its
// field names and enumerated values, e.g. "type", "seq", "played_by", "finished"), which are
// never a leak even where a game's view happens to use the same word.
struct AuditProtocol {
  FrameDecoder decode;
  std::unordered_set<std::string> vocabulary;
};

// Every frame one viewer received from one table, in order, as raw text.
struct Transcript {
  Player viewer = kSpectator;
  std::vector<std::string> frames;
};

struct Leak {
  Player viewer;
  size_t frame;  // index in the viewer's transcript
  std::string what;
};

struct TableAudit {
  size_t messages = 0;
  size_t views = 0;  // frames whose view was matched
  std::vector<Leak> leaks;
};

// Audits one table. `full` is the finished game's record (its options and seat names are public
// table facts, known to every viewer); `require_final` asks that each viewer's last view be the
// final (terminal) one. `protocol` decodes frames; frames that are not JSON are leaks.
TableAudit audit_table(const Record& full, const std::vector<Transcript>& transcripts,
                       const AuditProtocol& protocol, bool require_final = true);

// The string tokens (string values and object keys, recursively) of a JSON value.
void json_tokens(const nlohmann::json& j, std::vector<std::string>& out);

}  // namespace villainy::net
