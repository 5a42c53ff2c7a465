// Tests of the core's input hardening (issue 17): strict JSON reading with field paths, integers
// without truncation, numbers from text, files read only when regular and small, options that
// name files only from a local user, and short error messages.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "villainy/core/json_input.h"
#include "villainy/core/options.h"
#include "villainy/core/record.h"
#include "villainy/core/stats.h"

namespace villainy {
namespace {

// The Error message of `f`, or "" when it does not throw.
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}
bool has(const std::string& s, const std::string& needle) {
  return s.find(needle) != std::string::npos;
}

// A temporary folder, removed at the end.
struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/villainy-input-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() {
    std::string cmd = "rm -rf '" + path + "'";
    EXPECT_EQ(std::system(cmd.c_str()), 0);
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::string p = path + "/" + name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

const char* kRecord = R"({"format": "villainy-record", "version": 1, "game": "g", "players": 4,
  "actions": ["a", "b"], "result": {"returns": [1, 0, 0, 0], "winners": [0]}})";

nlohmann::json good_record() {
  return nlohmann::json::parse(kRecord);
}

TEST(JsonInput, ParsesAGoodDocument) {
  auto j = parse_json_text(kRecord, "r.json");
  EXPECT_EQ(j["players"], 4);
  EXPECT_EQ(j["actions"].size(), 2u);
}

TEST(JsonInput, RefusesBytesAfterTheDocumentAndNulBytes) {
  // Before the fix nlohmann stopped reading at a NUL, so "{}\0garbage" parsed as {}.
  std::string nul = std::string(kRecord) + std::string("\0{\"x\":1}", 8);
  std::string e = error_of([&] { parse_json_text(nul, "r.json"); });
  EXPECT_TRUE(has(e, "r.json") && has(e, "NUL")) << e;
  e = error_of([&] { parse_json_text(std::string(kRecord) + " {}", "r.json"); });
  EXPECT_TRUE(has(e, "not valid JSON") && has(e, "end of input")) << e;
  EXPECT_NO_THROW(parse_json_text(std::string(kRecord) + " \n\t", "r.json"));
}

TEST(JsonInput, NumberOverflowNamesTheField) {
  // Before: nlohmann's out_of_range 406, naming no field.
  std::string e = error_of(
      [] { parse_json_text(R"({"format": "villainy-record", "version": 1e400})", "r.json"); });
  EXPECT_TRUE(has(e, "r.json: not valid JSON: version: number out of range")) << e;
  e = error_of([] { parse_json_text(R"({"a": [1, 2, {"b": -1e999}]})", "x"); });
  EXPECT_TRUE(has(e, "a[2].b: number out of range")) << e;
}

TEST(JsonInput, RefusesDuplicateKeysAndDeepNesting) {
  std::string e = error_of([] { parse_json_text(R"({"players": 4, "players": 5})", "x"); });
  EXPECT_TRUE(has(e, "players: duplicate key")) << e;
  std::string deep(100, '[');
  e = error_of([&] { parse_json_text(deep, "x"); });
  EXPECT_TRUE(has(e, "nested deeper than 32")) << e;
  EXPECT_NO_THROW(parse_json_text(std::string(32, '[') + std::string(32, ']'), "x"));
}

TEST(JsonInput, ErrorsNeverEchoLongInputOrFileContent) {
  // An unterminated 5 MB string: the library's message quotes all it read.
  std::string big = "{\"a\": \"" + std::string(5u << 20, 'x');
  std::string e = error_of([&] { parse_json_text(big, "x"); });
  EXPECT_FALSE(e.empty());
  EXPECT_LT(e.size(), 300u) << e.substr(0, 300);
  // A file that is not JSON: its first byte is not shown ("last read: 'r'" before the fix).
  e = error_of([] { parse_json_text("root:$6$secret:19000:0:99999:7:::", "shadow"); });
  EXPECT_FALSE(has(e, "root")) << e;
  EXPECT_FALSE(has(e, "'r'")) << e;
  EXPECT_TRUE(has(e, "at byte")) << e;
}

TEST(JsonInput, CutForMessage) {
  EXPECT_EQ(cut_for_message("abc"), "abc");
  EXPECT_EQ(cut_for_message("a\nb\x01"), "a?b?");
  std::string c = cut_for_message(std::string(1000, 'y'), 10);
  EXPECT_EQ(c, "yyyyyyyyyy…(1000 bytes)");
  // Never ends inside a UTF-8 sequence: "é" is 2 bytes.
  EXPECT_EQ(cut_for_message("aé", 2), "a…(3 bytes)");
}

