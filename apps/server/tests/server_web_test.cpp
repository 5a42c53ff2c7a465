// The browser client's HTTP side: its static files (safe paths only, content types, caching, no
// way out of the folder), the catalogue endpoints with the public card facts, and the replay's
// per-step views.
#include <chrono>
#include <fstream>
#include <thread>

#include "fixture.h"

namespace villainy::server::testing {
namespace {

namespace fs = std::filesystem;

struct Raw {
  int status = 0;
  std::string type, cache, body;
};

// A GET with the target sent exactly as given (no normalisation), with the reply's headers.
Raw raw_get(std::uint16_t port, const std::string& target) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(stream, buf, res);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return {static_cast<int>(res.result_int()), std::string(res[http::field::content_type]),
          std::string(res[http::field::cache_control]), res.body()};
}

void write_file(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

class WebTest : public ServerTest {
 protected:
  void SetUp() override {
    root_ = fresh_dir("web");
    web_dir_ = (fs::path(root_) / "dist").string();
    write_file(fs::path(web_dir_) / "index.html", "<!doctype html><title>client</title>");
    write_file(fs::path(web_dir_) / "assets" / "index-abc123.js", "console.log(1)");
    write_file(fs::path(web_dir_) / "assets" / "index-abc123.css", "body{}");
    write_file(fs::path(web_dir_) / ".env", "SECRET=1");
    write_file(fs::path(root_) / "secret.txt", "outside the web folder");
    fs::create_symlink(fs::path(root_) / "secret.txt", fs::path(web_dir_) / "link.txt");
    ServerTest::SetUp();
  }
  void TearDown() override {
    ServerTest::TearDown();
    fs::remove_all(root_);
  }
  std::string root_;
};

TEST_F(WebTest, ServesTheClientWithContentTypesAndCaching) {
  Raw home = raw_get(port_, "/");
  EXPECT_EQ(home.status, 200);
  EXPECT_EQ(home.type, "text/html; charset=utf-8");
  EXPECT_EQ(home.cache, "no-cache");
  EXPECT_NE(home.body.find("<title>client</title>"), std::string::npos);
  Raw js = raw_get(port_, "/assets/index-abc123.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.type, "text/javascript; charset=utf-8");
  EXPECT_EQ(js.cache, "public, max-age=31536000, immutable");
  EXPECT_EQ(js.body, "console.log(1)");
  EXPECT_EQ(raw_get(port_, "/assets/index-abc123.css").type, "text/css; charset=utf-8");
  EXPECT_EQ(raw_get(port_, "/index.html?x=1").status, 200);  // a query is not part of the path
  // The API is untouched by the static files.
  EXPECT_EQ(raw_get(port_, "/api/games").type, "application/json");
  EXPECT_EQ(raw_get(port_, "/healthz").status, 200);
}

TEST_F(WebTest, AssetsAreSentGzippedToClientsThatAcceptIt) {
  std::string js;
  for (int i = 0; i < 200; ++i) js += "console.log('the same line, again and again');\n";
  write_file(fs::path(web_dir_) / "assets" / "big-abc123.js", js);
  auto get = [&](bool gzip) {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    http::request<http::string_body> req{http::verb::get, "/assets/big-abc123.js", 11};
    req.set(http::field::host, "127.0.0.1");
    if (gzip) req.set(http::field::accept_encoding, "gzip, deflate, br");
    http::write(stream, req);
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res);
    return res;
  };
  const auto z = get(true);
  EXPECT_EQ(z[http::field::content_encoding], "gzip");
  EXPECT_EQ(z[http::field::vary], "Accept-Encoding");
  EXPECT_EQ(z[http::field::cache_control], "public, max-age=31536000, immutable");
  EXPECT_LT(z.body().size(), js.size() / 10);
  EXPECT_EQ(z.body().substr(0, 2), std::string("\x1f\x8b"));  // the gzip magic
  const auto plain = get(false);
  EXPECT_TRUE(plain[http::field::content_encoding].empty());
  EXPECT_EQ(plain.body(), js);
}

TEST_F(WebTest, RefusesEveryPathOutOfTheFolderOrHidden) {
  for (const char* target :
       {"/../secret.txt", "/assets/../../secret.txt", "/assets/../index.html", "/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/link.txt", "/.env", "/assets", "/assets/", "//etc/passwd",
        "/assets//index-abc123.js", "/index.html/", "/a\\b", "/nothing.js", "/api/nothing"}) {
    Raw r = raw_get(port_, target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_EQ(r.body.find("outside the web folder"), std::string::npos) << target;
    EXPECT_EQ(r.body.find("SECRET"), std::string::npos) << target;
    EXPECT_EQ(r.type, "application/json") << target;
  }
  // POST never reads a file.
  auto post = http_post(port_, "/index.html", json::object());
  EXPECT_EQ(post.status, 404);
}

TEST_F(WebTest, WithoutTheBuiltClientTheHomeIsThePlainPage) {
  fs::remove(fs::path(web_dir_) / "index.html");
  Raw home = raw_get(port_, "/");
  EXPECT_EQ(home.status, 200);
  EXPECT_NE(home.body.find("Open tables"), std::string::npos);
}

TEST_F(WebTest, CatalogueHasTheGamesPublicCardFacts) {
  auto cm = http_get(port_, "/api/games/cheaty-mages/catalogue");
  ASSERT_EQ(cm.status, 200) << cm.raw;
  EXPECT_EQ(cm.body["protocol"], 1);
  EXPECT_EQ(cm.body["data"]["fighters"]["goblin"]["strength"], 1);  // cards.json
  EXPECT_EQ(cm.body["data"]["fighters"]["goblin"]["prize"], 10);
  EXPECT_EQ(cm.body["data"]["judges"]["adoth"]["limit"], 10);
  EXPECT_EQ(cm.body["data"]["judges"]["adoth"]["penalty"], "eject");
  EXPECT_EQ(cm.body["data"]["spells"]["fireball"]["type"], "direct");
  // The message catalogue of docs/narration.md: core messages in both languages at least.
  EXPECT_EQ(cm.body["messages"]["en"]["core.seat"], "Seat {n}");
  EXPECT_EQ(cm.body["messages"]["zh-TW"]["core.seat"], "{n} 號玩家");
  EXPECT_TRUE(cm.body["cards"].is_object());
  auto sc = http_get(port_, "/api/games/supporting-cast/catalogue");
  ASSERT_EQ(sc.status, 200);
  EXPECT_EQ(sc.body["data"]["villains"]["wolf"]["colour"], "grey");  // fairy-tale-cast.json
  EXPECT_EQ(http_get(port_, "/api/games/nope/catalogue").status, 404);
  EXPECT_EQ(http_get(port_, "/api/games/cheaty-mages/other").status, 404);
  // A table's catalogue follows its options (CM-21: Lawty's limit 12).
  json t = create_cm(0, {{"options", {{"lawty-limit", "12"}}}});
  auto tc = http_get(port_, "/api/tables/" + t["table"].get<std::string>() + "/catalogue");
  ASSERT_EQ(tc.status, 200) << tc.raw;
  EXPECT_EQ(tc.body["data"]["judges"]["lawty"]["limit"], 12);
}

TEST_F(WebTest, ReplayStepsAreTheViewersViewsInOrder) {
  json t = create_cm(0);  // bots only: the game plays to its end by itself
  const std::string id = t["table"];
  for (int i = 0; i < 600 && table_info(id)["status"] != "finished"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_EQ(table_info(id)["status"], "finished");
  auto rep = http_post(port_, "/api/tables/" + id + "/replay", {{"steps", true}});
  ASSERT_EQ(rep.status, 200) << rep.raw;
  const json& views = rep.body["views"];
  ASSERT_GE(views.size(), 2u);
  EXPECT_EQ(views[0]["seq"], 0);
  for (size_t i = 1; i < views.size(); ++i) {
    EXPECT_GT(views[i]["seq"].get<int>(), views[i - 1]["seq"].get<int>());
    EXPECT_NE(views[i]["view"], views[i - 1]["view"]);  // unchanged views are left out
    EXPECT_EQ(views[i]["view"]["viewer"], kSpectator);
  }
  EXPECT_EQ(views.back()["view"], rep.body["view"]);  // the last step is the final view
  EXPECT_FALSE(http_post(port_, "/api/tables/" + id + "/replay", {}).body.contains("views"));
  auto bad = http_post(port_, "/api/tables/" + id + "/replay", {{"steps", "yes"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["error"]["code"], "bad_field");
}

}  // namespace
}  // namespace villainy::server::testing
