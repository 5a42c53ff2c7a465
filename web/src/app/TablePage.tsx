// The table shell shared by all games: seats (who is thinking, clocks), the game's own table,
// the choices, the log narrated for this viewer, chat and taunts, the final standings.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Choice, TableProps } from '../games/types';
import { games as tables } from '../games';
import { TableConnection, type TableState } from './conn';
import { makeRenderer, useCatalogue, type Renderer } from './catalogue';
import { useI18n } from './i18n';
import { storage } from './storage';
import { Standings } from './Standings';
import { seatNamer } from './names';

// Refusals that only mean the table moved on under a click: the next view is on its way.
const benign = new Set(['stale_seq', 'not_your_turn', 'illegal_action']);

export const taunts = ['mwahahaha', 'on-your-chain', 'as-planned', 'curses', 'you-will-pay', 'well-played', 'hurry'];

function useConnection(tableId: string, spectate: boolean): TableState & { conn: TableConnection } {
  const conn = useMemo(() => {
    const s = spectate ? null : storage.seat(tableId);
    return new TableConnection(tableId, s?.credential ?? null);
  }, [tableId, spectate]);
  const [state, setState] = useState(conn.state);
  useEffect(() => {
    const off = conn.subscribe(() => setState(conn.state));
    conn.connect();
    return () => {
      off();
      conn.close();
    };
  }, [conn]);
  return { ...state, conn };
}

function msLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Seats(props: { st: TableState; r: Renderer; seatName: (s: number) => string }) {
  const { st, r } = props;
  const [, tick] = useState(0);
  useEffect(() => {
    if (!st.clock) return;
    const id = setInterval(() => tick((x) => x + 1), 500);
    return () => clearInterval(id);
  }, [st.clock]);
  const elapsed = performance.now() - st.clockAt;
  return (
    <ol class="seats" data-testid="seats">
      {st.seats.map((s: any) => {
        const thinking = st.toMove === s.seat && st.status === 'playing';
        const bank = st.clock?.bank_ms?.[s.seat];
        return (
          <li key={s.seat} class={`seat${thinking ? ' thinking' : ''}${s.seat === st.seat ? ' me' : ''}`} data-testid={`seat-${s.seat}`}>
            <span class="seat-name">{props.seatName(s.seat)}</span>
            <span class="seat-kind">
              {s.kind === 'bot' || s.played_by === 'bot'
                ? r.t('ui.seat.bot', { agent: r.t(`ui.agent.${String(s.agent ?? 'heuristic').split(':')[0]}`) })
                : r.t(s.connected ? 'ui.seat.online' : 'ui.seat.offline')}
              {s.reason && ` · ${r.t(`ui.seat.reason.${s.reason}`)}`}
            </span>
            {thinking && <span class="thinking-dot">{r.t('ui.seat.thinking')}</span>}
            {bank !== undefined && bank !== null && (
              <span class="clock" aria-label={r.t('ui.clock.bank')}>
                {thinking ? msLeft(Math.max(0, (st.clock.turn_left_ms ?? 0) - elapsed)) + ' + ' : ''}
                {msLeft(thinking && (st.clock.turn_left_ms ?? 0) - elapsed < 0 ? bank + (st.clock.turn_left_ms - elapsed) : bank)}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

// A choice's label from its event; the server's English text (marked lang="en") otherwise.
function ChoiceLabel(props: { c: Choice; r: Renderer }) {
  const { c, r } = props;
  const raw = !c.event || !c.event.id || c.event.id === 'core.text' || r.choiceLabel(c.event, '') === '';
  return (
    <span lang={raw ? 'en' : undefined} data-untranslated={raw ? '' : undefined}>
      {r.choiceLabel(c.event, c.text)}
    </span>
  );
}

function Choices(props: { choices: Choice[]; pending: boolean; act: (id: number) => void; r: Renderer }) {
  const { choices, r } = props;
  // A choice that ends the turn while other moves are still possible is confirmed first.
  const [confirm, setConfirm] = useState<Choice | null>(null);
  useEffect(() => setConfirm(null), [choices]);
  const pick = (c: Choice) => {
    if (c.ends_turn && choices.length > 1 && confirm?.id !== c.id) setConfirm(c);
    else props.act(c.id);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT')) return;
      const n = Number(e.key);
      if (n >= 1 && n <= 9 && choices[n - 1]) pick(choices[n - 1]);
      if (e.key === 'Escape') setConfirm(null);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [choices, confirm]);
  if (choices.length === 0) return null;
  return (
    <section class="choices panel" data-testid="choices" aria-label={r.t('ui.choices.title')}>
      <h3>{r.t('ui.choices.title')}</h3>
      {confirm && (
        <div class="confirm" role="alertdialog" aria-label={r.t('ui.choices.confirm')}>
          <span>{r.t('ui.choices.confirm')}</span>
          <button type="button" class="primary" data-choice={confirm.id} data-testid="confirm-yes" onClick={() => props.act(confirm.id)}>
            <ChoiceLabel c={confirm} r={r} />
          </button>
          <button type="button" onClick={() => setConfirm(null)}>
            {r.t('ui.choices.keep-playing')}
          </button>
        </div>
      )}
      <div class="choice-buttons">
        {choices.map((c, i) => (
          <button
            key={c.id}
            type="button"
            data-choice={c.id}
            data-name={c.name}
            disabled={props.pending}
            onClick={() => pick(c)}
            title={i < 9 ? r.t('ui.choices.key', { n: i + 1 }) : undefined}
          >
            {i < 9 && <kbd>{i + 1}</kbd>} <ChoiceLabel c={c} r={r} />
          </button>
        ))}
      </div>
    </section>
  );
}

export function LogView(props: { log: TableState['log']; r: Renderer; upTo?: number }) {
  const ref = useRef<HTMLOListElement>(null);
  const shown = props.upTo === undefined ? props.log : props.log.slice(0, props.upTo);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [shown.length]);
  return (
    <section class="log panel">
      <h3>{props.r.t('ui.log.title')}</h3>
      <ol ref={ref} data-testid="log" aria-live="polite">
        {shown.map((l) => {
          // An empty list of events: the game tells this action together with the next ones (a
          // run of deals, the chains' first events) in a later entry; its English line is skipped.
          if (Array.isArray(l.events) && l.events.length === 0) return null;
          const evs = (l.events ?? (l.event ? [l.event] : [])).filter((e) => e && e.id);
          // Without events the catalogue can render, the server's English text is shown, marked
          // as such (lang="en"): a game that does not narrate yet tells its actions as core.text.
          const lines = evs.length
            ? evs.map((e) => ({ text: props.r.event(e, l.text), raw: e.id === 'core.text' || props.r.event(e, '') === '' }))
            : [{ text: l.text, raw: true }];
          return lines.map((x, k) => (
            <li key={`${l.seq}.${k}`} data-seq={l.seq} lang={x.raw ? 'en' : undefined} data-untranslated={x.raw ? '' : undefined}>
              {x.text}
            </li>
          ));
        })}
      </ol>
    </section>
  );
}

function Chat(props: { st: TableState; conn: TableConnection; r: Renderer; lang: string }) {
  const [text, setText] = useState('');
  const { r } = props;
  const send = (e: Event) => {
    e.preventDefault();
    if (text.trim()) props.conn.chat(text.trim());
    setText('');
  };
  return (
    <section class="chat panel">
      <h3>{r.t('ui.chat.title')}</h3>
      <ol data-testid="chat-log">
        {props.st.chat.map((c, i) => (
          <li key={i}>
            <b>{c.from.seat === null ? r.t('ui.chat.spectator') : c.from.name}:</b>{' '}
            {c.type === 'taunt'
              ? r.has(`taunt.${c.taunt}`)
                ? r.t(`taunt.${c.taunt}`)
                : String((c.text as Record<string, string>).en)
              : String(c.text)}
          </li>
        ))}
      </ol>
      <form onSubmit={send} class="chat-form">
        <input
          data-testid="chat-input"
          maxLength={200}
          value={text}
          aria-label={r.t('ui.chat.placeholder')}
          placeholder={r.t('ui.chat.placeholder')}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit" data-testid="chat-send">
          {r.t('ui.chat.send')}
        </button>
      </form>
      <div class="taunts">
        {taunts.map((id) => (
          <button type="button" key={id} data-testid={`taunt-${id}`} onClick={() => props.conn.taunt(id)}>
            {r.t(`taunt.${id}`)}
          </button>
        ))}
      </div>
    </section>
  );
}

export { seatNamer } from './names';

export function GameTable(props: { game: string; tp: TableProps }) {
  const entry = tables[props.game];
  if (!entry) return <p class="panel">{props.tp.t('ui.table.generic')}</p>;
  const T = entry.Table;
  return <T {...props.tp} />;
}

export function TablePage(props: { tableId: string; spectate: boolean }) {
  const { lang, t: uit } = useI18n();
  const st = useConnection(props.tableId, props.spectate);
  const game: string | undefined = st.table?.game ?? st.view?.game;
  const cat = useCatalogue(game, props.tableId);
  const r = useMemo(() => makeRenderer(cat, lang, st.seat), [cat, lang, st.seat]);
  const [askSingle, setAskSingle] = useState(storage.askSingle());
  const seatName = useMemo(() => seatNamer(st.seats, st.seat, r), [st.seats, st.seat, r]);

  // A decision with one legal action does not interrupt (unless asked): it is answered at once.
  const auto = !askSingle && st.choices.length === 1 && !st.pending;
  useEffect(() => {
    if (auto) st.conn.choose(st.choices[0].id);
  }, [auto, st.seq, st.choices]);

  if (st.fatal && st.error)
    return (
      <section class="panel error" role="alert">
        <p>{uit(`ui.error.${st.error.code}`) === `[ui.error.${st.error.code}]` ? st.error.message : uit(`ui.error.${st.error.code}`)}</p>
        <a class="button" href="#">
          {uit('ui.back')}
        </a>
      </section>
    );
  if (!st.view || !game) return <p class="panel loading">{uit('ui.table.connecting')}</p>;

  const choices = auto ? [] : st.choices;
  const tp: TableProps = {
    view: st.view,
    seat: st.seat,
    choices,
    act: (id) => st.conn.choose(id),
    t: r.t,
    phrase: r.phrase,
    card: r.card,
    lang,
    seatName,
    log: st.log,
  };
  const finished = st.status === 'finished';
  return (
    <div class="table-page" data-testid="table" data-table={props.tableId} data-seq={st.seq} data-status={st.status} data-game={game} data-seat={st.seat ?? ''}>
      <div class="table-head">
        <h2>{r.t(`game.${game}.title`)}</h2>
        <span class="status">
          {r.t(`ui.status.${st.status}`)}
          {st.seat === null ? ` · ${r.t('ui.table.spectating')}` : ''}
          {!st.connected && ` · ${r.t('ui.table.reconnecting')}`}
        </span>
        <label class="ask-single">
          <input
            type="checkbox"
            data-testid="ask-single"
            checked={askSingle}
            onChange={(e) => {
              const v = (e.target as HTMLInputElement).checked;
              storage.setAskSingle(v);
              setAskSingle(v);
            }}
          />
          {r.t('ui.settings.ask-single')}
        </label>
        {st.seats.some((s: any) => s.seat === st.seat && s.played_by === 'bot' && s.reason === 'timeout') && (
          <button type="button" onClick={() => st.conn.takeBack()}>
            {r.t('ui.table.take-back')}
          </button>
        )}
      </div>
      {st.status === 'waiting' && <p class="panel">{r.t('ui.table.waiting')}</p>}
      <Seats st={st} r={r} seatName={seatName} />
      {st.error && !st.fatal && !benign.has(st.error.code) && (
        <p class="error" role="alert">
          {r.has(`ui.error.${st.error.code}`) ? r.t(`ui.error.${st.error.code}`) : st.error.message}
        </p>
      )}
      {finished && st.result && <Standings game={game} view={st.view} result={st.result} log={st.log} r={r} seatName={seatName} />}
      {finished && (
        <a class="button" data-testid="replay-link" href={`#replay/${props.tableId}${st.seat === null ? '' : ''}`}>
          {r.t('ui.replay.open')}
        </a>
      )}
      <div class="table-body">
        <div class="board">
          {!tables[game]?.ownChoices && <Choices choices={choices} pending={st.pending} act={tp.act} r={r} />}
          <GameTable game={game} tp={tp} />
        </div>
        <aside class="side">
          <LogView log={st.log} r={r} />
          <Chat st={st} conn={st.conn} r={r} lang={lang} />
        </aside>
      </div>
    </div>
  );
}
