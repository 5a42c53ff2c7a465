// Every UI string exists in both languages, and no string is empty (issue 12: every string in a
// catalogue, none in code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from './en.json';
import zh from './zh-TW.json';

test('the English and Traditional Chinese UI catalogues have the same keys', () => {
  const a = Object.keys(en).sort();
  const b = Object.keys(zh).sort();
  assert.deepEqual(a.filter((k) => !(k in zh)), [], 'keys missing in zh-TW.json');
  assert.deepEqual(b.filter((k) => !(k in en)), [], 'keys missing in en.json');
});

test('no UI string is empty', () => {
  for (const [k, v] of [...Object.entries(en), ...Object.entries(zh)])
    assert.ok(typeof v === 'string' && v.trim().length > 0, `${k} is empty`);
});
