// The last judgement as this viewer's log told it (the engine narrates it publicly: every spell is
// face up by then): per position the fighter, its mana, its final strength and what the judge did
// to it. The view's last_match has the bets, payouts and winner by position only; the log's
// events name the fighters of that match (the next match's may already be on the table).
import type { GameEvent } from '../types';

export interface Judged {
  pos: number; // 1-5
  fighter: string; // data key
  mana: number | null; // null: no spells on it
  spells: string[];
  strength: number | null; // null: out of the match (ejected)
  penalty: 'dispelled' | 'ejected' | 'low' | null;
}

type Entry = { events?: GameEvent[]; event?: GameEvent };

// Positions 1-5 of the last judgement in `log`, or null when the log has none.
export function lastJudgement(log: Entry[]): Judged[] | null {
  const evs: GameEvent[] = [];
  for (const l of log) for (const e of l.events ?? (l.event ? [l.event] : [])) if (e && e.id) evs.push(e);
  let start = -1;
  for (let i = evs.length - 1; i >= 0 && start < 0; --i)
    if (evs[i].id === 'cm.judgement' || evs[i].id === 'cm.judgement.none') start = i;
  if (start < 0) return null;
  const out = new Map<number, Judged>();
  const at = (a: Record<string, unknown>): Judged | null => {
    const pos = Number(a.pos);
    if (!(pos >= 1 && pos <= 5)) return null;
    if (!out.has(pos)) out.set(pos, { pos, fighter: String(a.fighter ?? ''), mana: null, spells: [], strength: null, penalty: null });
    return out.get(pos)!;
  };
  for (let i = start + 1; i < evs.length; ++i) {
    const e = evs[i];
    const a = e.args ?? {};
    if (e.id === 'cm.judgement' || e.id === 'cm.judgement.none' || e.id === 'cm.match_end') break;
    const j = e.id.startsWith('cm.reveal') || e.id.startsWith('cm.strength') || e.id === 'cm.penalty' ? at(a) : null;
    if (!j) continue;
    if (e.id === 'cm.reveal') {
      j.mana = Number(a.mana);
      j.spells = Array.isArray(a.spells) ? (a.spells as string[]) : [];
    } else if (e.id === 'cm.strength') j.strength = Number(a.n);
    else if (e.id === 'cm.penalty') {
      const w = String(a.what ?? '');
      j.penalty = w === 'cm.ejected' ? 'ejected' : w === 'cm.low' ? 'low' : w === 'cm.dispelled' ? 'dispelled' : null;
    }
  }
  return out.size ? [...out.values()].sort((x, y) => x.pos - y.pos) : null;
}

// The engine's bet list ("1,3", or "-" for none) as positions.
export function positions(list: unknown): number[] {
  if (typeof list !== 'string' || list === '-') return [];
  return list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => n >= 1 && n <= 5);
}
