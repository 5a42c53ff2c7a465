// The template language of docs/narration.md, as the browser renders it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { message, render, type RenderContext } from './narration';

const cards: Record<string, string> = { 'wolf.e3': 'Runs ahead', 'queen.h1': 'Snow White' };
function ctx(lang: 'en' | 'zh-TW', viewer: number | null, messages: Record<string, string> = {}): RenderContext {
  return { lang, viewer, messages, cardName: (k) => cards[k] ?? k };
}

test('plain values, seats (you for the viewer, 1-based otherwise) and lists', () => {
  const c = ctx('en', 1);
  assert.equal(render(c, '{n} and {w}', { n: 3, w: 'x' }), '3 and x');
  assert.equal(render(c, '{p:seat}', { p: 0 }), 'Seat 1');
  assert.equal(render(c, '{p:seat}', { p: 1 }), 'you');
  assert.equal(render(c, '{ps:seats}', { ps: [0, 1, 2] }), 'Seat 1, you and Seat 3');
  assert.equal(render(c, '{ps:seats}', { ps: [2] }), 'Seat 3');
  assert.equal(render(c, '{{literal}}', {}), '{literal}');
});

test('cards, card lists and words come from the catalogue', () => {
  const c = ctx('en', null, { 'word.top': 'the top' });
  assert.equal(render(c, '{c:card}', { c: 'wolf.e3' }), 'Runs ahead');
  assert.equal(render(c, '{cs:cards}', { cs: ['wolf.e3', 'queen.h1'] }), 'Runs ahead and Snow White');
  assert.equal(render(c, 'at {w:word}', { w: 'top' }), 'at the top');
  assert.equal(render(c, '{w:word}', { w: 'unknown' }), 'unknown');
});

test('plurals pick the form by the number, # is the number', () => {
  const c = ctx('en', null);
  const t = '{n:plural:one card|# cards}';
  assert.equal(render(c, t, { n: 1 }), 'one card');
  assert.equal(render(c, t, { n: 0 }), '0 cards');
  assert.equal(render(c, t, { n: 5 }), '5 cards');
});

test('the .you form is used when args.seat is the viewer, and English is capitalised', () => {
  const m = { 'sc.skipped': '{seat:seat} is skipped', 'sc.skipped.you': 'you are skipped' };
  assert.equal(message(ctx('en', 2, m), 'sc.skipped', { seat: 2 }), 'You are skipped');
  assert.equal(message(ctx('en', 2, m), 'sc.skipped', { seat: 0 }), 'Seat 1 is skipped');
  assert.equal(message(ctx('en', null, m), 'sc.skipped', { seat: 2 }), 'Seat 3 is skipped');
  assert.equal(message(ctx('en', 2, m), 'nope', {}), undefined);
});

test('Traditional Chinese seats and lists, no capitalisation', () => {
  const c = ctx('zh-TW', 0, { 'x': '{ps:seats}被跳過' });
  assert.equal(message(c, 'x', { ps: [0, 1, 2] }), '你、座位 2和座位 3被跳過');
});
