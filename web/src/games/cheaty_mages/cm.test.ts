// The Cheaty Mages! table's reading of the last judgement from the log, and its plain-word match
// summary (issue 12: strengths, mana, dispels, ejections, the winner, every payout; no codes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastJudgement, positions } from './judgement';

const ev = (id: string, args: Record<string, unknown> = {}) => ({ id, args });

const log = [
  { seq: 40, events: [ev('cm.judgement', { judge: 'lester' }), ev('cm.judgement.limit', { limit: 9, penalty: 'dispel' })] },
  {
    seq: 40,
    events: [
      ev('cm.reveal', { pos: 1, fighter: 'zombie', mana: 12, spells: ['fireball', 'curse'] }),
      ev('cm.reveal.none', { pos: 2, fighter: 'ninja' }),
      ev('cm.reveal', { pos: 3, fighter: 'elf', mana: 3, spells: ['heal'] }),
      ev('cm.reveal.none', { pos: 4, fighter: 'robot' }),
      ev('cm.reveal', { pos: 5, fighter: 'dragon', mana: 20, spells: ['haste'] }),
      ev('cm.penalty', { pos: 1, fighter: 'zombie', what: 'cm.dispelled' }),
      ev('cm.penalty', { pos: 3, fighter: 'elf', what: 'cm.low' }),
      ev('cm.penalty', { pos: 5, fighter: 'dragon', what: 'cm.ejected' }),
      ev('cm.strength', { pos: 1, fighter: 'zombie', n: 4 }),
      ev('cm.strength', { pos: 2, fighter: 'ninja', n: 6 }),
      ev('cm.strength', { pos: 3, fighter: 'elf', n: 5 }),
      ev('cm.strength', { pos: 4, fighter: 'robot', n: 2 }),
      ev('cm.strength.out', { pos: 5, fighter: 'dragon' }),
      ev('cm.winner', { pos: 2, fighter: 'ninja', n: 6, prize: 4 }),
      ev('cm.match_end', { n: 1 }),
    ],
  },
  // the next match's fighters must not change what the last judgement says
  { seq: 41, events: [ev('cm.fighter', { pos: 1, fighter: 'golem' })] },
];

test('the last judgement: fighters, mana, strength and verdict per position', () => {
  const j = lastJudgement(log)!;
  assert.equal(j.length, 5);
  assert.deepEqual(j[0], { pos: 1, fighter: 'zombie', mana: 12, spells: ['fireball', 'curse'], strength: 4, penalty: 'dispelled' });
  assert.deepEqual(j[1], { pos: 2, fighter: 'ninja', mana: null, spells: [], strength: 6, penalty: null });
  assert.equal(j[2].penalty, 'low');
  assert.equal(j[4].penalty, 'ejected');
  assert.equal(j[4].strength, null);
});

test('the latest judgement wins; none in the log gives null', () => {
  assert.equal(lastJudgement([]), null);
  assert.equal(lastJudgement([{ events: [ev('cm.bet', { seat: 1 })] }]), null);
  const again = [...log, { seq: 90, events: [ev('cm.judgement.none'), ev('cm.reveal.none', { pos: 1, fighter: 'golem' }), ev('cm.strength', { pos: 1, fighter: 'golem', n: 9 })] }];
  assert.deepEqual(lastJudgement(again), [{ pos: 1, fighter: 'golem', mana: null, spells: [], strength: 9, penalty: null }]);
});

test('bet lists as positions', () => {
  assert.deepEqual(positions('1,3'), [1, 3]);
  assert.deepEqual(positions('-'), []);
  assert.deepEqual(positions(undefined), []);
});
