// The Mwahahaha! table, drawn from the viewer's view_json only (games/mwahahaha/mwahahaha_view.cpp):
// every scientist's Lair, device and threat table, tokens, counters, Empires and Minions; the
// viewer's raw cards and Dirty Tricks; the fight, the threat and the trade being decided. Choices
// are buttons on the card or place they concern (choices.ts), the rest in the action bar; a choice
// that ends the turn is never the default and is confirmed while other actions remain.
//
// Decisions (where the issue and the view are silent):
//  - The numbers printed on the cards (ratings, threat tables, capacities, Minion values) come from
//    the engine's data file, bundled at build time; names and texts only from the catalogue. Over
//    the network a table always uses the built-in card data, so the two agree.
//  - Turn-ending choices are end-turn, no-attack and no-threat; they are asked to be confirmed while
//    any other choice remains (the dialog's focus starts on "keep playing"). Passing a Dirty Trick
//    window ends no turn and is never confirmed.
//  - The view keeps the last roll's dice: they are drawn only while they are the current fight's
//    (after its roll, MW-6b windows 4-6) or threat's (window 8 on), and the successes are counted
//    here (MW-19), since the view fills its count in only after the roll's window.
//  - The turn's seat is order[order_pos] (the view's `active` is the phase's richest, MW-5).
//  - A choice for a card or place the table does not draw goes to the action bar, so every choice
//    can always be made; a choice may show on two places (a Minion in the fight and in its Lair).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Choice, TableProps } from '../types';
import { TURN_ENDING, byPlace, endsTurn, label, needsConfirm, parse } from './choices';
import {
  FightPanel,
  HandPanel,
  PendingPanel,
  Standings,
  ThreatPanel,
  TradePanel,
  TrickPanel,
  purposeOf,
} from './Center';
import { TYPES, dataCard, rawByKey, rawKinds, tricks } from './data';
import { ChoiceButton, type Ctx } from './parts';
import { SeatPanel } from './Seat';
import { type MwView, WINDOWS, fightRolled, readView, threatOn } from './view';
import './mw.css';

const PHASES = ['creation', 'rivalry', 'domination'];
const SUB_STAGES = new Set(['target', 'type', 'choose-empire', 'select-minion', 'select-trick']);

function prompt(v: MwView, seat: number | null, ctx: Ctx): string {
  const { t } = ctx;
  if (v.winners) return t('mwt.prompt.over');
  if (v.toAct < 0) return t('mwt.prompt.chance');
  if (seat !== null && v.toAct === seat) {
    if (v.stage === 'window')
      return t('mwt.prompt.window', { window: t(`mwt.window.${WINDOWS[v.window] ?? 'turn'}`) });
    const p = purposeOf(v);
    if (SUB_STAGES.has(v.stage) && p !== 'none') return t(`mwt.prompt.purpose.${p}`);
    return t(`mwt.prompt.${v.stage}`);
  }
  return t('mwt.prompt.waiting', {
    name: ctx.seatName(v.toAct),
    what: t(`mwt.stage.${v.stage}`),
  });
}

/** The places the table draws (so a choice for a place not drawn goes to the action bar). */
function drawnPlaces(v: MwView, seat: number | null): Set<string> {
  const out = new Set<string>();
  v.seats.forEach((s) => {
    out.add(`seat:${s.index}`).add(`lair:${s.index}`);
    s.minions.forEach((m) => out.add(`minion:${m.key}`));
    s.empires.forEach((e) => out.add(`empire:${e.key}`));
  });
  const me = seat !== null ? v.seats[seat] : undefined;
  if (me?.raw) rawKinds.forEach((r, i) => (me.raw![i] ?? 0) > 0 && out.add(`raw:${r.key}`));
  if (me?.tricks) tricks.forEach((r, i) => (me.tricks![i] ?? 0) > 0 && out.add(`trick:${r.key}`));
  if (me && me.device !== 'none') {
    out.add('invest');
    if (me.device !== 'face-down') ['city', 'state', 'country', 'world'].forEach((l) => out.add(`threat:${l}`));
  }
  if (v.trade) out.add('trade');
  if (fightRolled(v) || threatOn(v))
    for (let i = 0; i < 24; ++i) out.add(`die:first:${i}`).add(`die:second:${i}`);
  return out;
}

