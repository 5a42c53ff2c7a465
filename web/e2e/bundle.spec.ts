// The built client is small: every file in web/dist gzipped, under 200 kB in total (issue 12).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './harness';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

test('the built client is under 200 kB gzipped', () => {
  const dist = join(repoRoot, 'web', 'dist');
  const all = files(dist);
  assert.ok(all.some((f) => f.endsWith('index.html')), 'web/dist has index.html (run scripts/build-web.sh)');
  assert.ok(all.some((f) => f.endsWith('.js')), 'web/dist has the script');
  let raw = 0;
  let gz = 0;
  for (const f of all) {
    const b = readFileSync(f);
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  console.log(`bundle: ${all.length} files, ${(raw / 1024).toFixed(1)} kB, ${(gz / 1024).toFixed(1)} kB gzipped`);
  assert.ok(gz < 200 * 1024, `${gz} bytes gzipped`);
});
