// Reads the engine's Mwahahaha! view_json (games/mwahahaha/mwahahaha_view.cpp) into named
// fields. The view is built for one viewer and the table shows only what it holds; every field is
// read defensively (a missing field reads as empty, never as something the viewer was not sent).
import {
  NTYPES,
  devices,
  empireByKey,
  empires,
  minions,
  rawKinds,
  scientistByKey,
  tricks as trickCards,
} from './data';

export interface MinionInPlay {
  key: string; // data key
  faceDown: boolean; // still face down (known to this viewer: its owner, or seen in a trade)
  attacked: boolean; // attacked this round (MW-16a)
}
export interface EmpireInPlay {
  key: string;
  struck: boolean; // Union Strike (MW-32)
}
export interface SeatView {
  index: number;
  scientist: string;
  device: string; // 'none', 'face-down' or the device key
  deviceUp: boolean;
  deviceTokens: number[];
  stockpile: number[];
  maniacal: number;
  humiliation: number;
  maniacalSources: number; // 1 sharks, 2 plunder, 4 retaliate (MW-28)
  levelsWon: number; // bit per level (MW-25)
  empires: EmpireInPlay[];
  minions: MinionInPlay[];
  hiddenMinions: number; // face-down Minions this viewer cannot name
  rawCount: number;
  trickCount: number;
  raw: number[] | null; // the viewer's own raw hand by kind
  tricks: number[] | null; // the viewer's own Dirty Tricks by card
  rawKnown: number[]; // cards of this seat's hand the viewer knows (lower bounds, D10/D15)
  tricksKnown: number[];
  converted: number[];
  overtime: number[];
  cashed: boolean;
  swapped: boolean;
  buyLock: boolean;
  rawReceived: number;
}
export interface FightView {
  attacker: number;
  defender: number;
  type: number; // resource attacked on a Lair
  empire: string | null; // target Empire key, or null for a Lair attack
  sneak: boolean;
  attackers: string[]; // Minion keys
  defenders: string[];
  atkDamage: number[];
  defDamage: number[];
  plunderPoints: number;
  damageLeft: number;
  damageSide: number;
}
export interface DiceView {
  count: [number, number];
  successes: [number, number];
  dice: [number[], number[]];
}
export interface ThreatView {
  threatener: number;
  level: number; // 0 City … 3 World
  succeeded: boolean; // the last threat succeeded
  ransomLeft: number;
  gainPlayer: number;
  gainManiacal: boolean;
}
export interface TradeView {
  proposer: number;
  partner: number;
  offerTokens: number[];
  askTokens: number[];
  offerEmpires: string[];
  askEmpires: string[];
  offerMinions: string[]; // keys or 'face-down'
  askMinions: string[];
  offerRaw: { described: string | null; really: string | null }[];
  askRaw: string[]; // raw kind keys asked for
  offerTricks: string[]; // trick keys (with repeats)
  askTricks: number;
  items: number;
  given: number;
  peeked: number; // 1-based index of the offered card peeked at (Hypnotic Bargain), 0 none
  givenRaw: string[]; // to the partner: the kinds it handed over so far
}
export interface MwView {
  viewer: number;
  round: number;
  phase: string;
  stage: string;
  toAct: number;
  order: number[];
  orderPos: number;
  active: number;
  worldTaken: boolean;
  seats: SeatView[];
  decks: { raw: number; tricks: number; empires: number; minions: number; devices: number };
  rawDiscard: number[];
  trickDiscard: number[];
  empireDiscard: string[];
  minionDiscard: string[];
  deviceDiscard: string[];
  // Insider Tip stacks on the decks and Assembly Line's cards under the Minion deck (D2): how many
  // is public, which (cards) only to the player who knows them.
  stacks: { what: string; n: number; cards: string[] | null }[];
  pending: number[] | null; // cards awaiting this viewer's choice (indices; kind by stage)
  pendingCount: number;
  window: number; // what the last Dirty Trick window was about (MW-6b), index of WINDOWS
  trick: { card: number; player: number; target: number; purpose: number };
  fight: FightView | null;
  dice: DiceView;
  threat: ThreatView;
  trade: TradeView | null;
  winners: number[] | null;
  win: number; // 1 World success, 2 round limit, 3 action guard
}

// Window names (MW-6b), in the engine's order.
export const WINDOWS = [
  'turn',
  'convert',
  'attack-declared',
  'before-roll',
  'after-roll',
  'after-damage',
  'after-resolved',
  'threat-declared',
  'threat-after-roll',
  'threat-success',
  'gain-maniacal',
  'gain-humiliation',
] as const;