export default function MwahahahaTable(props: TableProps) {
  const { seat, choices, act, t } = props;
  const v = useMemo(() => readView(props.view), [props.view]);
  const [confirm, setConfirm] = useState<Choice | null>(null);
  const [decksOpen, setDecksOpen] = useState(false); // the discard piles are drawn when asked for
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setConfirm(null), [choices]);
  useEffect(() => {
    if (confirm) keepRef.current?.focus();
  }, [confirm]);

  // The catalogue's cards first; the data file's names (both languages) and English texts else.
  const card = (k: string) => {
    const c = props.card(k);
    if (c?.name) return c;
    const d = dataCard(k, props.lang);
    return d ? { name: d.name, text: d.text, textLang: d.textLang } : undefined;
  };
  const ctx: Ctx = {
    t,
    card,
    // A card the catalogue does not name: a raw card by its type and value, else its data key.
    cardName: (k) => {
      const n = card(k)?.name;
      if (n) return n;
      const r = rawByKey.get(k);
      if (r && r.type >= 0) return t('mwt.raw.name', { type: t(`mwt.type.${TYPES[r.type]}`), value: r.value });
      if (r) return t(`mwt.raw.${k}`);
      return k;
    },
    seatName: props.seatName,
    lang: props.lang,
    named: (k) => !!card(k)?.name || rawByKey.has(k),
    confirmId: confirm?.id ?? null,
    choose: (c) => {
      if (needsConfirm(c, choices) && confirm?.id !== c.id) setConfirm(c);
      else {
        setConfirm(null);
        act(c.id);
      }
    },
  };

  const drawn = drawnPlaces(v, seat);
  const all = byPlace(choices, v);
  const places = new Map<string, Choice[]>();
  const bar: Choice[] = [];
  for (const [p, cs] of all) {
    const shown =
      p === 'bar' ? false : p.startsWith('pending:') || p.startsWith('scientist:') || drawn.has(p);
    if (shown) places.set(p, cs);
    else bar.push(...cs);
  }
  const main = bar.filter((c) => !endsTurn(c));
  const ending = bar.filter((c) => endsTurn(c));
  const me = seat !== null ? v.seats[seat] : undefined;
  const others = v.seats.filter((s) => s.index !== seat);
  const myTurn = seat !== null && v.toAct === seat && choices.length > 0;

  return (
    <div class="mw-table" data-testid="mw-table" data-stage={v.stage} data-phase={v.phase} data-round={v.round}>
      <header class="mw-status" data-testid="mw-status">
        <span class="mw-round">{v.phase === 'setup' ? t('mwt.setup') : t('mwt.round', { n: v.round })}</span>
        <ol class="mw-phases" aria-label={t('mwt.phases')}>
          {PHASES.map((p) => (
            <li key={p} class={v.phase === p ? 'mw-current' : ''} aria-current={v.phase === p ? 'step' : undefined}>
              {t(`mwt.phase.${p}`)}
            </li>
          ))}
        </ol>
        {v.order.length > 0 && v.phase !== 'setup' && (
          <span class="mw-order">
            {t('mwt.order', { names: v.order.map((p) => props.seatName(p)).join(' → ') })}
          </span>
        )}
        {v.worldTaken && <span class="mw-badge mw-world">{t('mwt.world-taken')}</span>}
        <details class="mw-decks" onToggle={(e) => setDecksOpen((e.currentTarget as HTMLDetailsElement).open)}>
          <summary>
            {t('mwt.decks', {
              raw: v.decks.raw,
              tricks: v.decks.tricks,
              empires: v.decks.empires,
              minions: v.decks.minions,
              devices: v.decks.devices,
            })}
          </summary>
          {decksOpen && <Discards v={v} ctx={ctx} />}
        </details>
      </header>

      <div class={`mw-layout${me ? '' : ' mw-watching'}`}>
        <div class="mw-main">
          <section class={`mw-panel mw-prompt${myTurn ? ' mw-your-turn' : ''}`} data-testid="mw-prompt" aria-live="polite">
            <p>{prompt(v, seat, ctx)}</p>
            {(main.length > 0 || ending.length > 0) && (
              <div class="mw-bar" data-testid="mw-bar">
                {main.map((c) => (
                  <ChoiceButton c={c} ctx={ctx} key={c.id} />
                ))}
                {ending.map((c) => (
                  <ChoiceButton c={c} ctx={ctx} key={c.id} cls="mw-end" />
                ))}
              </div>
            )}
            {confirm && (
              <div class="mw-confirm" role="alertdialog" aria-modal="false" aria-labelledby="mw-confirm-q" data-testid="mw-confirm"
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setConfirm(null);
                }}
              >
                <p id="mw-confirm-q">{confirmText(confirm, ctx)}</p>
                <button type="button" ref={keepRef} data-testid="mw-confirm-no" onClick={() => setConfirm(null)}>
                  {t('mwt.confirm.keep')}
                </button>
                <button type="button" class="mw-end" data-testid="mw-confirm-yes" data-choice={confirm.id}
                  onClick={() => ctx.choose(confirm)}
                >
                  {confirmYes(confirm, ctx)}
                </button>
              </div>
            )}
          </section>
          <Standings v={v} ctx={ctx} />
          <PendingPanel v={v} ctx={ctx} places={places} />
          <TrickPanel v={v} ctx={ctx} />
          <FightPanel v={v} ctx={ctx} places={places} />
          <ThreatPanel v={v} ctx={ctx} places={places} />
          <TradePanel v={v} ctx={ctx} places={places} />
          {me && seat !== null && <HandPanel v={v} ctx={ctx} places={places} seat={seat} />}
          {me && <SeatPanel s={me} v={v} ctx={ctx} places={places} me />}
        </div>
        <div class="mw-others">
          {others.map((s) => (
            <SeatPanel s={s} v={v} ctx={ctx} places={places} me={false} key={s.index} />
          ))}
        </div>
      </div>
    </div>
  );
}