TEST(JsonField, IntegersAreRangeCheckedWithoutTruncation) {
  auto j = nlohmann::json::parse(
      R"({"big": 4294967300, "neg": -3, "f": 4.0, "u": 18446744073709551615, "s": "4"})");
  JsonField f(j, "x.json");
  // 4294967300 used to be read as 4 (get<int>() truncates).
  std::string e = error_of([&] { f["big"].int_in(1, 64); });
  EXPECT_EQ(e, "x.json: big: expected an integer in [1, 64]");
  EXPECT_EQ(f["big"].integer(0, INT64_MAX), 4294967300);
  EXPECT_THROW(f["neg"].uinteger(), Error);
  EXPECT_EQ(f["neg"].integer(-5, 5), -3);
  EXPECT_THROW(f["f"].int_in(0, 10), Error);
  EXPECT_THROW(f["s"].int_in(0, 10), Error);
  EXPECT_EQ(f["u"].uinteger(), UINT64_MAX);
  EXPECT_THROW(f["u"].integer(INT64_MIN, INT64_MAX), Error);
  e = error_of([&] { f["missing"].int_in(0, 1); });
  EXPECT_EQ(e, "x.json: missing field 'missing'");
}

TEST(NumbersFromText, WholeFiniteAndInRange) {
  EXPECT_EQ(parse_int_in("42", 0, 100, "--n"), 42);
  EXPECT_EQ(parse_uint_in("18446744073709551615", 0, UINT64_MAX, "--seed"), UINT64_MAX);
  // CLI11 accepted 18446744073709551616 (saturated).
  std::string e = error_of([] { parse_uint_in("18446744073709551616", 0, UINT64_MAX, "--games"); });
  EXPECT_TRUE(has(e, "--games must be an integer")) << e;
  for (const char* bad : {"", " 5", "5 ", "5x", "+", "0x10", "2147483648", "-1"})
    EXPECT_THROW(parse_int_in(bad, 0, 2147483647, "n"), Error) << bad;
  EXPECT_EQ(parse_double_in("2.5", 0, 10, "ms"), 2.5);
  EXPECT_EQ(parse_double_in("1e3", 0, 1e4, "ms"), 1000);
  for (const char* bad :
       {"nan", "NaN", "inf", "-inf", "infinity", "1e300", "1e400", "0x1p3", "", "1.5.", "-1"})
    EXPECT_THROW(parse_double_in(bad, 0, 3.6e6, "ms"), Error) << bad;
}

