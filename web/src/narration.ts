// The template language of the message catalogue (docs/narration.md), rendered exactly as the
// engine's villainy::Catalogue renders it (core/src/narration.cpp), for one viewer in one
// language. The same renderer draws the UI strings (web/src/i18n) and the game's events.
//   {x}                   the value as is (a string as is, a number in decimal, else its JSON)
//   {x:seat} / {x:seats}  a seat ("you" for the viewer, else "Seat N", N = index + 1) / a list
//   {x:card} / {x:cards}  a card's name / a list of card names
//   {x:word} / {x:words}  the message word.<value> / a list of them
//   {x:event}             a nested event {"id", "args"}, rendered in place
//   {x:plural:one|other}  `one` when x == 1, else `other`; '#' stands for x
// When args.seat is the viewer and the catalogue has id + ".you", that template is used; a
// choice label prefers id + ".choice". English lines are capitalised. A missing message,
// parameter or card renders the whole event as "[id]".
import type { Lang } from './games/types';

export interface Catalogue {
  messages: Partial<Record<Lang, Record<string, string>>>;
  cards: Record<string, Partial<Record<Lang, { name: string; text: string }>>>;
}

export interface RenderContext {
  lang: Lang;
  viewer: number | null; // the viewer's seat (null: a spectator)
  messages: Record<string, string>; // id → template, this language (catalogue + UI strings)
  cardName: (key: string) => string | undefined;
  seatNames?: string[]; // display names by seat index; empty = "Seat N"
  choice?: boolean; // render as a choice label
  phrase?: boolean; // a part of a sentence: the first letter is not capitalised
}

export const kSpectator = -3;

class TemplateError extends Error {}

// The core words the renderer needs when a catalogue is not loaded yet (core/data/messages.json).
const coreDefaults: Record<Lang, Record<string, string>> = {
  en: { 'core.you': 'you', 'core.seat': 'Seat {n}', 'core.spectator': 'spectator', 'core.list.separator': ', ', 'core.list.last': ' and ', 'core.list.empty': 'nobody' },
  'zh-TW': { 'core.you': '你', 'core.seat': '{n} 號玩家', 'core.spectator': '觀戰者', 'core.list.separator': '、', 'core.list.last': '和', 'core.list.empty': '沒有人' },
};

function lookup(ctx: RenderContext, id: string): string | undefined {
  return ctx.messages[id] ?? coreDefaults[ctx.lang][id];
}

