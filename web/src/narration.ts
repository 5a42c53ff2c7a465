// The template language of the message catalogue (docs/narration.md), rendered for one viewer in
// one language. The same renderer draws the UI strings (web/src/i18n) and the game's events.
//   {x}                 the value as is (a list: its items joined)
//   {x:seat}            a seat: "you" for the viewer, else "Seat N" (N = index + 1)
//   {x:seats}           a list of seats
//   {x:card}            a card's name;  {x:cards} a list of card names
//   {x:word}            the catalogue message word.<value>
//   {x:plural:one|other} the form for the number x ('#' stands for the number)
// If args.seat is the viewer and the catalogue has id + ".you", that template is used. English
// sentences are capitalised on render.
import type { Lang } from './games/types';

export interface Catalogue {
  messages: Partial<Record<Lang, Record<string, string>>>;
  cards: Record<string, Partial<Record<Lang, { name: string; text: string }>>>;
}

export interface RenderContext {
  lang: Lang;
  viewer: number | null; // the viewer's seat (null: a spectator)
  messages: Record<string, string>; // id → template, this language (UI strings + catalogue)
  cardName: (key: string) => string;
}

// The words the renderer itself needs, looked up in ctx.messages with these defaults.
const builtins: Record<Lang, Record<string, string>> = {
  en: { 'core.you': 'you', 'core.seat': 'Seat {n}', 'core.list.and': ' and ', 'core.list.sep': ', ' },
  'zh-TW': { 'core.you': '你', 'core.seat': '座位 {n}', 'core.list.and': '和', 'core.list.sep': '、' },
};

function word(ctx: RenderContext, id: string): string {
  return ctx.messages[id] ?? builtins[ctx.lang][id] ?? builtins.en[id] ?? id;
}

export function joinList(ctx: RenderContext, items: string[]): string {
  if (items.length <= 1) return items.join('');
  const sep = word(ctx, 'core.list.sep');
  const and = word(ctx, 'core.list.and');
  return items.slice(0, -1).join(sep) + and + items[items.length - 1];
}

export function seatText(ctx: RenderContext, seat: unknown): string {
  const n = Number(seat);
  if (ctx.viewer !== null && n === ctx.viewer) return word(ctx, 'core.you');
  return word(ctx, 'core.seat').replace('{n}', String(n + 1));
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
}

function plain(ctx: RenderContext, v: unknown): string {
  if (Array.isArray(v)) return joinList(ctx, v.map((x) => plain(ctx, x)));
  if (v === undefined || v === null) return '';
  return String(v);
}

// One placeholder's body, e.g. "n", "p:seat", "n:plural:one card|# cards".
function placeholder(ctx: RenderContext, body: string, args: Record<string, unknown>): string {
  const colon = body.indexOf(':');
  const name = colon < 0 ? body : body.slice(0, colon);
  const rest = colon < 0 ? '' : body.slice(colon + 1);
  const v = args[name];
  const kind = rest.split(':')[0];
  switch (kind) {
    case '':
      return plain(ctx, v);
    case 'seat':
      return seatText(ctx, v);
    case 'seats':
      return joinList(
        ctx,
        asList(v).map((s) => seatText(ctx, s)),
      );
    case 'card':
      return ctx.cardName(String(v));
    case 'cards':
      return joinList(
        ctx,
        asList(v).map((c) => ctx.cardName(String(c))),
      );
    case 'word': {
      const id = `word.${String(v)}`;
      return ctx.messages[id] !== undefined ? render(ctx, ctx.messages[id], args) : String(v);
    }
    case 'plural': {
      const forms = rest.slice('plural:'.length).split('|');
      const n = Number(v);
      const form = (n === 1 ? forms[0] : forms[1] ?? forms[0]) ?? '';
      return form.split('#').join(String(n));
    }
    default:
      return plain(ctx, v);
  }
}

// Renders a template (no capitalisation): {…} placeholders; "{{" and "}}" are literal braces.
export function render(ctx: RenderContext, template: string, args: Record<string, unknown> = {}): string {
  let out = '';
  for (let i = 0; i < template.length; ) {
    const c = template[i];
    if (c === '{' && template[i + 1] === '{') {
      out += '{';
      i += 2;
    } else if (c === '}' && template[i + 1] === '}') {
      out += '}';
      i += 2;
    } else if (c === '{') {
      const end = template.indexOf('}', i);
      if (end < 0) {
        out += template.slice(i);
        break;
      }
      out += placeholder(ctx, template.slice(i + 1, end), args);
      i = end + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

export function capitalise(lang: Lang, s: string): string {
  if (lang !== 'en' || s.length === 0) return s;
  return s[0].toUpperCase() + s.slice(1);
}

// The template for message `id` with these args (the ".you" form when args.seat is the viewer),
// or undefined when the catalogue lacks it.
export function templateFor(ctx: RenderContext, id: string, args: Record<string, unknown>): string | undefined {
  if (ctx.viewer !== null && args.seat !== undefined && Number(args.seat) === ctx.viewer) {
    const you = ctx.messages[id + '.you'];
    if (you !== undefined) return you;
  }
  return ctx.messages[id];
}

// A message (an event or a UI string) rendered as a sentence; undefined when its id is unknown.
export function message(ctx: RenderContext, id: string, args: Record<string, unknown> = {}): string | undefined {
  const t = templateFor(ctx, id, args);
  if (t === undefined) return undefined;
  return capitalise(ctx.lang, render(ctx, t, args));
}
