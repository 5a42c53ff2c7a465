// A game's message catalogue (GET /api/games/NAME/catalogue: core + game messages and card
// names/texts in both languages), and the render functions a table is given for one viewer.
import { useEffect, useState } from 'preact/hooks';
import type { GameEvent, Lang } from '../games/types';
import { has, render, type Catalogue, type RenderContext } from '../narration';
import { api } from './api';
import { uiStrings } from './i18n';
import { setFacts } from './facts';

const cache = new Map<string, Promise<Catalogue | null>>();

// The table's catalogue follows its options (e.g. a judge's limit); without a table, the game's.
export function loadCatalogue(game: string, table?: string): Promise<Catalogue | null> {
  const key = table ? `table:${table}` : game;
  if (!cache.has(key))
    cache.set(
      key,
      (table ? api.tableCatalogue(table) : api.catalogue(game)).then(
        (c) => {
          setFacts(c.data);
          return { messages: c.messages ?? {}, cards: c.cards ?? {} };
        },
        () => null, // a server without the endpoint: the log falls back to its text
      ),
    );
  return cache.get(key)!;
}

export function useCatalogue(game: string | undefined, table?: string): Catalogue | null {
  const [cat, setCat] = useState<Catalogue | null>(null);
  useEffect(() => {
    if (game) loadCatalogue(game, table).then(setCat);
  }, [game, table]);
  return cat;
}

export interface Renderer {
  t: (id: string, args?: Record<string, unknown>) => string;
  phrase: (id: string, args?: Record<string, unknown>) => string; // t() for inside a sentence
  has: (id: string) => boolean;
  card: (key: string) => { name: string; text: string } | undefined;
  event: (e: GameEvent | undefined, fallback: string) => string;
  choiceLabel: (e: GameEvent | undefined, fallback: string) => string;
}

export function makeRenderer(cat: Catalogue | null, lang: Lang, viewer: number | null): Renderer {
  const messages: Record<string, string> = {
    ...(cat?.messages.en ?? {}),
    ...(cat?.messages[lang] ?? {}),
    ...uiStrings.en,
    ...uiStrings[lang],
  };
  const card = (key: string) => {
    const c = cat?.cards[key];
    const v = c?.[lang] ?? c?.en;
    return v ? { name: v.name, text: v.text } : undefined;
  };
  const ctx: RenderContext = { lang, viewer, messages, cardName: (k) => card(k)?.name };
  const t = (id: string, args: Record<string, unknown> = {}) => render(ctx, id, args);
  // An event the catalogue cannot render (not loaded yet, or unknown) shows the server's text.
  const event = (e: GameEvent | undefined, fallback: string) => {
    if (!e || !e.id) return fallback;
    const s = render(ctx, e.id, e.args ?? {});
    return s === `[${e.id}]` ? fallback : s;
  };
  const choiceLabel = (e: GameEvent | undefined, fallback: string) => {
    if (!e || !e.id) return fallback;
    const s = render({ ...ctx, choice: true }, e.id, e.args ?? {});
    return s === `[${e.id}]` ? fallback : s;
  };
  const phrase = (id: string, args: Record<string, unknown> = {}) => render({ ...ctx, phrase: true }, id, args);
  return { t, phrase, has: (id) => has(ctx, id), card, event, choiceLabel };
}
