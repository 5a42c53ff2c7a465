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

// Players read plain words: no rule ids of the reference (SC-9, CM-16, MW-2a) and no option values
// in the engine's spelling shown as words (e.g. "(top)").
test('no UI string cites a rule id', () => {
  for (const [k, v] of [...Object.entries(en), ...Object.entries(zh)])
    assert.doesNotMatch(v, /\b(SC|CM|MW)-\d/, `${k} cites a rule id: ${v}`);
});

test('every option with a description has a title, and every value label both languages', () => {
  for (const k of Object.keys(en).filter((k) => k.startsWith('opt.'))) {
    const name = k.slice('opt.'.length);
    assert.ok(`optn.${name}` in en, `optn.${name} missing`);
  }
  for (const k of Object.keys(en).filter((k) => k.startsWith('optv.'))) assert.ok(k in zh, `${k} missing in zh-TW`);
});

// Lists are joined with the language's own separator (", " / "、"), from the catalogue.
test('no list is joined with a separator written in code', async () => {
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const src = join(dirname(fileURLToPath(import.meta.url)), '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
  for (const f of files(src).filter((f) => f.endsWith('.tsx')))
    assert.doesNotMatch(readFileSync(f, 'utf8'), /\.join\((['"`]), ?\1\)/, `${f} joins a list with a comma written in code`);
});
