// Cheaty Mages! in the browser: two friends and a heuristic bot play a whole game (three
// counted matches) through the UI (see scenario.ts for everything checked on the way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScenario } from './scenario';
import type { Client } from './harness';

// The last match's summary in plain words: every fighter by name with its mana, strength and the
// judge's verdict, and every mage's bets by fighter name, never the engine's "1,3" or "-".
async function checkSummary(c: Client): Promise<void> {
  const rows = await c.page.$$eval('[data-testid=match-fighters] tbody tr', (trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
  assert.equal(rows.length, 5, `${c.name}: the summary lists the five fighters`);
  for (const [fighter, mana, strength, verdict] of rows) {
    assert.match(fighter, /\(position [1-5]\)/, `${c.name}: a fighter's name and position: ${fighter}`);
    assert.match(mana, /^\d+|^no spells/i, `${c.name}: mana: ${mana}`);
    assert.match(strength, /^-?\d+$|^out of the match$/i, `${c.name}: strength: ${strength}`);
    assert.ok(verdict.length > 0, `${c.name}: a verdict`);
  }
  const bets = await c.page.$$eval('[data-testid=match-payouts] tbody tr td:nth-child(2)', (tds) => tds.map((td) => (td.textContent ?? '').trim()));
  assert.equal(bets.length, 3, `${c.name}: every mage's bets`);
  for (const b of bets) assert.doesNotMatch(b, /^[-\d,]+$/, `${c.name}: bets in words, not codes: ${b}`);
  const text = await c.page.textContent('[data-testid=match-summary]');
  assert.doesNotMatch(text ?? '', /\b[A-Z]{2}-\d+\b|\[[a-z.]+\]/, `${c.name}: no rule ids or message keys in the summary`);
}

test('Cheaty Mages: two friends and a bot play a complete game in Chromium', async () => {
  const r = await runScenario({
    game: 'cheaty-mages',
    seats: [{ kind: 'you' }, { kind: 'friend' }, { kind: 'bot', agent: 'heuristic' }],
    reloadAfterClicks: 10,
    screenshotAfterClicks: 6,
    atEnd: async ({ ann, bo, spectator }) => {
      for (const c of [ann, bo, spectator]) await checkSummary(c);
    },
  });
  console.log(`cheaty-mages: ${r.clicks} clicks, first view after reload ${r.firstViewMs} ms, ${r.seconds.toFixed(1)} s; ${r.audit.split('\n').pop()}`);
});