// The question and the button of a confirmation: the turn-ending verbs have their own; any other
// choice the engine says ends the turn is named by its label.
function confirmText(c: Choice, ctx: Ctx): string {
  const verb = parse(c.name).verb;
  return TURN_ENDING.has(verb) ? ctx.t(`mwt.confirm.${verb}`) : ctx.t('mwt.confirm.other', { what: label(c, ctx) });
}
function confirmYes(c: Choice, ctx: Ctx): string {
  const verb = parse(c.name).verb;
  return TURN_ENDING.has(verb) ? ctx.t(`mwt.confirm.yes.${verb}`) : label(c, ctx);
}

function Discards(props: { v: MwView; ctx: Ctx }) {
  const { v, ctx } = props;
  const { t, cardName } = ctx;
  const counted = (keys: string[], counts: number[]) =>
    keys
      .map((k, i) => ((counts[i] ?? 0) > 0 ? t('mwt.times-card', { card: cardName(k), n: counts[i] }) : ''))
      .filter(Boolean)
      .join(t('ui.list.sep'));
  const rows: [string, string][] = [
    ['mwt.discard.raw', counted(rawKinds.map((r) => r.key), v.rawDiscard)],
    ['mwt.discard.tricks', counted(tricks.map((r) => r.key), v.trickDiscard)],
    ['mwt.discard.empires', v.empireDiscard.map(cardName).join(t('ui.list.sep'))],
    ['mwt.discard.minions', v.minionDiscard.map(cardName).join(t('ui.list.sep'))],
    ['mwt.discard.devices', v.deviceDiscard.map(cardName).join(t('ui.list.sep'))],
  ];
  for (const st of v.stacks)
    if (st.n > 0)
      rows.push([
        `mwt.stack.${st.what}`,
        st.cards ? t('mwt.stack.known', { n: st.n, cards: st.cards.map(cardName).join(t('ui.list.sep')) }) : t('mwt.stack.n', { n: st.n }),
      ]);
  return (
    <dl class="mw-discards">
      {rows.map(([id, text]) => [
        <dt key={`${id}t`}>{t(id)}</dt>,
        <dd key={`${id}d`}>{text || t('mwt.discard.none')}</dd>,
      ])}
    </dl>
  );
}
