// Tribute to the Supporting Cast in the browser: two friends, a heuristic and a random bot play
// a whole game through the UI (see scenario.ts for everything checked on the way).
import { test } from 'node:test';
import { runScenario } from './scenario';

test('Supporting Cast: two friends and two bots play a complete game in Chromium', async () => {
  const r = await runScenario({
    game: 'supporting-cast',
    seats: [{ kind: 'you' }, { kind: 'friend' }, { kind: 'bot', agent: 'heuristic' }, { kind: 'bot', agent: 'random' }],
    reloadAfterClicks: 12,
    screenshotAfterClicks: 8,
  });
  console.log(`supporting-cast: ${r.clicks} clicks, first view after reload ${r.firstViewMs} ms, ${r.seconds.toFixed(1)} s; ${r.audit.split('\n').pop()}`);
});