// What a sub-decision is for (the engine's purpose numbers), for its prompt.
export const PURPOSES = [
  'none',
  'own-dice',
  'embezzle',
  'overtime',
  'sabotage',
  'tax-audit',
  'hostile',
  'union',
  'double-agent',
  'booby',
  'medic',
  'feed',
  'assembly',
  'top-order',
  'discard-down',
  'ransom',
  'grave',
  'shell',
  'sacrifice',
  'swap',
  'trade-give-trick',
] as const;

const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const num = (x: unknown, d = 0): number => (typeof x === 'number' ? x : d);
const nums = (x: unknown, n: number): number[] => {
  const a = arr(x).map((v) => num(v));
  while (a.length < n) a.push(0);
  return a;
};
const str = (x: unknown, d = ''): string => (typeof x === 'string' ? x : d);
const bits = <T extends { key: string }>(mask: unknown, list: T[]): string[] => {
  const m = num(mask);
  const out: string[] = [];
  // Bitmasks above 2^31 arrive as plain numbers: divide, do not shift.
  for (let i = 0; i < list.length; i++) if (Math.floor(m / 2 ** i) % 2 === 1) out.push(list[i].key);
  return out;
};

// "key (face down) (attacked)" → parts (the view's card strings).
function minionOf(s: string): MinionInPlay {
  const key = s.split(' ')[0];
  return { key, faceDown: s.includes('(face down)'), attacked: s.includes('(attacked)') };
}
function empireOf(s: string): EmpireInPlay {
  return { key: s.split(' ')[0], struck: s.includes('(struck)') };
}

function seatOf(o: any, index: number): SeatView {
  o = o ?? {};
  const flags = nums(o.flags, 9);
  return {
    index,
    scientist: str(o.scientist),
    device: str(o.device, 'none'),
    deviceUp: !!o.device_up,
    deviceTokens: nums(o.device_tokens, NTYPES),
    stockpile: nums(o.stockpile, NTYPES),
    maniacal: num(o.maniacal),
    humiliation: num(o.humiliation),
    maniacalSources: num(o.maniacal_sources),
    levelsWon: num(o.levels_won),
    empires: arr(o.empires).map((e) => empireOf(str(e))),
    minions: arr(o.minions).map((m) => minionOf(str(m))),
    hiddenMinions: num(o.minions_face_down_unknown),
    rawCount: num(o.raw_count),
    trickCount: num(o.trick_count),
    raw: Array.isArray(o.raw) ? nums(o.raw, 0) : null,
    tricks: Array.isArray(o.tricks) ? nums(o.tricks, 0) : null,
    rawKnown: nums(o.raw_known, 0),
    tricksKnown: nums(o.tricks_known, 0),
    converted: nums(o.converted, NTYPES),
    overtime: nums(o.overtime, NTYPES),
    cashed: !!flags[0],
    swapped: !!flags[1],
    buyLock: !!flags[2],
    rawReceived: flags[6],
  };
}

function described(s: string): { described: string | null; really: string | null } {
  const m = /^(\S+)(?: \(really (\S+)\))?$/.exec(s);
  if (!m) return { described: null, really: null };
  return { described: m[1] === 'undescribed' ? null : m[1], really: m[2] ?? null };
}

const rawKeys = rawKinds.map((k) => k.key);
const trickKeys = trickCards.map((k) => k.key);

function tradeOf(t: any): TradeView | null {
  if (!t || typeof t !== 'object') return null;
  const trickList = (counts: unknown) => {
    const out: string[] = [];
    nums(counts, 0).forEach((n, i) => {
      for (let k = 0; k < n; k++) out.push(trickKeys[i] ?? '');
    });
    return out;
  };
  return {
    proposer: num(t.proposer, -1),
    partner: num(t.partner, -1),
    offerTokens: nums(t.offer_tokens, NTYPES),
    askTokens: nums(t.ask_tokens, NTYPES),
    offerEmpires: bits(t.offer_empires, empires),
    askEmpires: bits(t.ask_empires, empires),
    offerMinions: arr(t.offer_minions).map((m) => str(m)),
    askMinions: arr(t.ask_minions).map((m) => str(m)),
    offerRaw: arr(t.offer_raw).map((r) => described(str(r))),
    askRaw: arr(t.ask_raw).map((k) => rawKeys[num(k)] ?? ''),
    offerTricks: trickList(t.offer_tricks),
    askTricks: num(t.ask_tricks),
    items: num(t.items),
    given: num(t.given),
    peeked: num(t.peeked),
    givenRaw: arr(t.given_raw).map((k) => rawKeys[num(k)] ?? ''),
  };
}

function stackOf<T extends { key: string }>(what: string, o: any, list: T[]) {
  return {
    what,
    n: num(o?.n),
    cards: Array.isArray(o?.cards) ? o.cards.map((i: unknown) => list[num(i)]?.key ?? '') : null,
  };
}

