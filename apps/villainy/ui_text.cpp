#include "ui_text.h"

#include "villainy/core/types.h"

namespace villainy::cli {

namespace {

struct Entry {
  std::string_view id, en, zh;
};

// Placeholders are fmt's named fields ({seat}, {file}, ...). Seats are shown 1-based.
constexpr Entry kTexts[] = {
    {"header", "{title} — {players} players, seed {seed}",
     "{title} — {players} 位玩家，種子 {seed}"},
    {"seat-agent", "  {seat}: {agent}", "  {seat}：{agent}"},
    {"resumed", "Resumed from {file} after {actions} actions.",
     "從 {file} 接續（已重播 {actions} 個動作）。"},
    {"commands-hint",
     "At a prompt: a choice's number, or help (the rules), card N (the cards of choice N), help "
     "NAME (a card), view, log, quit.",
     "在提示符號後輸入選項編號，或 help（規則）、card N（選項 N 的卡牌）、help 名稱（查卡牌）、"
     "view（牌桌）、log（紀錄）、quit（離開）。"},
    {"your-choice", "Your choice, {seat}:", "{seat}，請選擇："},
    {"not-a-choice",
     "'{input}' is not a choice: type one of the numbers shown, or help, card N, view, log, quit.",
     "「{input}」不是選項：請輸入上面列出的編號，或 help、card N、view、log、quit。"},
    {"hand-over", "Pass the keyboard to {seat}, press Enter. > ",
     "請把鍵盤交給{seat}，然後按 Enter。 > "},
    {"confirm-quit", "Quit this game? (y/n) > ", "要離開這局遊戲嗎？(y/n) > "},
    {"confirm-end-turn",
     "“{choice}” ends your turn, and you can still do other things.\nSure? (y/n) > ",
     "「{choice}」會結束你的這一輪，而你還有其他動作可做。\n確定嗎？(y/n) > "},
    {"saved", "Game saved in {file}.", "遊戲已存於 {file}。"},
    {"resume-how", "Continue it with: villainy play --resume {file}",
     "要繼續，請執行：villainy play --resume {file}"},
    {"abandoned", "Game abandoned (not saved: play with --record FILE to be able to resume).",
     "遊戲已放棄（未存檔：加上 --record 檔案 才能接續）。"},
    {"winners", "Winners: {seats}", "勝利者：{seats}"},
    {"seat-with-agent", "{seat} ({agent})", "{seat}（{agent}）"},
    {"agent-human", "human", "真人"},
    {"agent-bot", "{kind} ({agent})", "{kind}（{agent}）"},
    {"bot-random", "easy bot", "簡單電腦"},
    {"bot-heuristic", "medium bot", "中等電腦"},
    {"bot-ismcts", "hard bot", "困難電腦"},
    {"bot-other", "bot", "電腦"},
    {"list-sep", ", ", "、"},
    {"record-written", "Record written to {file}", "紀錄已寫入 {file}"},
    {"forced", " (the only choice)", "（唯一的選項）"},
    {"no-card", "No card '{card}': card N shows the cards of choice N, help NAME a card by name.",
     "找不到卡牌「{card}」：card N 顯示選項 N 的卡牌，help 名稱 依名稱查卡牌。"},
    {"choice-no-card", "Choice {n} names no card.", "選項 {n} 沒有提到卡牌。"},
    {"cards-on-screen", "Cards: {cards}", "卡牌：{cards}"},
    {"log-header", "What happened (the last {n} lines):", "發生的事（最近 {n} 行）："},
    {"log-for", "--- log for {viewer} ---", "--- {viewer}的紀錄 ---"},
    {"final-view", "--- final view ---", "--- 最終畫面 ---"},
    {"how-it-ended", "How it ended:", "結局："},
    {"returns", "Returns: {list}", "報酬：{list}"},
    {"seat-return", "{seat}: {value}", "{seat}：{value}"},
    {"a-spectator", "a spectator", "旁觀者"},
    {"seat-n", "seat {seat}", "座位 {seat}"},
    {"record-ok", "Record OK: {game} ({players} players), {actions} actions replayed.",
     "紀錄無誤：{game}（{players} 位玩家），重播了 {actions} 個動作。"},
    {"not-over", "The game is not over (the record is unfinished).",
     "遊戲尚未結束（紀錄不完整）。"},
};

}  // namespace

std::string_view ui_text(std::string_view lang, std::string_view id) {
  for (const Entry& e : kTexts)
    if (e.id == id) return lang == "zh-TW" ? e.zh : e.en;
  throw Error(std::string("no terminal text '") + std::string(id) + "'");
}

}  // namespace villainy::cli
