// The final standings: every seat's place, whether it won, and why (from the game's final view;
// the game's own narration of the end, when the log has it, under the table).
import type { Renderer } from './catalogue';
import type { LogEntry } from './conn';
import { readView } from '../games/mwahahaha/view';

// The events that open a game's narration of its end (games/*/data/messages.json).
const gameEnd = new Set(['cm.game_end', 'sc.game.over', 'mw.win_guard', 'mw.win_limit', 'mw.win_world']);

interface Row {
  seat: number;
  won: boolean;
  stat: string;
  why: string;
  key: number[]; // sort key, larger first
}

function rows(game: string, view: any, result: any, r: Renderer, seatName: (s: number) => string): Row[] {
  const winners: number[] = result?.winners ?? view?.result?.winners ?? [];
  const n: number = view?.players ?? result?.returns?.length ?? 0;
  const names = winners.map(seatName).join(r.t('ui.list.sep'));
  const out: Row[] = [];
  for (let s = 0; s < n; ++s) {
    const won = winners.includes(s);
    if (game === 'supporting-cast') {
      const res = view.result ?? {};
      const score = res.scores?.[s] ?? view.seats?.[s]?.score ?? 0;
      const cond = String(res.win_condition ?? 'none');
      out.push({
        seat: s,
        won,
        stat: r.t('sc.standings.score', { n: score }),
        why: r.t(won ? `sc.why.win.${cond}` : `sc.why.lose.${cond}`, { score, winners: names }),
        key: [won ? 1 : 0, score],
      });
    } else if (game === 'cheaty-mages') {
      const res = view.result ?? {};
      const coins = res.coins?.[s] ?? view.seats?.[s]?.coins ?? 0;
      const cards = res.cards_in_hand?.[s] ?? view.seats?.[s]?.hand_size ?? 0;
      const best = Math.max(...(res.coins ?? [coins]));
      const tiedTop = (res.coins ?? []).filter((c: number) => c === best).length > 1;
      out.push({
        seat: s,
        won,
        stat: r.t('cm.standings.coins', { n: coins, cards }),
        why: won
          ? r.t(tiedTop ? 'cm.why.win.tie' : 'cm.why.win', { coins, cards })
          : coins === best
            ? r.t('cm.why.lose.cards', { cards, winners: names })
            : r.t('cm.why.lose', { coins, best, diff: best - coins, winners: names }),
        key: [won ? 1 : 0, coins, cards],
      });
    } else if (game === 'mwahahaha') {
      // MW-29: the World conquered wins; else the ranking by highest level won, device tokens,
      // stockpile (the table's own standings show the same figures in a table).
      const v = readView(view);
      const seat = v.seats[s];
      let level = -1;
      for (let l = 3; l >= 0 && level < 0; --l) if (Math.floor((seat?.levelsWon ?? 0) / 2 ** l) % 2 === 1) level = l;
      const sum = (a: number[] | undefined) => (a ?? []).reduce((x, y) => x + y, 0);
      const dev = sum(seat?.deviceTokens);
      const stock = sum(seat?.stockpile);
      const how = ['', 'world', 'round-limit', 'guard'][v.win] ?? 'round-limit';
      const lv = level >= 0 ? r.t(`mwt.level.${['city', 'state', 'country', 'world'][level]}`) : r.t('mwt.over.no-level');
      out.push({
        seat: s,
        won,
        stat: r.t('mw.standings.stat', { level: lv, dev, stock }),
        why: r.t(`mw.why.${won ? 'win' : 'lose'}.${how}`, { winners: names }),
        key: [won ? 1 : 0, level, dev, stock],
      });
    } else {
      const ret = result?.returns?.[s] ?? 0;
      out.push({
        seat: s,
        won,
        stat: r.t('ui.standings.return', { n: ret }),
        why: r.t(won ? 'ui.standings.won' : 'ui.standings.lost', { winners: names }),
        key: [won ? 1 : 0, ret],
      });
    }
  }
  out.sort((a, b) => {
    for (let i = 0; i < Math.max(a.key.length, b.key.length); ++i) if ((b.key[i] ?? 0) !== (a.key[i] ?? 0)) return (b.key[i] ?? 0) - (a.key[i] ?? 0);
    return a.seat - b.seat;
  });
  return out;
}

export function Standings(props: { game: string; view: any; result: any; log: LogEntry[]; r: Renderer; seatName: (s: number) => string }) {
  const { r } = props;
  const list = rows(props.game, props.view, props.result, r, props.seatName);
  const last = props.log.length ? props.log[props.log.length - 1] : undefined;
  // The game's own words on its end: from its game-end event on (the action before it, e.g. a
  // whole judgement, is in the log already).
  const evs = last?.events ?? (last?.event ? [last.event] : []);
  let from = evs.length - 1;
  while (from >= 0 && !gameEnd.has(evs[from]?.id ?? '')) --from;
  const narrated = evs.slice(Math.max(0, from)).map((e) => r.event(e, ''));
  let place = 0;
  return (
    <section class="standings panel" data-testid="standings">
      <h3>{r.t('ui.standings.title')}</h3>
      <ol>
        {list.map((row, i) => {
          if (i === 0 || list[i - 1].key.join() !== row.key.join()) place = i + 1;
          return (
            <li key={row.seat} class={row.won ? 'won' : 'lost'} data-testid={`standing-${row.seat}`}>
              <span class="place">{r.t('ui.standings.place', { n: place })}</span>
              <span class="who">{props.seatName(row.seat)}</span>
              <span class="result">{r.t(row.won ? 'ui.standings.winner' : 'ui.standings.loser')}</span>
              <span class="stat">{row.stat}</span>
              <span class="why">{row.why}</span>
            </li>
          );
        })}
      </ol>
      {narrated.filter(Boolean).length > 0 && (
        <ul class="narrated-end">
          {narrated.filter(Boolean).map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
