// The club's words in the browser (issue 26): the 繁中 texts a page shows use only the glossary's
// names (games/<game>/data/glossary.json, the same rules apps/tests/glossary.py applies to the
// catalogues, the card data and the terminal's transcripts). Card names are proper names and are
// left out, except for the glossary's own `card` terms.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './harness';

const DIRS: Record<string, string> = {
  'supporting-cast': 'supporting_cast',
  'cheaty-mages': 'cheaty_mages',
  mwahahaha: 'mwahahaha',
};

interface Term {
  kind: string;
  en: string;
  zh: string;
  forbidden?: string[];
}

function cardNames(dir: string): string[] {
  const names = new Set<string>();
  const walk = (o: unknown, path: string) => {
    if (Array.isArray(o)) o.forEach((v) => walk(v, path));
    else if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o)) {
        if (typeof v === 'string') {
          const named = /^\.(scientists|devices|empires|minions|dirty_tricks)/.test(path);
          if (k === 'name_zh' || k === 'power_zh' || (k === 'zh' && named)) names.add(v);
        } else walk(v, `${path}.${k}`);
      }
  };
  for (const f of readdirSync(dir))
    if (f.endsWith('.json') && f !== 'glossary.json' && f !== 'messages.json')
      walk(JSON.parse(readFileSync(join(dir, f), 'utf8')), '');
  return [...names].sort((a, b) => b.length - a.length);
}

// The texts that name a concept otherwise than the game's glossary does, with the reason.
export function glossaryProblems(game: string, texts: string[]): string[] {
  const dir = join(repoRoot, 'games', DIRS[game], 'data');
  const terms: Term[] = JSON.parse(readFileSync(join(dir, 'glossary.json'), 'utf8')).terms;
  const names = cardNames(dir);
  const out: string[] = [];
  for (const t of texts) {
    const plain = names.reduce((s, n) => s.split(n).join('□'), t);
    for (const term of terms)
      for (const pat of term.forbidden ?? []) {
        const m = new RegExp(pat).exec(term.kind === 'card' ? t : plain);
        if (m) out.push(`「${m[0]}」 for ${term.en} (the glossary says 「${term.zh}」): ${t}`);
      }
  }
  return out;
}