function plain(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

function piece(ctx: RenderContext, id: string, args: Record<string, unknown> = {}): string {
  return renderEvent({ ...ctx, choice: false }, id, args, 1);
}

export function seatText(ctx: RenderContext, seat: number): string {
  if (seat >= 0 && ctx.viewer !== null && seat === ctx.viewer) return piece(ctx, 'core.you');
  const name = seat >= 0 ? ctx.seatNames?.[seat] : undefined;
  if (name) return name;
  if (seat === kSpectator) return piece(ctx, 'core.spectator');
  return piece(ctx, 'core.seat', { n: seat + 1 });
}

export function joinList(ctx: RenderContext, items: string[]): string {
  if (items.length === 0) return piece(ctx, 'core.list.empty');
  let out = items[0];
  for (let i = 1; i < items.length; ++i)
    out += (i + 1 === items.length ? piece(ctx, 'core.list.last') : piece(ctx, 'core.list.separator')) + items[i];
  return out;
}

function renderTemplate(ctx: RenderContext, tmpl: string, args: Record<string, unknown>, depth: number): string {
  let out = '';
  let i = 0;
  while (i < tmpl.length) {
    const open = tmpl.indexOf('{', i);
    if (open < 0) {
      out += tmpl.slice(i);
      break;
    }
    out += tmpl.slice(i, open);
    const close = tmpl.indexOf('}', open);
    if (close < 0) throw new TemplateError("an unclosed '{'");
    const spec = tmpl.slice(open + 1, close);
    i = close + 1;
    const colon = spec.indexOf(':');
    const name = colon < 0 ? spec : spec.slice(0, colon);
    const kind = colon < 0 ? '' : spec.slice(colon + 1);
    if (!args || typeof args !== 'object' || !(name in args)) throw new TemplateError(`no parameter '${name}'`);
    const v = args[name];
    const list = (one: (x: unknown) => string) => {
      if (!Array.isArray(v)) throw new TemplateError(`parameter '${name}' must be a list`);
      return joinList(ctx, v.map(one));
    };
    const seat = (x: unknown) => {
      if (typeof x !== 'number' || !Number.isInteger(x)) throw new TemplateError(`parameter '${name}' must be a seat number`);
      return seatText(ctx, x);
    };
    const card = (x: unknown) => {
      const c = ctx.cardName(plain(x));
      if (c === undefined) throw new TemplateError(`no card '${plain(x)}'`);
      return c;
    };
    const word = (x: unknown) => {
      const key = 'word.' + plain(x);
      if (lookup(ctx, key) === undefined) throw new TemplateError(`no ${key}`);
      return piece(ctx, key);
    };
    if (kind === '') out += plain(v);
    else if (kind === 'seat') out += seat(v);
    else if (kind === 'seats') out += list(seat);
    else if (kind === 'card') out += card(v);
    else if (kind === 'cards') out += list(card);
    else if (kind === 'word') out += word(v);
    else if (kind === 'words') out += list(word);
    else if (kind === 'event') {
      const e = v as { id?: unknown; args?: unknown };
      if (!e || typeof e !== 'object' || typeof e.id !== 'string') throw new TemplateError(`parameter '${name}' must be an event`);
      out += renderEvent(ctx, e.id, (e.args ?? {}) as Record<string, unknown>, depth + 1);
    } else if (kind.startsWith('plural:')) {
      if (typeof v !== 'number') throw new TemplateError(`parameter '${name}' must be a number`);
      const forms = kind.slice(7);
      const bar = forms.indexOf('|');
      const form = bar < 0 ? forms : v === 1 ? forms.slice(0, bar) : forms.slice(bar + 1);
      out += form.split('#').join(plain(v));
    } else throw new TemplateError(`unknown kind '${kind}' in {${spec}}`);
  }
  return out;
}

function renderEvent(ctx: RenderContext, eventId: string, args: Record<string, unknown>, depth: number): string {
  if (depth > 8) throw new TemplateError('events nested too deep');
  let id = eventId;
  if (ctx.choice && lookup(ctx, id + '.choice') !== undefined) id += '.choice';
  if (ctx.viewer !== null && ctx.viewer >= 0 && args && typeof args.seat === 'number' && args.seat === ctx.viewer && lookup(ctx, id + '.you') !== undefined)
    id += '.you';
  const tmpl = lookup(ctx, id);
  if (tmpl === undefined) throw new TemplateError(`no message '${id}'`);
  return renderTemplate(ctx, tmpl, args ?? {}, depth);
}

export function capitalise(lang: Lang, s: string): string {
  if (lang !== 'en' || s.length === 0) return s;
  const c = s[0];
  return c >= 'a' && c <= 'z' ? c.toUpperCase() + s.slice(1) : s;
}

const isCjk = (c: number) =>
  (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x3040 && c <= 0x30ff);
const isWidePunct = (c: number) =>
  (c >= 0x3000 && c <= 0x303f) || (c >= 0xff01 && c <= 0xff0f) || (c >= 0xff1a && c <= 0xff20) ||
  (c >= 0xff3b && c <= 0xff40) || (c >= 0xff5b && c <= 0xff65) ||
  [0x2014, 0x2026, 0x2027, 0x00b7, 0x2025].includes(c);
const isLatinAlnum = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

// The 繁中 spacing rule, as the engine's cjk_spacing (issue 26): one space between a CJK
// character and a Latin letter or digit, none next to full-width punctuation; spaces between two
// CJK characters and a line's own leading and trailing spaces stay.
export function cjkSpacing(text: string): string {
  const cps = Array.from(text);
  let out = '';
  let prev = 0; // the last character written that is not a space (0: a line start)
  for (let i = 0; i < cps.length; ) {
    if (cps[i] === ' ') {
      let j = i;
      while (j < cps.length && cps[j] === ' ') j++;
      const next = j < cps.length ? cps[j].codePointAt(0)! : 0;
      const inner = prev !== 0 && next !== 0 && next !== 10;
      if (!(inner && (isWidePunct(prev) || isWidePunct(next)))) {
        out += cps.slice(i, j).join('');
        if (prev !== 0) prev = 0x20; // spaced already
      }
      i = j;
      continue;
    }
    const cp = cps[i].codePointAt(0)!;
    if ((isCjk(prev) && isLatinAlnum(cp)) || (isLatinAlnum(prev) && isCjk(cp))) out += ' ';
    out += cps[i];
    prev = cp === 10 ? 0 : cp;
    i++;
  }
  return out;
}

// Renders an event (or a UI string by id) as the engine does: "[id]" when it cannot.
export function render(ctx: RenderContext, id: string, args: Record<string, unknown> = {}): string {
  try {
    const raw = renderEvent(ctx, id, args, 0);
    const out = ctx.lang === 'zh-TW' ? cjkSpacing(raw) : raw;
    return ctx.phrase ? out : capitalise(ctx.lang, out);
  } catch (e) {
    if (e instanceof TemplateError) return `[${id}]`;
    throw e;
  }
}

// Whether the context has a message `id`.
export function has(ctx: RenderContext, id: string): boolean {
  return lookup(ctx, id) !== undefined;
}
