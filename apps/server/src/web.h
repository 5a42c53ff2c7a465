// The browser client's static files and the public card facts its tables are drawn with.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "villainy/core/game.h"

namespace villainy::server {

struct WebFile {
  std::string body, content_type, cache_control;
  bool compressible = false;  // text: sent gzip-compressed to clients that accept it
  std::string gzip_body;      // the compressed body (computed once per file version)
};

// gzip of `data` (zlib, best compression).
std::string gzip(const std::string& data);

// True for "/" and for paths whose segments are all [A-Za-z0-9._-] without a leading dot.
bool safe_web_path(const std::string& path);
// The content type of a file name by its extension (application/octet-stream when unknown).
std::string content_type_for(const std::string& name);
// The file at `path` ("/" = index.html) inside `web_dir`, or nothing when the path is not safe,
// the file does not exist, is not a regular file, or resolves outside the folder.
std::optional<WebFile> read_web_file(const std::string& web_dir, const std::string& path);
// Public facts of a game's card data that the views name by key only: Supporting Cast's villain
// colours; Cheaty Mages' fighters (strength, prize), judges (limit, penalty, bans) and spells
// (type, mana). An empty object for other games.
nlohmann::json game_facts(const Game& game);

}  // namespace villainy::server