export function readView(v: any): MwView {
  v = v ?? {};
  const fight = arr(v.fight);
  const dice = arr(v.dice);
  const threat = nums(v.threat, 12);
  const trick = nums(v.trick, 5);
  const diceCount = nums(dice[0], 2);
  const diceRolls = arr(dice[2]);
  const emp = num(fight[4], -1);
  return {
    viewer: num(v.viewer, -1),
    round: num(v.round),
    phase: str(v.phase),
    stage: str(v.stage),
    toAct: num(v.to_act, -1),
    order: arr(v.order).map((x) => num(x)),
    orderPos: num(v.order_pos),
    active: num(v.active, -1),
    worldTaken: !!v.world_taken,
    seats: arr(v.seats).map((o, i) => seatOf(o, i)),
    decks: {
      raw: num(v.raw_deck),
      tricks: num(v.trick_deck),
      empires: num(v.empire_deck),
      minions: num(v.minion_deck),
      devices: num(v.device_deck),
    },
    rawDiscard: nums(v.raw_discard, 0),
    trickDiscard: nums(v.trick_discard, 0),
    empireDiscard: bits(v.empire_discard, empires),
    minionDiscard: arr(v.minion_discard).map((m) => minions[num(m)]?.key ?? ''),
    deviceDiscard: bits(v.device_discard, devices),
    stacks: [
      stackOf('empire-top', v.empire_top, empires),
      stackOf('minion-top', v.minion_top, minions),
      stackOf('minion-bottom', v.minion_bottom, minions),
    ],
    pending: Array.isArray(v.pending) ? v.pending.map((x: unknown) => num(x)) : null,
    pendingCount: num(v.pending_n),
    window: num(arr(v.window)[0]),
    // [card, player, target, purpose] (older engines: [card, player, target, return stage, purpose])
    trick: {
      card: trick[0],
      player: trick[1],
      target: trick[2],
      purpose: arr(v.trick).length >= 5 ? trick[4] : trick[3],
    },
    fight: num(fight[0])
      ? {
          attacker: num(fight[1]),
          defender: num(fight[2]),
          type: num(fight[3]),
          empire: emp >= 0 ? (empires[emp]?.key ?? null) : null,
          sneak: !!fight[5],
          attackers: arr(fight[7]).map((m) => minions[num(m)]?.key ?? ''),
          defenders: arr(fight[8]).map((m) => minions[num(m)]?.key ?? ''),
          atkDamage: nums(fight[9], 3),
          defDamage: nums(fight[10], 3),
          plunderPoints: num(fight[13]),
          damageLeft: num(fight[14]),
          damageSide: num(fight[15]),
        }
      : null,
    dice: {
      count: [diceCount[0], diceCount[1]],
      successes: [num(arr(dice[1])[0]), num(arr(dice[1])[1])],
      dice: [
        nums(diceRolls[0], 0).slice(0, diceCount[0]),
        nums(diceRolls[1], 0).slice(0, diceCount[1]),
      ],
    },
    threat: {
      threatener: threat[0],
      level: threat[1],
      succeeded: !!threat[2],
      ransomLeft: threat[3],
      gainPlayer: threat[6],
      gainManiacal: !!threat[7],
    },
    trade: tradeOf(v.trade),
    winners: Array.isArray(v.winners) ? v.winners.map((x: unknown) => num(x)) : null,
    win: num(v.win),
  };
}

/** MW-8: tokens of a type the seat may still convert this round (Lair + Empires + Overtime). */
export function capacityLeft(s: SeatView, type: number): number {
  const sci = scientistByKey.get(s.scientist);
  let cap = (sci?.ratings[type] ?? 0) + (s.overtime[type] ?? 0);
  for (const e of s.empires) if (!e.struck) cap += empireByKey.get(e.key)?.capacity[type] ?? 0;
  return Math.max(0, cap - (s.converted[type] ?? 0));
}

/** The fight's dice are this fight's (rolled) rather than an earlier roll's still in the view. */
export function fightRolled(v: MwView): boolean {
  if (!v.fight) return false;
  if (v.stage === 'send' || v.stage === 'defend') return false;
  return v.window >= 4 && v.window <= 6 && v.dice.count[0] + v.dice.count[1] > 0;
}

/** A threat is being resolved: its windows, its failure choices, or its ransom. */
export function threatOn(v: MwView): boolean {
  if (v.phase !== 'domination' || v.fight) return false;
  if (v.stage === 'failed-threat' || v.stage === 'flee') return true;
  if (v.stage === 'type' && PURPOSES[v.trick.purpose] === 'ransom') return true;
  return v.window >= 7 && v.window <= 9 && v.stage !== 'domination' && v.stage !== 'first-or-last';
}
