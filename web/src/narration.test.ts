// The template language of docs/narration.md, rendered as the engine's Catalogue renders it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cjkSpacing, render, type RenderContext } from './narration';

const cards: Record<string, string> = { 'wolf.e3': 'Runs ahead', 'queen.h1': 'Snow White' };
const core = {
  'core.you': 'you',
  'core.seat': 'Seat {n}',
  'core.spectator': 'spectator',
  'core.list.separator': ', ',
  'core.list.last': ' and ',
  'core.list.empty': 'nobody',
};
function ctx(viewer: number | null, messages: Record<string, string>, lang: 'en' | 'zh-TW' = 'en'): RenderContext {
  return { lang, viewer, messages: lang === 'en' ? { ...core, ...messages } : messages, cardName: (k) => cards[k] };
}
const one = (c: RenderContext, tmpl: string, args: Record<string, unknown>) => render({ ...c, messages: { ...c.messages, t: tmpl } }, 't', args);

test('plain values, seats (you for the viewer, 1-based otherwise) and lists', () => {
  const c = ctx(1, {});
  assert.equal(one(c, '{n} and {w}', { n: 3, w: 'x' }), '3 and x');
  assert.equal(one(c, '{p:seat}', { p: 0 }), 'Seat 1');
  assert.equal(one(c, 'to {p:seat}', { p: 1 }), 'To you');
  assert.equal(one(c, '{p:seat}', { p: 1 }), 'You');
  assert.equal(one(c, '{p:seat}', { p: -3 }), 'Spectator');
  assert.equal(one(c, '{ps:seats}', { ps: [0, 1, 2] }), 'Seat 1, you and Seat 3');
  assert.equal(one(c, '{ps:seats}', { ps: [] }), 'Nobody');
  assert.equal(one(c, '{x}', { x: [1, 2] }), '[1,2]');
  assert.equal(one({ ...c, seatNames: ['Ann'] }, '{p:seat}', { p: 0 }), 'Ann');
});

test('cards, words and nested events come from the catalogue', () => {
  const c = ctx(null, { 'word.top': 'the top', 'word.end': 'an end', inner: '{c:card} moved' });
  assert.equal(one(c, '{c:card}', { c: 'wolf.e3' }), 'Runs ahead');
  assert.equal(one(c, '{cs:cards}', { cs: ['wolf.e3', 'queen.h1'] }), 'Runs ahead and Snow White');
  assert.equal(one(c, 'at {w:word}', { w: 'top' }), 'At the top');
  assert.equal(one(c, '{ws:words}', { ws: ['top', 'end'] }), 'The top and an end');
  assert.equal(one(c, 'so: {e:event}', { e: { id: 'inner', args: { c: 'queen.h1' } } }), 'So: Snow White moved');
});

test('plurals pick the form by the number, # is the number', () => {
  const c = ctx(null, {});
  const t = '{n:plural:one card|# cards}';
  assert.equal(one(c, t, { n: 1 }), 'One card');
  assert.equal(one(c, t, { n: 0 }), '0 cards');
  assert.equal(one(c, t, { n: 5 }), '5 cards');
});

test('the .you and .choice forms, capitalisation of English only', () => {
  const m = { 'sc.skip': '{seat:seat} is skipped', 'sc.skip.you': 'you are skipped', 'sc.play': '{seat:seat} plays', 'sc.play.choice': 'play it' };
  assert.equal(render(ctx(2, m), 'sc.skip', { seat: 2 }), 'You are skipped');
  assert.equal(render(ctx(2, m), 'sc.skip', { seat: 0 }), 'Seat 1 is skipped');
  assert.equal(render(ctx(null, m), 'sc.skip', { seat: 2 }), 'Seat 3 is skipped');
  assert.equal(render({ ...ctx(2, m), choice: true }, 'sc.play', { seat: 2 }), 'Play it');
  const zh = ctx(0, { 'core.you': '你', 'core.seat': '{n} 號玩家', 'core.list.separator': '、', 'core.list.last': '和', x: '{ps:seats}被跳過' }, 'zh-TW');
  assert.equal(render(zh, 'x', { ps: [0, 1, 2] }), '你、2 號玩家和 3 號玩家被跳過');
});

test('a missing message, parameter or card renders as [id]', () => {
  const c = ctx(null, { a: '{x:card}', b: '{y}', d: '{z:bogus}' });
  assert.equal(render(c, 'nope', {}), '[nope]');
  assert.equal(render(c, 'a', { x: 'no.such' }), '[a]');
  assert.equal(render(c, 'b', {}), '[b]');
  assert.equal(render(c, 'd', { z: 1 }), '[d]');
});

test('a phrase for inside a sentence keeps its first letter', () => {
  const c = ctx(null, { t: 'a chain was completed' });
  assert.equal(render(c, 't'), 'A chain was completed');
  assert.equal(render({ ...c, phrase: true }, 't'), 'a chain was completed');
});

test('繁中 spacing: one space between CJK and Latin or digits, none by full-width punctuation', () => {
  assert.equal(cjkSpacing('你指定5 號玩家'), '你指定 5 號玩家');
  assert.equal(cjkSpacing('輪到Alice了'), '輪到 Alice 了');
  assert.equal(cjkSpacing('數字是循環的： 7 和 1'), '數字是循環的：7 和 1');
  assert.equal(cjkSpacing('（ 1 號玩家 ）'), '（1 號玩家）');
  assert.equal(cjkSpacing('  大野狼 1\n  城市 能源 1'), '  大野狼 1\n  城市 能源 1');
});
