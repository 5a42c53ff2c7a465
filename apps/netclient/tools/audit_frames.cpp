// Audits WebSocket frames recorded elsewhere (the browser client's end-to-end tests,
// web/e2e/harness.ts) with the leak audit's checker (audit.h): reads each finished game's full
// record from a stopped server's store and checks every frame each viewer received against what
// that viewer may know. Input (--frames FILE): a JSON array of
//   {"table": ID, "viewer": SEAT or null (spectator), "frames": ["<raw frame text>", ...]}
// Prints `frame audit: N tables, M messages, K leaks` (and each leak); exits 1 when K > 0 or a
// table has no finished record.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <map>

#include "villainy/core/record.h"
#include "villainy/games/all.h"
#include "villainy/netclient/audit.h"
#include "villainy/netclient/lobby.h"
#include "villainy/server/store.h"

using namespace villainy;
using namespace villainy::net;
using nlohmann::json;

int main(int argc, char** argv) {
  CLI::App app{"frame audit: recorded client frames checked against their viewers"};
  std::string data, frames_file;
  bool require_final = true;
  int show = 20;
  app.add_option("--data", data, "the stopped server's store folder")->required();
  app.add_option("--frames", frames_file, "JSON file of recorded transcripts")->required();
  app.add_option("--require-final", require_final, "each viewer's last view must be the final one");
  app.add_option("--show", show, "leaks printed in full");
  CLI11_PARSE(app, argc, argv);
  register_all_games();

  std::ifstream in(frames_file);
  json input = json::parse(in, nullptr, false);
  if (!in || input.is_discarded() || !input.is_array()) {
    fmt::print(stderr, "audit_frames: {}: not a JSON array of transcripts\n", frames_file);
    return 2;
  }
  std::map<std::string, std::vector<Transcript>> by_table;
  for (size_t i = 0; i < input.size(); ++i) {
    const json& t = input[i];
    if (!t.is_object() || !t.contains("table") || !t["table"].is_string() ||
        !t.contains("frames") || !t["frames"].is_array()) {
      fmt::print(stderr, "audit_frames: {}[{}]: needs \"table\" and \"frames\"\n", frames_file, i);
      return 2;
    }
    Transcript tr;
    tr.viewer =
        t.value("viewer", json()).is_number_integer() ? t["viewer"].get<Player>() : kSpectator;
    for (const auto& f : t["frames"])
      tr.frames.push_back(f.is_string() ? f.get<std::string>() : f.dump());
    by_table[t["table"].get<std::string>()].push_back(std::move(tr));
  }
  auto store = server::open_sqlite_store(data);
  size_t messages = 0, leaks = 0, views = 0;
  int problems = 0;
  for (const auto& [table, ts] : by_table) {
    server::StoredTable st = store->load(table);
    if (st.record.is_null()) {
      fmt::print("PROBLEM: table {}: no record in the store\n", table);
      ++problems;
      continue;
    }
    const Record rec = record_from_json(st.record);
    TableAudit a = audit_table(rec, ts, audit_protocol(), require_final);
    messages += a.messages;
    views += a.views;
    for (const auto& l : a.leaks) {
      if (static_cast<int>(leaks) < show)
        fmt::print("LEAK table {} ({}), viewer {}, frame {}: {}\n", table, rec.game, l.viewer,
                   l.frame, l.what);
      ++leaks;
    }
  }
  fmt::print("  {} views matched\n", views);
  fmt::print("frame audit: {} tables, {} messages, {} leaks\n", by_table.size(), messages, leaks);
  return leaks == 0 && problems == 0 ? 0 : 1;
}
