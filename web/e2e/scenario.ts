// The complete-game scenario every game's e2e test runs (issue 12, "Done when"): two friends in
// two browser contexts and bots play a whole game through the UI to the final standings; the
// second friend reloads mid-game and carries on; a spectator watches; the language switch changes
// every visible string; a screenshot of the table mid-game is saved; every WebSocket frame each
// context received is audited by the server's leak-audit checker; nothing hidden is kept in
// localStorage; the first view of the table after a reload appears within a second.
import assert from 'node:assert/strict';
import { glossaryProblems } from './glossary';
import { Harness, type Client, type SeatPlan } from './harness';

export interface ScenarioOptions {
  game: string;
  seats: SeatPlan[]; // exactly one 'you' (the first friend) and one 'friend' (the second)
  options?: Record<string, string>;
  reloadAfterClicks?: number;
  screenshotAfterClicks?: number;
  timeoutMs?: number;
  // Text that may stay the same in both languages (names of people, the languages' own names).
  sameInBothLanguages?: RegExp[];
  // The game's own checks once every page shows the final standings (before the replay).
  atEnd?: (c: { ann: Client; bo: Client; spectator: Client }) => Promise<void>;
}

export interface ScenarioResult {
  clicks: number;
  firstViewMs: number;
  audit: string;
  seconds: number;
}

// Every visible text node's text (trimmed, non-empty) under the page's main element.
export async function visibleTexts(c: Client): Promise<string[]> {
  return c.page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      if (!text) continue;
      const el = n.parentElement;
      if (!el) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (el.closest('.card-tip, .sr-only, option, [data-untranslated]')) continue;
      if (el.getClientRects().length === 0) continue;
      out.push(text);
    }
    return out;
  });
}

