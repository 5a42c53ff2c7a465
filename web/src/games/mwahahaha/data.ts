// Mwahahaha! card data for the table: the numbers printed on the cards (ratings, device threat
// tables, Empire capacities, Minion values), read from the same data file the engine uses
// (games/mwahahaha/data/standin-cards.json, D1: a card's index is its place in that file).
// Names and texts are never taken from here: they come from the catalogue (props.card).
import raw from '../../../../games/mwahahaha/data/standin-cards.json';

export const TYPES = ['energy', 'money', 'structure', 'eureka'] as const;
export const LEVELS = ['city', 'state', 'country', 'world'] as const;
export const NTYPES = 4;

export interface Scientist {
  key: string;
  ratings: number[];
  power: string;
}
export interface Device {
  key: string;
  requirements: number[][];
  threat_dice: number[];
  people_dice: number[];
  ransom: number[];
}
export interface Empire {
  key: string;
  capacity: number[];
  cash_in: number[];
  perk: string;
}
export interface Minion {
  key: string;
  type: number;
  value: number;
  hp: number;
  ability: string;
}
export interface Trick {
  key: string;
  copies: number;
  timing: string;
}
export interface RawKind {
  key: string;
  type: number;
  value: number;
}

interface DataFile {
  scientists: Scientist[];
  devices: Device[];
  empires: Empire[];
  minions: Minion[];
  dirty_tricks: Trick[];
  raw_deck: { cards: RawKind[] };
}
const data = raw as unknown as DataFile;

export const scientists = data.scientists;
export const devices = data.devices;
export const empires = data.empires;
export const minions = data.minions;
export const tricks = data.dirty_tricks;
export const rawKinds = data.raw_deck.cards;

function index<T extends { key: string }>(list: T[]): Map<string, T> {
  return new Map(list.map((c) => [c.key, c]));
}
export const scientistByKey = index(scientists);
export const deviceByKey = index(devices);
export const empireByKey = index(empires);
export const minionByKey = index(minions);
export const trickByKey = index(tricks);
export const rawByKey = index(rawKinds);

// Names and texts as the data file has them (English and Traditional Chinese names, English
// texts): what a card shows when the server's catalogue does not have it.
interface Named {
  key: string;
  name?: string;
  zh?: string;
  power_name?: string;
  power_zh?: string;
  power_text?: string;
  power_text_zh?: string;
  ability_text?: string;
  ability_text_zh?: string;
  effect?: string;
  effect_zh?: string;
}
const named = new Map<string, Named>();
for (const list of [data.scientists, data.devices, data.empires, data.minions, data.dirty_tricks, data.raw_deck.cards])
  for (const c of list as unknown as Named[]) named.set(c.key, c);

/** A card's name and text from the data file, in `lang` where the file has it (`textLang` says
 * the text's language: 'en' when the file has no Chinese text for it). */
export function dataCard(key: string, lang: string): { name: string; text: string; textLang: string } | undefined {
  const c = named.get(key);
  if (!c || !c.name) return undefined;
  const zh = lang === 'zh-TW';
  const pick = (en: string | undefined, tw: string | undefined): [string, string] =>
    zh && tw ? [tw, 'zh-TW'] : [en ?? '', 'en'];
  const ability = c.ability_text && c.ability_text !== '—' ? c.ability_text : '';
  let [text, textLang] = pick(c.effect, c.effect_zh);
  if (ability) [text, textLang] = pick(ability, c.ability_text_zh);
  if (c.power_name) {
    const [t, l] = pick(c.power_text, c.power_text_zh);
    text = `${zh ? (c.power_zh ?? c.power_name) : c.power_name}${zh ? '：' : ': '}${t}`;
    textLang = l;
  }
  return { name: zh ? (c.zh ?? c.name) : c.name, text, textLang };
}

/** Which kind of card a key names (keys are unique across the data file). */
export function kindOf(key: string): string | undefined {
  if (scientistByKey.has(key)) return 'scientist';
  if (deviceByKey.has(key)) return 'device';
  if (empireByKey.has(key)) return 'empire';
  if (minionByKey.has(key)) return 'minion';
  if (trickByKey.has(key)) return 'trick';
  if (rawByKey.has(key)) return 'raw';
  return undefined;
}

/** Resource types an Empire carries an icon of (its capacity types, as the engine reads them). */
export function empireIcons(e: Empire): number[] {
  return e.capacity.map((c, t) => (c > 0 ? t : -1)).filter((t) => t >= 0);
}

/** MW-22: the highest level (1 City … 4 World, 0 none) the device's tokens meet. */
export function capability(dev: Device, tokens: number[]): number {
  let cap = 0;
  dev.requirements.forEach((req, l) => {
    if (req.every((n, t) => (tokens[t] ?? 0) >= n)) cap = l + 1;
  });
  return cap;
}
