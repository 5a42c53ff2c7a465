// The browser client's files (web/dist, built by scripts/build-web.sh) and the public card facts
// it draws tables with. Only plain names under the web folder are served: a path is refused
// unless every segment is made of [A-Za-z0-9._-] and does not start with a dot, and the file
// found must lie inside the folder after symlinks are resolved (no directory traversal).
#include "web.h"

#include <fmt/format.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "cheaty_mages/cheaty_mages.h"
#include "supporting_cast/supporting_cast.h"
#include "villainy/server/server.h"

namespace villainy::server {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::uintmax_t kMaxFileBytes = 16u << 20;

bool safe_segment_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

// The compressed bodies of the files served, by path, size and time (a few dozen files).
std::string cached_gzip(const std::string& key, const std::string& body) {
  static std::mutex mu;
  static std::map<std::string, std::string> cache;
  {
    std::lock_guard lock(mu);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  std::string z = gzip(body);
  std::lock_guard lock(mu);
  if (cache.size() < 256) cache[key] = z;
  return z;
}

bool text_type(const std::string& type) {
  return type.rfind("text/", 0) == 0 || type == "application/json" || type == "image/svg+xml" ||
         type == "application/manifest+json";
}

}  // namespace

std::string gzip(const std::string& data) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return {};
  std::string out(deflateBound(&zs, static_cast<uLong>(data.size())) + 32, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return rc == Z_STREAM_END ? out : std::string();
}

std::string default_web_dir() {
  return VILLAINY_WEB_DIR;
}

std::string content_type_for(const std::string& name) {
  static const std::pair<const char*, const char*> types[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"},
  };
  for (const auto& [ext, type] : types) {
    const std::string e = ext;
    if (name.size() >= e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0)
      return type;
  }
  return "application/octet-stream";
}

bool safe_web_path(const std::string& path) {
  if (path.empty() || path[0] != '/' || path.size() > 200) return false;
  size_t i = 1;
  while (i <= path.size()) {
    size_t end = path.find('/', i);
    if (end == std::string::npos) end = path.size();
    const std::string seg = path.substr(i, end - i);
    if (seg.empty()) return end == path.size() && path.size() == 1;  // only "/" may end in '/'
    if (seg[0] == '.') return false;
    for (char c : seg)
      if (!safe_segment_char(c)) return false;
    i = end + 1;
  }
  return true;
}

std::optional<WebFile> read_web_file(const std::string& web_dir, const std::string& path) {
  if (web_dir.empty() || !safe_web_path(path)) return std::nullopt;
  const std::string rel = path == "/" ? "index.html" : path.substr(1);
  std::error_code ec;
  const fs::path root = fs::canonical(web_dir, ec);
  if (ec) return std::nullopt;
  const fs::path file = fs::canonical(root / rel, ec);
  if (ec || !fs::is_regular_file(file, ec)) return std::nullopt;
  // Inside the folder after symlinks: the canonical root must be a prefix, segment by segment.
  auto r = root.begin();
  auto f = file.begin();
  for (; r != root.end(); ++r, ++f)
    if (f == file.end() || *r != *f) return std::nullopt;
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxFileBytes) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream body;
  body << in.rdbuf();
  WebFile out;
  out.body = body.str();
  out.content_type = content_type_for(rel);
  // Vite names the files under assets/ by their content hash: they never change.
  out.cache_control =
      rel.rfind("assets/", 0) == 0 ? "public, max-age=31536000, immutable" : "no-cache";
  out.compressible = text_type(out.content_type) && out.body.size() >= 256;
  if (out.compressible) {
    const auto mtime = fs::last_write_time(file, ec).time_since_epoch().count();
    out.gzip_body = cached_gzip(fmt::format("{}|{}|{}", file.string(), size, mtime), out.body);
  }
  return out;
}

json game_facts(const Game& game) {
  json facts = json::object();
  if (const auto* sc = dynamic_cast<const supporting_cast::SupportingCastGame*>(&game)) {
    json villains = json::object();
    for (const auto& v : sc->cast().villains) villains[v.key] = {{"colour", v.colour}};
    facts["villains"] = villains;
  }
  if (const auto* cm = dynamic_cast<const cheaty_mages::CheatyMagesGame*>(&game)) {
    using cheaty_mages::Penalty;
    using cheaty_mages::SpellType;
    auto type_word = [](SpellType t) {
      return t == SpellType::kDirect ? "direct" : t == SpellType::kEnchant ? "enchant" : "support";
    };
    json spells = json::object(), fighters = json::object(), judges = json::object();
    for (int k = 0; k < cheaty_mages::kKinds; ++k) {
      const auto& s = cm->spell(k);
      spells[s.key] = {{"type", type_word(s.type)},
                       {"mana", s.mana},
                       {"strength", s.strength},
                       {"forbidden", s.forbidden}};
    }
    for (int f = 0; f < cheaty_mages::kNumFighters; ++f) {
      const auto& d = cm->fighter(f);
      fighters[d.key] = {{"strength", d.strength}, {"prize", d.prize}, {"reverses", d.reverses}};
    }
    for (int j = 0; j < cheaty_mages::kNumJudges; ++j) {
      const auto& d = cm->judge(j);
      json bans = json::array();
      if (d.bans_direct) bans.push_back("direct");
      if (d.bans_enchant) bans.push_back("enchant");
      if (d.bans_support) bans.push_back("support");
      if (d.bans_forbidden) bans.push_back("forbidden");
      const char* penalty = d.penalty == Penalty::kEject    ? "eject"
                            : d.penalty == Penalty::kDispel ? "dispel"
                            : d.penalty == Penalty::kFlip   ? "flip"
                                                            : "none";
      judges[d.key] = {{"limit", d.limit}, {"penalty", penalty}, {"bans", bans}};
    }
    facts["spells"] = spells;
    facts["fighters"] = fighters;
    facts["judges"] = judges;
  }
  return facts;
}

}  // namespace villainy::server