// Switches the language and checks that no visible string is left in English: every text node
// with a Latin word is one of the allowed ones (numbers and people's names are never translated).
export async function checkLanguageSwitch(c: Client, allowed: RegExp[], opts: { allUntranslated?: boolean; game?: string } = {}): Promise<void> {
  const page = c.page;
  await page.selectOption('[data-testid=lang]', 'zh-TW');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant-TW');
  const zh = await visibleTexts(c);
  const untranslated = await page.$$eval('[data-untranslated]', (els) => els.length);
  if (untranslated) console.log(`language switch: ${untranslated} texts the server gives in English only (core.text events, cards without catalogue names)`);
  if (opts.allUntranslated) {
    const which = await page.$$eval('[data-untranslated]', (els) => els.map((e) => (e.textContent ?? '').trim()).slice(0, 10));
    assert.deepEqual(which, [], 'texts left in English (the game narrates everything as events)');
  }
  const english = zh.filter((t) => /[A-Za-z]{2,}/.test(allowed.reduce((s, re) => s.replace(re, ''), t)));
  assert.deepEqual(english, [], `visible strings not translated: ${JSON.stringify(english.slice(0, 20))}`);
  if (opts.game) {
    const off = glossaryProblems(opts.game, zh);
    assert.deepEqual(off, [], `names the glossary does not use: ${JSON.stringify(off.slice(0, 20))}`);
  }
  await page.selectOption('[data-testid=lang]', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const en = await visibleTexts(c);
  const chinese = en.filter((t) => /[\u4e00-\u9fff]/.test(t) && !/繁體中文/.test(t));
  assert.deepEqual(chinese, [], `Chinese left after switching back: ${JSON.stringify(chinese.slice(0, 20))}`);
}

// The table-creation form in Chinese: every option's name, description and values in words of the
// catalogue (the option elements too, which visibleTexts leaves out), never the engine's keys.
export async function checkCreateForm(c: Client, game: string): Promise<void> {
  const page = c.page;
  await page.click(`[data-testid=create-${game}]`);
  await page.waitForSelector('[data-testid=create-table]');
  await page.selectOption('[data-testid=lang]', 'zh-TW');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant-TW');
  const texts = await page.$$eval('form fieldset label, form fieldset option, form fieldset legend', (els) =>
    els.map((e) => (e.tagName === 'LABEL' ? (e.querySelector('span')?.textContent ?? '') : (e.textContent ?? '')).trim()).filter(Boolean),
  );
  assert.ok(texts.length > 5, `the create form shows its fields (${texts.length})`);
  const english = texts.filter((t) => /[A-Za-z]{2,}/.test(t));
  assert.deepEqual(english, [], `create form strings not translated: ${JSON.stringify(english.slice(0, 20))}`);
  await page.selectOption('[data-testid=lang]', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

// localStorage holds only this person's own settings and tokens: no card, view or log.
export async function checkStorage(c: Client): Promise<void> {
  const entries = await c.page.evaluate(() => Object.entries(localStorage));
  const allowed = /^villainy\.(nickname|lang|askSingle|seat\.[0-9a-f]{16}|created\.[0-9a-f]{16})$/;
  for (const [k, v] of entries) {
    assert.match(k, allowed, `unexpected localStorage key ${k}`);
    assert.ok(!/"(view|log|hand|cards?|spells?|bets?)"/.test(v), `localStorage ${k} holds game data: ${v.slice(0, 80)}`);
  }
}

export async function runScenario(o: ScenarioOptions): Promise<ScenarioResult> {
  const t0 = Date.now();
  const h = await Harness.start();
  try {
    const ann = await h.newClient('Ann');
    const bo = await h.newClient('Bo', { phone: true });
    const spectator = await h.newClient('Spectator');
    await ann.page.goto(h.baseUrl + '/');
    await ann.page.waitForSelector(`[data-testid=game-${o.game}]`);
    await checkLanguageSwitch(ann, [/^English$/]);
    await checkCreateForm(ann, o.game);
    const { table, invites } = await h.createTable(ann, o.game, o.seats, o.options ?? {});
    assert.equal(invites.length, 1, 'one invitation for the one friend seat');
    const boSeat = o.seats.findIndex((s) => s.kind === 'friend');
    await h.joinByLink(bo, invites[0], boSeat);
    await h.spectate(spectator, table);

    let reloaded = false;
    let shot = false;
    let firstViewMs = -1;
    let choicesTallest = 0;
    const reloadAt = o.reloadAfterClicks ?? 8;
    const shotAt = o.screenshotAfterClicks ?? 6;
    const clicks = await h.playToEnd([ann, bo], {
      timeoutMs: o.timeoutMs ?? 240000,
      onStep: async (n) => {
        // On the phone the list of choices (kept in sight at the top) never covers most of the table.
        const tall = await bo.page
          .$eval('[data-testid=choices]', (e) => e.getBoundingClientRect().height / innerHeight)
          .catch(() => 0);
        choicesTallest = Math.max(choicesTallest, tall);
        if (!shot && n >= shotAt && !(await ann.page.$('[data-testid=standings]'))) {
          shot = true;
          await h.screenshot(ann, `${o.game}-table.png`);
          await h.screenshot(bo, `${o.game}-table-phone.png`);
          // The phone's page fits its screen: nothing wider than it (a row of cards, the score
          // track) pushes the table off to the side.
          const wide = await bo.page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(wide <= 0, `the phone's page is ${wide} px wider than its screen`);
          await checkLanguageSwitch(ann, [/\b(Ann|Bo)\b/g, /^English$/, ...(o.sameInBothLanguages ?? [])], { allUntranslated: true, game: o.game });
        }
        if (!reloaded && n >= reloadAt && !(await bo.page.$('[data-testid=standings]'))) {
          reloaded = true;
          const before = Number(await bo.page.getAttribute('[data-testid=table]', 'data-seq'));
          const start = Date.now();
          await bo.page.reload();
          await bo.page.waitForSelector('[data-testid=table]');
          firstViewMs = Date.now() - start;
          const after = Number(await bo.page.getAttribute('[data-testid=table]', 'data-seq'));
          assert.ok(after >= before, `after the reload the table is at seq ${after}, before ${before}`);
          assert.equal(await bo.page.getAttribute('[data-testid=table]', 'data-seat'), String(boSeat));
        }
      },
    });
    assert.ok(shot, 'a mid-game screenshot was taken');
    assert.ok(choicesTallest <= 0.45, `the phone's choices panel took ${Math.round(choicesTallest * 100)}% of the screen`);
    assert.ok(reloaded, 'the second friend reloaded mid-game');
    assert.ok(firstViewMs >= 0 && firstViewMs < 1000, `first view after reload took ${firstViewMs} ms`);
    for (const c of [ann, bo, spectator]) {
      await c.page.waitForSelector('[data-testid=standings]', { timeout: 30000 });
      const rows = await c.page.$$('[data-testid=standings] li[data-testid^=standing-]');
      assert.equal(rows.length, o.seats.length, `${c.name} sees every seat in the standings`);
      const why = await c.page.$$eval('[data-testid=standings] .why', (els) => els.map((e) => e.textContent ?? ''));
      assert.ok(why.every((w) => w.trim().length > 0), `${c.name}: every seat has a reason`);
      // The game's narration of its end reads as lines across the panel, not a narrow column.
      const tall = await c.page.$$eval('[data-testid=standings] .narrated-end li', (els) =>
        els.map((e) => ({ h: e.getBoundingClientRect().height, t: e.textContent ?? '' })).filter((x) => x.h > 120),
      );
      assert.deepEqual(tall, [], `${c.name}: end narration squeezed into a column`);
      await checkStorage(c);
      assert.deepEqual(c.errors, [], `${c.name}: page errors`);
    }
    if (o.atEnd) await o.atEnd({ ann, bo, spectator });
    // The replay, step by step, for the first friend.
    await ann.page.click('[data-testid=replay-link]');
    await ann.page.waitForSelector('[data-testid=replay]');
    await ann.page.click('[data-testid=replay-step]').catch(() => {});
    await ann.page.click('text=Start');
    await ann.page.click('[data-testid=replay-step]');
    assert.equal(await ann.page.getAttribute('[data-testid=replay]', 'data-step'), '1');
    // Every step tells something new: the log grows by a line at least at each step.
    for (let i = 2; i <= 30; ++i) {
      await ann.page.click('[data-testid=replay-step]');
      const lines = await ann.page.$$eval('[data-testid=log] li', (els) => els.length);
      assert.ok(lines >= i, `replay step ${i} shows ${lines} lines of the log`);
    }
    const audit = await h.stopAndAudit();
    assert.match(audit, /, 0 leaks/);
    return { clicks, firstViewMs, audit: audit.trim(), seconds: (Date.now() - t0) / 1000 };
  } finally {
    await h.close();
  }
}
