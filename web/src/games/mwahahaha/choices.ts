// The legal choices, sorted to the card or place they concern. A choice's name is the engine's
// action name (D1: "verb:arg[:arg]" with data keys), which says what it acts on; the table puts
// it as a button on that card or place, and the rest in the action bar.
import type { Choice } from '../types';
import type { MwView } from './view';

export interface Parsed {
  verb: string;
  args: string[];
}
export function parse(name: string): Parsed {
  const [verb, ...args] = name.split(':');
  return { verb, args };
}

/** Choices that end the player's turn (MW-7…MW-23): never the default, confirmed when other
 * actions remain. */
export const TURN_ENDING = new Set(['end-turn', 'no-attack', 'no-threat']);

/** Whether a choice ends the turn: the engine says so (`ends_turn`, core/game.h: it ends the turn
 * while other actions are possible), or it is one of the turn-ending verbs. */
export function endsTurn(c: Choice): boolean {
  return c.ends_turn === true || TURN_ENDING.has(parse(c.name).verb);
}

/** Whether choosing `c` must be confirmed first: it ends the turn while other actions remain. */
export function needsConfirm(c: Choice, choices: Choice[]): boolean {
  if (c.ends_turn === true) return true;
  return TURN_ENDING.has(parse(c.name).verb) && choices.some((o) => !endsTurn(o));
}

/** The place a choice belongs to (see placeOf), or 'bar' for the action bar. */
export type Place = string;

const RAW_VERBS = new Set(['convert', 'convert-overclock', 'select-raw', 'offer-raw', 'give-raw']);
const TRICK_VERBS = new Set(['play', 'select-trick', 'offer-trick']);
const MINION_VERBS = new Set([
  'send',
  'defend',
  'damage',
  'discard-minion',
  'select-minion',
  'offer-minion',
  'ask-minion',
]);
const EMPIRE_VERBS = new Set([
  'attack-empire',
  'cash-in',
  'offer-empire',
  'ask-empire',
  'choose-empire',
]);
const TRADE_VERBS = new Set([
  'offer-token',
  'ask-token',
  'ask-raw',
  'describe-as',
  'ask-trick',
  'propose',
  'cancel-trade',
  'accept',
  'decline',
  'peek',
]);

function minionInPlay(v: MwView, key: string): boolean {
  return v.seats.some((s) => s.minions.some((m) => m.key === key));
}
function empireInPlay(v: MwView, key: string): boolean {
  return v.seats.some((s) => s.empires.some((e) => e.key === key));
}

/**
 * Where a choice is drawn:
 *  raw:KIND, trick:KEY (the viewer's hand), minion:KEY, empire:KEY (in play), lair:SEAT,
 *  seat:SEAT, invest (the viewer's device), threat:LEVEL (a row of its threat table),
 *  pending:KEY (cards drawn for a choice), scientist:KEY, die:SIDE:I, trade, or bar.
 */
export function placeOf(c: Choice, v: MwView): Place {
  const { verb, args } = parse(c.name);
  if (RAW_VERBS.has(verb)) return `raw:${args[0]}`;
  if (verb === 'convert-wild' || verb === 'convert-wild-overclock') return 'raw:wild';
  if (TRICK_VERBS.has(verb)) return `trick:${args[0]}`;
  if (MINION_VERBS.has(verb))
    return minionInPlay(v, args[0]) ? `minion:${args[0]}` : `pending:${args[0]}`;
  if (EMPIRE_VERBS.has(verb))
    return empireInPlay(v, args[0]) ? `empire:${args[0]}` : `pending:${args[0]}`;
  if (verb === 'attack-lair') return `lair:${args[0]}`;
  if (verb === 'trade-with' || verb === 'target') return `seat:${args[0]}`;
  if (verb === 'invest') return 'invest';
  if (verb === 'threaten') return `threat:${args[0]}`;
  if (verb === 'keep-device' && args.length > 0) return `pending:${args[0]}`;
  if (verb === 'pick-scientist') return `scientist:${args[0]}`;
  if (verb === 'reroll') return `die:${args[0]}:${args[1]}`;
  if (TRADE_VERBS.has(verb) && v.trade) return 'trade';
  return 'bar';
}

