// Runs the Mwahahaha! table's unit tests (src/games/mwahahaha/mw.test.ts: its strings against the
// engine's action names and stages, its reading of the view, where choices go) with the e2e
// suite, which `npm run test:e2e` runs whole (test:unit covers src/*.test.ts only).
import '../src/games/mwahahaha/mw.test';
