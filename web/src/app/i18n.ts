// The UI's language and strings: web/src/i18n/{en,zh-TW}.json plus each game's own strings,
// rendered with the catalogue's template language (../narration.ts).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Lang } from '../games/types';
import { games } from '../games';
import { render, type RenderContext } from '../narration';
import en from '../i18n/en.json';
import zh from '../i18n/zh-TW.json';

export const langs: Lang[] = ['en', 'zh-TW'];

const ui: Record<Lang, Record<string, string>> = { en: { ...en }, 'zh-TW': { ...zh } };
for (const g of Object.values(games)) {
  Object.assign(ui.en, g.strings.en);
  Object.assign(ui['zh-TW'], g.strings['zh-TW']);
}
export const uiStrings = ui;

export function detectLang(stored: Lang | null): Lang {
  if (stored && langs.includes(stored)) return stored;
  const nav = (navigator.languages ?? [navigator.language]).map((l) => l.toLowerCase());
  return nav.some((l) => l.startsWith('zh')) ? 'zh-TW' : 'en';
}

export interface I18n {
  lang: Lang;
  setLang: (l: Lang) => void;
  t: (id: string, args?: Record<string, unknown>) => string;
}

// t() for the lobby (no game catalogue, no viewer).
export function uiT(lang: Lang): I18n['t'] {
  const ctx: RenderContext = { lang, viewer: null, messages: { ...ui.en, ...ui[lang] }, cardName: (k) => k };
  return (id, args = {}) => render(ctx, id, args);
}

export const I18nContext = createContext<I18n>({ lang: 'en', setLang: () => {}, t: uiT('en') });
export const useI18n = () => useContext(I18nContext);
