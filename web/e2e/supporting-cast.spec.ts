// Tribute to the Supporting Cast in the browser: two friends, a heuristic and a random bot play
// a whole game through the UI (see scenario.ts for everything checked on the way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScenario } from './scenario';

test('Supporting Cast: two friends and two bots play a complete game in Chromium', async () => {
  const r = await runScenario({
    game: 'supporting-cast',
    seats: [{ kind: 'you' }, { kind: 'friend' }, { kind: 'bot', agent: 'heuristic' }, { kind: 'bot', agent: 'random' }],
    reloadAfterClicks: 12,
    screenshotAfterClicks: 8,
    // The last round's summary reads as one sentence ("Round 3 ended: a chain was completed").
    atEnd: async ({ ann, spectator }) => {
      for (const c of [ann, spectator]) {
        const text = ((await c.page.textContent('[data-testid=round-summary]')) ?? '').trim();
        assert.match(text, /^Round \d+ ended: [a-z]/, `${c.name}: ${text}`);
      }
    },
  });
  console.log(`supporting-cast: ${r.clicks} clicks, first view after reload ${r.firstViewMs} ms, ${r.seconds.toFixed(1)} s; ${r.audit.split('\n').pop()}`);
});
