// A finished game replayed for this viewer (POST /api/tables/ID/replay with the seat's
// credential, or as a spectator): step by step through the viewer's log, with the viewer's
// view at each step when the server sends them, and the final standings at the end.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from './api';
import { makeRenderer, useCatalogue } from './catalogue';
import { useI18n } from './i18n';
import { storage } from './storage';
import { GameTable, LogView, seatNamer } from './TablePage';
import { Standings } from './Standings';
import type { LogEntry } from './conn';

export function ReplayPage(props: { tableId: string }) {
  const { lang, t: uit } = useI18n();
  const [rep, setRep] = useState<any>(null);
  const [seats, setSeats] = useState<any[]>([]);
  const [error, setError] = useState('');
  const [step, setStep] = useState(0);
  useEffect(() => {
    const s = storage.seat(props.tableId);
    api.replay(props.tableId, s ? { credential: s.credential, steps: true } : { steps: true }).then(
      (r) => {
        setRep(r);
        setStep(Number.MAX_SAFE_INTEGER); // the end, clamped below
      },
      (e) => setError(e.message),
    );
    api.table(props.tableId).then((t) => setSeats(t.seats ?? []), () => {});
  }, []);
  const game: string | undefined = rep?.game;
  const cat = useCatalogue(game, props.tableId);
  const viewer: number | null = rep && typeof rep.viewer === 'number' ? rep.viewer : null;
  const r = useMemo(() => makeRenderer(cat, lang, viewer), [cat, lang, viewer]);
  if (error)
    return (
      <p class="panel error" role="alert">
        {error}
      </p>
    );
  if (!rep || !game) return <p class="panel loading">{uit('ui.table.connecting')}</p>;
  const log = rep.log as LogEntry[];
  // A step is a line of the log as the table shows it: an entry the game tells with a later one
  // (no events of its own: a run of deals) is passed over together with it.
  const marks = log.map((_, i) => i).filter((i) => !(Array.isArray(log[i].events) && log[i].events!.length === 0));
  const total = marks.length;
  const st = Math.min(step, total);
  const upTo = st === 0 ? 0 : st === total ? log.length : marks[st - 1] + 1;
  const seq = upTo === 0 ? 0 : log[upTo - 1].seq;
  const views = (rep.views ?? []) as { seq: number; view: any }[];
  let view = rep.view;
  if (views.length) {
    view = views[0].view;
    for (const v of views) if (v.seq <= seq) view = v.view;
  }
  const atEnd = st === total;
  const seatName = seatNamer(seats, viewer, r);
  return (
    <div class="table-page replay" data-testid="replay" data-step={st}>
      <div class="table-head">
        <h2>{r.t('ui.replay.title', { game: r.t(`game.${game}.title`) })}</h2>
        <div class="replay-controls" role="group" aria-label={r.t('ui.replay.controls')}>
          <button type="button" onClick={() => setStep(0)} disabled={st === 0}>
            {r.t('ui.replay.first')}
          </button>
          <button type="button" data-testid="replay-back" onClick={() => setStep(Math.max(0, st - 1))} disabled={st === 0}>
            {r.t('ui.replay.back')}
          </button>
          <span>{r.t('ui.replay.step', { n: st, total })}</span>
          <button type="button" data-testid="replay-step" onClick={() => setStep(Math.min(total, st + 1))} disabled={atEnd}>
            {r.t('ui.replay.next')}
          </button>
          <button type="button" onClick={() => setStep(total)} disabled={atEnd}>
            {r.t('ui.replay.last')}
          </button>
        </div>
      </div>
      {atEnd && <Standings game={game} view={rep.view} result={rep.result} log={log} r={r} seatName={seatName} />}
      <div class="table-body">
        <div class="board">
          {(views.length || atEnd) && (
            <GameTable
              game={game}
              tp={{ view, seat: viewer, choices: [], act: () => {}, t: r.t, phrase: r.phrase, card: r.card, lang, seatName, log: log.slice(0, upTo) }}
            />
          )}
        </div>
        <aside class="side">
          <LogView log={log} r={r} upTo={upTo} />
        </aside>
      </div>
    </div>
  );
}
