// The Mwahahaha! table's strings and its reading of the view (run: npx tsx --test
// src/games/mwahahaha/mw.test.ts). The engine's own names (action verbs, stages, windows) are read
// from its sources, so a verb or stage added to the engine without a label here fails this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import en from './i18n.en.json';
import zh from './i18n.zh-TW.json';
import { TURN_ENDING, byPlace, label, needsConfirm, parse, placeOf } from './choices';
import { WINDOWS, capacityLeft, fightRolled, readView, threatOn } from './view';
import { capability, dataCard, deviceByKey, minions, scientists, tricks } from './data';

const game = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'games', 'mwahahaha');
const enS = en as Record<string, string>;
const zhS = zh as Record<string, string>;

function sources(): string {
  return readdirSync(game)
    .filter((f) => f.endsWith('.cpp'))
    .map((f) => readFileSync(join(game, f), 'utf8'))
    .join('\n');
}
function engineVerbs(): string[] {
  const src = sources();
  const verbs = new Set<string>();
  for (const m of src.matchAll(/set\([^,()]+(?:\([^()]*\))?[^,()]*,\s*(?:std::string\(|fmt::format\()?"([a-z-]+)/g))
    verbs.add(m[1]);
  // Chance outcomes are drawn by the server, never offered as choices.
  for (const c of ['die', 'raw', 'empire', 'minion', 'device', 'trick', 'scientist', 'tie']) verbs.delete(c);
  return [...verbs];
}
function engineStages(): string[] {
  const body = /stage_name\(Stage s\) \{([\s\S]*?)\};/.exec(sources());
  assert.ok(body, 'stage_name() not found in games/mwahahaha');
  return [...body[1].matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
}

test('the English and Traditional Chinese strings have the same keys, none empty', () => {
  assert.deepEqual(Object.keys(enS).filter((k) => !(k in zhS)), [], 'missing in zh-TW');
  assert.deepEqual(Object.keys(zhS).filter((k) => !(k in enS)), [], 'missing in en');
  for (const [k, v] of [...Object.entries(enS), ...Object.entries(zhS)])
    assert.ok(v.trim().length > 0, `${k} is empty`);
});

test('every action the engine can offer has a label in both languages', (t) => {
  const verbs = engineVerbs();
  // The names are read from the engine's sources; if their shape changes this check cannot run
  // (the e2e test still fails on any choice drawn without a label: data-unlabelled).
  if (verbs.length < 60) return t.skip(`only ${verbs.length} action names found in games/mwahahaha`);
  for (const v of verbs) {
    if (v === 'insider') {
      assert.ok(enS['mwt.act.insider.empires'] && enS['mwt.act.insider.minions']);
      continue;
    }
    assert.ok(enS[`mwt.act.${v}`], `mwt.act.${v} has no English label`);
  }
});

test('every stage of the engine has a prompt and a name; every window a name', () => {
  const stages = engineStages();
  assert.equal(stages.length, 33);
  for (const s of stages) {
    assert.ok(enS[`mwt.prompt.${s}`], `mwt.prompt.${s}`);
    assert.ok(enS[`mwt.stage.${s}`], `mwt.stage.${s}`);
  }
  for (const w of WINDOWS) assert.ok(enS[`mwt.window.${w}`], `mwt.window.${w}`);
});

// A small view as the engine writes it for seat 0 (shape of mwahahaha_view.cpp).
function seat(o: Record<string, unknown>) {
  return {
    scientist: 'madame-mesmera',
    device: 'face-down',
    device_up: 0,
    device_tokens: [0, 0, 0, 0],
    stockpile: [0, 0, 0, 0],
    maniacal: 0,
    humiliation: 0,
    maniacal_sources: 0,
    levels_won: 0,
    empires: [],
    minions: [],
    minions_face_down_unknown: 0,
    raw_count: 0,
    trick_count: 0,
    converted: [0, 0, 0, 0],
    overtime: [0, 0, 0, 0],
    flags: [0, 0, 0, 0, 0, 0, 0, 0, 0],
    ...o,
  };
}
const view0 = {
  viewer: 0,
  round: 1,
  phase: 'rivalry',
  stage: 'rivalry',
  to_act: 0,
  order: [0, 1],
  order_pos: 0,
  active: 1,
  seats: [
    seat({
      device: 'orbital-laser',
      device_tokens: [1, 1, 1, 1],
      raw: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
      tricks: new Array(30).fill(0),
      raw_count: 2,
      minions: ['email-virus (face down)', 'killer-drones (attacked)'],
      empires: ['acme-power-light (struck)', 'tesla-coil-works'],
    }),
    seat({ raw_known: new Array(14).fill(0), minions_face_down_unknown: 2, raw_count: 3 }),
  ],
  window: [4, 0, 0, 0, -1],
  trick: [-1, -1, -1, 0, 0],
  fight: [1, 0, 1, 2, -1, 0, 0, [0], [], [0, 0, 0], [0, 0, 0], [0, 0], 0, 0, 0, 0],
  dice: [[2, 3], [1, 2], [[5, 1, 0], [4, 3, 2]], 0, 0, 0, 0],
  threat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

test('the view is read into named fields, hidden hands stay unknown', () => {
  const v = readView(view0);
  assert.equal(v.seats.length, 2);
  assert.deepEqual(v.seats[0].minions, [
    { key: 'email-virus', faceDown: true, attacked: false },
    { key: 'killer-drones', faceDown: false, attacked: true },
  ]);
  assert.deepEqual(v.seats[0].empires.map((e) => e.struck), [true, false]);
  assert.equal(v.seats[1].raw, null, "another seat's raw hand is never there");
  assert.equal(v.seats[1].hiddenMinions, 2);
  assert.deepEqual(v.fight?.attackers, ['email-virus']);
  assert.equal(v.fight?.type, 2);
  assert.deepEqual(v.dice.dice, [[5, 1], [4, 3, 2]]);
  assert.ok(fightRolled(v), 'after-roll window: the dice are this fight’s');
  assert.ok(!threatOn(v));
  // A struck Empire gives no capacity (MW-32): Lair 0 + Tesla Coil Works 2 for Energy.
  assert.equal(capacityLeft(v.seats[0], 0), 2);
  assert.equal(capability(deviceByKey.get('orbital-laser')!, [1, 1, 1, 1]), 1);
  // Before the roll the dice in the view are an earlier roll's.
  assert.ok(!fightRolled(readView({ ...view0, window: [3, 0, 0, 0, -1] })));
  assert.ok(!fightRolled(readView({ ...view0, stage: 'send' })));
});

test('choices go to the card or place they concern, turn ends to the bar', () => {
  const v = readView(view0);
  const c = (id: number, name: string) => ({ id, name, text: name });
  const cs = [
    c(1, 'attack-empire:tesla-coil-works'),
    c(2, 'attack-lair:1:money'),
    c(3, 'no-attack'),
    c(4, 'send:killer-drones'),
    c(5, 'play:ambush'),
    c(6, 'convert-wild:energy'),
    c(7, 'reroll:first:1'),
    c(8, 'select-minion:robot-sentry'),
  ];
  assert.deepEqual(
    cs.map((x) => placeOf(x, v)),
    [
      'empire:tesla-coil-works',
      'lair:1',
      'bar',
      'minion:killer-drones',
      'trick:ambush',
      'raw:wild',
      'die:first:1',
      'pending:robot-sentry', // not in play: a card drawn for the choice (Assembly Line)
    ],
  );
  assert.equal(byPlace(cs, v).get('bar')?.length, 1);
  assert.ok(TURN_ENDING.has(parse('no-attack').verb) && !TURN_ENDING.has(parse('pass').verb));
  const t = (id: string, a: Record<string, unknown> = {}) =>
    (enS[id] ?? id).replace(/\{(\w+)\}/g, (_, k) => String(a[k]));
  const ctx = { t, cardName: (k: string) => `<${k}>`, seatName: (s: number) => `S${s + 1}` };
  assert.equal(label(cs[1], ctx), "Attack S2's Lair for Money");
  assert.equal(label(cs[0], ctx), 'Attack <tesla-coil-works>');
  assert.equal(label(c(9, 'made-up:x'), ctx), 'made-up:x', 'an unknown action keeps the server text');
  const bracketed = { ...ctx, t: (id: string, a: Record<string, unknown> = {}) => (enS[id] ? t(id, a) : `[${id}]`) };
  assert.equal(label(c(9, 'made-up:x'), bracketed), 'made-up:x', 'also when the renderer answers [id]');
});

test('a choice that ends the turn is confirmed while something else could be done (MW-16, D21)', () => {
  const c = (id: number, name: string, ends?: boolean) => ({ id, name, text: name, ...(ends ? { ends_turn: true } : {}) });
  const end = c(1, 'end-turn');
  const convert = c(2, 'convert:e1');
  assert.ok(needsConfirm(end, [end, convert]), 'end-turn with a conversion left');
  assert.ok(!needsConfirm(end, [end]), 'nothing else left: no question');
  assert.ok(!needsConfirm(convert, [end, convert]));
  const attack = c(3, 'attack-empire:tesla-coil-works', true);
  assert.ok(needsConfirm(attack, [attack, c(4, 'no-attack'), c(5, 'play:press-gang')]), 'the engine says the attack ends the turn');
  const pass = c(6, 'pass');
  assert.ok(!needsConfirm(pass, [pass, c(7, 'play:ambush')]), 'passing a window ends no turn');
});

test('a card the catalogue lacks is named from the data file in either language', () => {
  assert.equal(dataCard('orbital-laser', 'en')?.name, 'Orbital Laser');
  assert.equal(dataCard('orbital-laser', 'zh-TW')?.name, '軌道雷射');
  assert.match(dataCard('herr-ubervoldt', 'en')?.text ?? '', /^Teutonic Precision: /, 'a scientist’s text is its power');
  assert.equal(dataCard('no-such-card', 'en'), undefined);
});

// The data file has Chinese texts for the scientists' powers, the Minions' abilities and the Dirty
// Tricks' effects: after the switch to 繁體中文 a card's details are in Chinese, not English.
test('card texts from the data file follow the language', () => {
  for (const c of [...scientists, ...minions, ...tricks] as { key: string }[]) {
    const zhCard = dataCard(c.key, 'zh-TW')!;
    const enCard = dataCard(c.key, 'en')!;
    assert.equal(enCard.textLang, 'en');
    if (!enCard.text) continue;
    assert.equal(zhCard.textLang, 'zh-TW', `${c.key}: ${zhCard.text}`);
    assert.doesNotMatch(zhCard.text, /[A-Za-z]{3,}/, `${c.key} in Chinese: ${zhCard.text}`);
  }
});
