// Seats' names in the tables (app/names.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seatNamer } from './names';

const r = { t: (id: string, a: Record<string, unknown> = {}) => (id === 'ui.seat.you' ? `You (seat ${a.n})` : `Seat ${a.n}`) };

test("a human seat shows its holder's nickname; bots and the server's placeholder do not", () => {
  const seats = [
    { seat: 0, kind: 'human', name: 'Ann' },
    { seat: 1, kind: 'human', name: 'Seat 1' }, // nobody has joined yet: the server's default
    { seat: 2, kind: 'bot', agent: 'heuristic' },
    { seat: 3, kind: 'human', name: 'Seat 7' }, // a nickname that only looks like one
  ];
  const name = seatNamer(seats, 0, r);
  assert.equal(name(0), 'You (seat 1) · Ann');
  assert.equal(name(1), 'Seat 2');
  assert.equal(name(2), 'Seat 3');
  assert.equal(name(3), 'Seat 4 · Seat 7');
});
