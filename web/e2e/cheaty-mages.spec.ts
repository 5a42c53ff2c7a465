// Cheaty Mages! in the browser: two friends and a heuristic bot play a whole game (three
// counted matches) through the UI (see scenario.ts for everything checked on the way).
import { test } from 'node:test';
import { runScenario } from './scenario';

test('Cheaty Mages: two friends and a bot play a complete game in Chromium', async () => {
  const r = await runScenario({
    game: 'cheaty-mages',
    seats: [{ kind: 'you' }, { kind: 'friend' }, { kind: 'bot', agent: 'heuristic' }],
    reloadAfterClicks: 10,
    screenshotAfterClicks: 6,
  });
  console.log(`cheaty-mages: ${r.clicks} clicks, first view after reload ${r.firstViewMs} ms, ${r.seconds.toFixed(1)} s; ${r.audit.split('\n').pop()}`);
});