TEST(ReadTextFile, OnlyRegularFilesUpToALimit) {
  TempDir d;
  std::string p = d.write("a.json", "{\"ok\": true}");
  EXPECT_EQ(read_text_file(p, 100), "{\"ok\": true}");
  std::string e = error_of([&] { read_text_file(p, 5); });
  EXPECT_TRUE(has(e, "larger than 5 bytes")) << e;
  EXPECT_TRUE(has(error_of([] { read_text_file("/dev/zero", 1 << 20); }), "not a regular file"));
  EXPECT_TRUE(has(error_of([] { read_text_file("/dev/null", 1 << 20); }), "not a regular file"));
  EXPECT_TRUE(has(error_of([&] { read_text_file(d.path, 1 << 20); }), "not a regular file"));
  EXPECT_TRUE(has(error_of([&] { read_text_file(d.path + "/none", 9); }), "cannot be opened"));
  // A FIFO with no writer: opening must not block, and it is refused.
  std::string fifo = d.path + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(has(error_of([&] { read_text_file(fifo, 1 << 20); }), "not a regular file"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

// An option set with a data-file option, as a game declares it.
std::vector<OptionSpec> path_specs() {
  return {{"chain", "top", {"top", "ends"}, "how chains grow"},
          {"cast", "default", {"default"}, "card data", OptionKind::kPath, 64}};
}

TEST(OptionsTrust, PathOptionsReadFilesOnlyForALocalUser) {
  TempDir d;
  std::string p = d.write("cast.json", "{\"cast\": 1}");
  // A local user's command line: the core reads the file and keeps its content.
  Options o = Options::parse(path_specs(), {{"cast", p}}, OptionSource::kLocalUser);
  ASSERT_NE(o.content("cast"), nullptr);
  EXPECT_EQ(*o.content("cast"), "{\"cast\": 1}");
  EXPECT_EQ(o.get("cast"), p);
  EXPECT_EQ(Options::parse(path_specs(), {}, OptionSource::kLocalUser).content("cast"), nullptr);
  // Untrusted (a record, the network): a path is refused, whatever it names; no file is opened
  // (a FIFO would block an open without O_NONBLOCK).
  std::string fifo = d.path + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {p, fifo, std::string("/etc/shadow"), std::string("/dev/stdin")}) {
    std::string e = error_of([&] { Options::parse(path_specs(), {{"cast", path}}); });
    EXPECT_TRUE(has(e, "only a local user's command line may name a file")) << e;
  }
  // Untrusted with the data carried along (a record): accepted without opening anything.
  Options r = Options::parse(path_specs(), {{"cast", "/gone/cast.json"}}, OptionSource::kUntrusted,
                             {{"cast", "{\"cast\": 2}"}});
  EXPECT_EQ(*r.content("cast"), "{\"cast\": 2}");
  // Built-in values need no file from any source.
  EXPECT_EQ(Options::parse(path_specs(), {{"cast", "default"}}).content("cast"), nullptr);
  // Data larger than the option's limit, or for an option that names no file, is refused.
  EXPECT_THROW(Options::parse(path_specs(), {{"cast", "x"}}, OptionSource::kUntrusted,
                              {{"cast", std::string(65, ' ')}}),
               Error);
  EXPECT_THROW(Options::parse(path_specs(), {}, OptionSource::kUntrusted, {{"chain", "{}"}}),
               Error);
  EXPECT_THROW(Options::parse(path_specs(), {}, OptionSource::kUntrusted, {{"cast", "{}"}}), Error);
  // A local user's path to a device is refused like any non-regular file.
  EXPECT_TRUE(has(error_of([] {
                    Options::parse(path_specs(), {{"cast", "/dev/zero"}}, OptionSource::kLocalUser);
                  }),
                  "not a regular file"));
}

TEST(OptionsTrust, LongNamesAndValuesAreCutInErrors) {
  std::string huge(1 << 20, 'q');
  std::string e = error_of([&] { Options::parse(path_specs(), {{huge, "x"}}); });
  EXPECT_LT(e.size(), 300u);
  e = error_of([&] { Options::parse(path_specs(), {{"chain", huge}}); });
  EXPECT_LT(e.size(), 300u);
  EXPECT_TRUE(has(e, "top, ends")) << e;
}

TEST(RecordInput, IntegersAreNotTruncated) {
  auto j = good_record();
  j["players"] = 4294967300ull;  // was read as 4
  std::string e = error_of([&] { record_from_json(j, "r.json"); });
  EXPECT_EQ(e, "r.json: players: expected an integer in [1, 64]");
  j = good_record();
  j["result"]["winners"] = {4294967298ull};  // 2 + 2^32, was read as 2
  e = error_of([&] { record_from_json(j, "r.json"); });
  EXPECT_EQ(e, "r.json: result.winners[0]: expected an integer in [0, 63]");
  j = good_record();
  j["seed"] = -1;
  EXPECT_TRUE(has(error_of([&] { record_from_json(j); }), "seed"));
  j = good_record();
  j["version"] = 1.0;
  EXPECT_TRUE(has(error_of([&] { record_from_json(j); }), "version: expected an integer"));
  j = good_record();
  j["result"]["returns"][0] = 1e200;
  EXPECT_TRUE(has(error_of([&] { record_from_json(j); }), "result.returns[0]"));
  EXPECT_NO_THROW(record_from_json(good_record()));
}

TEST(RecordInput, TextIsStrictAndErrorsAreShort) {
  std::string e = error_of([] {
    record_from_text(R"({"format": "villainy-record", "version": 1e400, "game": "g"})", "r.json");
  });
  EXPECT_TRUE(has(e, "r.json: not valid JSON: version: number out of range")) << e;
  e = error_of([] { record_from_text(std::string(kRecord) + std::string("\0junk", 5), "r.json"); });
  EXPECT_TRUE(has(e, "NUL")) << e;
  // A 50 MB action name: refused by its length, and not echoed.
  auto j = good_record();
  j["actions"][1] = std::string(50u << 20, 'z');
  e = error_of([&] { record_from_text(j.dump(), "r.json"); });
  EXPECT_TRUE(has(e, "r.json: actions[1]: expected a string of at most 256 bytes")) << e;
  EXPECT_LT(e.size(), 200u);
}

TEST(RecordInput, DataRoundTripsAndReadingIsBounded) {
  Record r = record_from_json(good_record());
  r.data["cast"] = "{\"villains\": []}";
  Record back = record_from_text(record_to_json(r).dump(), "r.json");
  EXPECT_EQ(back.data, r.data);
  auto j = good_record();
  j["data"] = {{"cast", 5}};
  EXPECT_TRUE(has(error_of([&] { record_from_json(j); }), "data.cast: expected a string"));
  TempDir d;
  EXPECT_TRUE(has(error_of([] { read_record_file("/dev/zero"); }), "not a regular file"));
  std::string p = d.write("r.json", kRecord);
  EXPECT_EQ(read_record_file(p).players, 4);
  p = d.write("bad.json", "secret-password-here");
  std::string e = error_of([&] { read_record_file(p); });
  EXPECT_FALSE(has(e, "secret")) << e;
  EXPECT_FALSE(has(e, "'s'")) << e;
}

// Issue 30: the shared card-file reader pieces and the terminal-safe text.
TEST(JsonInput, CardFilePiecesRefuseUnknownFieldsRepeatedKeysAndControls_Issue30) {
  const auto j = nlohmann::json::parse(
      R"({"a": {"key": "x-1", "name": "N", "txt": "t"}, "b": [{"key": "k"}, {"key": "k"}]})");
  const JsonField root(j, "card file f.json");
  auto error = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error([&] {
              root["a"].only({"key", "name", "text"});
            }),
            "card file f.json: a.txt: unknown field (the fields are: key, name, text)");
  EXPECT_EQ(error([&] { root["a"].only({"key", "name", "txt"}); }), "");
  EXPECT_EQ(root["a"]["key"].key(), "x-1");
  EXPECT_NE(error([&] { (void)root["a"]["name"].key(); }).find("a.name: key 'N' may use only"),
            std::string::npos);
  UniqueKeys keys;
  keys.add(root["b"][std::size_t{0}]["key"], "k");
  EXPECT_EQ(error([&] { keys.add(root["b"][std::size_t{1}]["key"], "k"); }),
            "card file f.json: b[1].key: 'k' is used twice (also at b[0].key)");
  const auto t =
      nlohmann::json::parse(R"({"s": "clear\u001b[2J", "c1": "\u009b2J", "ok": "好 x"})");
  const JsonField tf(t, "f");
  EXPECT_NE(error([&] { (void)tf["s"].text(); }).find("f: s: must not hold control characters"),
            std::string::npos);
  EXPECT_NE(error([&] { (void)tf["c1"].text(); }).find("must not hold control"), std::string::npos);
  EXPECT_EQ(tf["ok"].text(), "好 x");
}

TEST(JsonInput, TerminalSafeReplacesEveryControlButNewlineAndTab_Issue30) {
  EXPECT_EQ(terminal_safe("a\x1b[2Jb\x07"
                          "c\x7f"),
            "a?[2Jb?c?");
  EXPECT_EQ(terminal_safe("\xc2\x9b"
                          "2J é 好"),
            "?2J é 好");  // C1 CSI is one character
  EXPECT_EQ(terminal_safe("line\n\tindent"), "line\n\tindent");
  EXPECT_TRUE(has_control_character("a\nb"));
  EXPECT_FALSE(has_control_character("é 好"));
}

// Issue 30 (8): an option given twice is refused (last-wins lost one, and the label showed both).
TEST(Options, AnOptionGivenTwiceIsRefused_Issue30) {
  try {
    Options::parse_assignments({"chain=ends", "chain=top"});
    FAIL() << "accepted chain twice";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "option 'chain' is given twice (chain=ends and chain=top)");
  }
  EXPECT_EQ(Options::parse_assignments({"a=1", "b=2"}).size(), 2u);
}

// Issue 30 (5): counts never wrap.
TEST(Stats, CountsAreAddedWithOverflowChecks_Issue30) {
  Histogram h;
  h.add(3, UINT64_MAX);
  EXPECT_THROW(h.add(4), Error);
  EXPECT_EQ(h.count(), UINT64_MAX);
  Histogram one;
  one.add(3);
  EXPECT_THROW(one.merge(h), Error);
  EXPECT_EQ(one.count(), 1u);
  std::uint64_t a = UINT64_MAX, b = 1;
  Fields fa, fb;
  fa("n", a);
  fb("n", b);
  try {
    Fields::merge(fa, fb);
    FAIL() << "wrapped";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("field 'n': overflows"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace villainy