/** Choices grouped by place, in the order the server sent them. */
export function byPlace(choices: Choice[], v: MwView): Map<Place, Choice[]> {
  const m = new Map<Place, Choice[]>();
  for (const c of choices) {
    const p = placeOf(c, v);
    const list = m.get(p);
    if (list) list.push(c);
    else m.set(p, [c]);
  }
  return m;
}

export type T = (id: string, args?: Record<string, unknown>) => string;

/** Whether t() found no message: the renderer answers the id itself, or "[id]". */
export function missing(rendered: string, id: string): boolean {
  return rendered === id || rendered === `[${id}]`;
}
export interface LabelCtx {
  t: T;
  cardName: (key: string) => string;
  seatName: (seat: number) => string;
}

/** The table's own label of a choice ("Convert Energy 2"), or null when it has none. */
export function ownLabel(c: Choice, ctx: LabelCtx): string | null {
  const { verb, args } = parse(c.name);
  const { t, cardName, seatName } = ctx;
  const a: Record<string, unknown> = {};
  let id = `mwt.act.${verb}`;
  switch (verb) {
    case 'attack-lair':
      a.seat = seatName(Number(args[0]));
      a.type = t(`mwt.type.${args[1]}`);
      break;
    case 'trade-with':
    case 'target':
      a.seat = seatName(Number(args[0]));
      break;
    case 'reroll':
      a.side = t(`mwt.side.${args[0]}`);
      a.n = Number(args[1]) + 1;
      break;
    case 'peek':
      a.n = Number(args[0]) + 1;
      break;
    case 'insider':
      id = `mwt.act.insider.${args[0]}`;
      break;
    case 'keep-device':
      if (args.length === 0) id = 'mwt.act.keep-own-device';
      else a.card = cardName(args[0]);
      break;
    default:
      if (args.length > 0) {
        const k = args[0];
        if (TYPE_KEYS.has(k)) a.type = t(`mwt.type.${k}`);
        else if (LEVEL_KEYS.has(k)) a.level = t(`mwt.level.${k}`);
        else a.card = cardName(k);
      }
  }
  const s = t(id, a);
  return missing(s, id) ? null : s;
}

/** The full label of a choice; an action the table does not know keeps the server's text. */
export function label(c: Choice, ctx: LabelCtx): string {
  return ownLabel(c, ctx) ?? c.text;
}

/** Whether the table has a label of its own for this choice. */
export function hasLabel(c: Choice, ctx: LabelCtx): boolean {
  return ownLabel(c, ctx) !== null;
}

/** The short label of a button drawn on its card ("Convert", "Play", "Send"). */
export function shortLabel(c: Choice, ctx: LabelCtx): string {
  const { verb, args } = parse(c.name);
  const { t } = ctx;
  if (verb === 'convert-wild' || verb === 'convert-wild-overclock')
    return t(`mwt.btn.${verb}`, { type: t(`mwt.type.${args[0]}`) });
  if (verb === 'attack-lair') return t('mwt.btn.attack-lair', { type: t(`mwt.type.${args[1]}`) });
  if (verb === 'threaten') return t('mwt.btn.threaten');
  if (verb === 'invest') return t('mwt.btn.invest', { type: t(`mwt.type.${args[0]}`) });
  const id = `mwt.btn.${verb}`;
  const s = t(id);
  return missing(s, id) ? label(c, ctx) : s;
}

const TYPE_KEYS = new Set(['energy', 'money', 'structure', 'eureka']);
const LEVEL_KEYS = new Set(['city', 'state', 'country', 'world']);
