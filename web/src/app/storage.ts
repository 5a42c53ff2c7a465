// What the client keeps in localStorage: only what this person chose or the server sent to
// this person (their nickname, language, settings, the credential of a seat they hold, the
// creator token and invitations of a table they created). Never a view, a log or a card.
import type { Lang } from '../games/types';

const K = 'villainy.';

function get<T>(key: string, fallback: T): T {
  try {
    const s = localStorage.getItem(K + key);
    return s === null ? fallback : (JSON.parse(s) as T);
  } catch {
    return fallback;
  }
}
function set(key: string, v: unknown): void {
  try {
    localStorage.setItem(K + key, JSON.stringify(v));
  } catch {
    // storage full or disabled: the session still works, it is just not remembered
  }
}

export interface Seat {
  seat: number;
  credential: string;
}
export interface Created {
  creator: string;
  invitations: { seat: number; invite: string }[];
}

export const storage = {
  nickname: (): string => get('nickname', ''),
  setNickname: (n: string) => set('nickname', n),
  lang: (): Lang | null => get<Lang | null>('lang', null),
  setLang: (l: Lang) => set('lang', l),
  askSingle: (): boolean => get('askSingle', false),
  setAskSingle: (b: boolean) => set('askSingle', b),
  seat: (table: string): Seat | null => get<Seat | null>('seat.' + table, null),
  setSeat: (table: string, s: Seat) => set('seat.' + table, s),
  created: (table: string): Created | null => get<Created | null>('created.' + table, null),
  setCreated: (table: string, c: Created) => set('created.' + table, c),
};
