// Small pieces of the Mwahahaha! table: cards with their name and text on hover, focus or tap,
// resource chips, and the buttons of choices.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { Choice } from '../types';
import {
  TYPES,
  deviceByKey,
  empireByKey,
  empireIcons,
  kindOf,
  minionByKey,
  rawByKey,
  scientistByKey,
  trickByKey,
} from './data';
import { type LabelCtx, hasLabel, label, shortLabel } from './choices';

export interface Ctx extends LabelCtx {
  card: (key: string) => { name: string; text: string; textLang?: string } | undefined;
  named: (key: string) => boolean; // the catalogue (or the table's strings) names this card
  lang: string;
  choose: (c: Choice) => void;
  confirmId: number | null;
}

let uid = 0;

/** Marks a text the catalogue could not translate (a card shown by its data key, the server's
 * English text of an action): lang="en" for screen readers, data-untranslated for the tests. */
export function untranslated(ok: boolean): Record<string, string> {
  return ok ? {} : { lang: 'en', 'data-untranslated': '' };
}

/** Whether every card a choice names has a name in the catalogue, and the label is the table's. */
function translatedChoice(c: Choice, ctx: Ctx): boolean {
  if (!hasLabel(c, ctx)) return false;
  return c.name
    .split(':')
    .slice(1)
    .every((a) => !kindOf(a) || ctx.named(a));
}

/** The facts printed on a card, as lines for its details (numbers from the data file). */
function facts(key: string, ctx: Ctx): string[] {
  const { t } = ctx;
  const typeName = (i: number) => t(`mwt.type.${TYPES[i]}`);
  const k = kindOf(key);
  if (k === 'minion') {
    const m = minionByKey.get(key)!;
    return [t('mwt.card.minion', { type: typeName(m.type), value: m.value, hp: m.hp })];
  }
  if (k === 'empire') {
    const e = empireByKey.get(key)!;
    const caps = e.capacity
      .map((n, i) => (n > 0 ? `${typeName(i)} +${n}` : ''))
      .filter(Boolean)
      .join(t('ui.list.sep'));
    const cash = e.cash_in
      .map((n, i) => (n > 0 ? `${n} ${typeName(i)}` : ''))
      .filter(Boolean)
      .join(t('ui.list.sep'));
    const lines = [t('mwt.card.empire', { capacity: caps, cash })];
    if (e.perk !== 'none') lines.push(t(`mwt.perk.${e.perk}`));
    return lines;
  }
  if (k === 'scientist') {
    const s = scientistByKey.get(key)!;
    return [
      t('mwt.card.scientist', {
        ratings: s.ratings.map((n, i) => `${typeName(i)} ${n}`).join(t('ui.list.sep')),
      }),
    ];
  }
  if (k === 'trick') {
    const tr = trickByKey.get(key)!;
    return [t(`mwt.timing.${tr.timing.replace(' ', '-')}`)];
  }
  if (k === 'device') {
    const d = deviceByKey.get(key)!;
    return [t('mwt.card.device', { ransom: d.ransom.join(' / ') })];
  }
  if (k === 'raw') {
    const r = rawByKey.get(key)!;
    if (key === 'betrayed') return [t('mwt.card.betrayed')];
    if (key === 'wild') return [t('mwt.card.wild', { value: r.value })];
    return [t('mwt.card.raw', { type: typeName(r.type), value: r.value })];
  }
  return [];
}

/** The CSS class of a card's colour: its resource type, or its kind. */
function tone(key: string): string {
  const r = rawByKey.get(key);
  if (r) return r.type >= 0 ? `mw-t-${TYPES[r.type]}` : `mw-k-${key}`;
  const m = minionByKey.get(key);
  if (m) return `mw-t-${TYPES[m.type]}`;
  const e = empireByKey.get(key);
  if (e) {
    const icons = empireIcons(e);
    return icons.length === 1 ? `mw-t-${TYPES[icons[0]]}` : 'mw-t-multi';
  }
  return `mw-k-${kindOf(key) ?? 'card'}`;
}

export function Card(props: {
  k: string; // the card's data key, or '' for a card back
  ctx: Ctx;
  back?: string; // the text id of a card back (face-down, unknown)
  count?: number;
  badges?: string[];
  choices?: Choice[];
  testid?: string;
  children?: ComponentChildren;
}) {
  const { k, ctx } = props;
  const [open, setOpen] = useState(false);
  const [id] = useState(() => `mw-card-${++uid}`);
  const wasOpen = useRef(false);
  const info = k ? ctx.card(k) : undefined;
  const name = props.back ? ctx.t(props.back) : ctx.cardName(k);
  const text = props.back ? ctx.t(`${props.back}.text`) : (info?.text ?? '');
  const lines = k && !props.back ? facts(k, ctx) : [];
  return (
    <div
      class={`mw-card ${props.back ? 'mw-back' : tone(k)}${open ? ' mw-open' : ''}`}
      data-card={props.back ? 'back' : k}
      data-testid={props.testid}
    >
      <div
        class="mw-card-face"
        tabIndex={0}
        role="button"
        aria-expanded={open}
        aria-describedby={id}
        // Hover with a mouse, focus, or tap (a tap focuses too: the state before the tap decides).
        onPointerEnter={(e) => e.pointerType === 'mouse' && setOpen(true)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && setOpen(false)}
        onPointerDown={() => (wasOpen.current = open)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(!wasOpen.current)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(!open);
          }
        }}
      >
        <span class="mw-card-name" {...untranslated(!k || !!props.back || ctx.named(k))}>
          {name}
        </span>
        {props.count !== undefined && props.count > 1 && (
          <span class="mw-count">{ctx.t('mwt.times', { n: props.count })}</span>
        )}
        {k && !props.back && <FaceFacts k={k} ctx={ctx} />}
        {props.badges?.map((b) => (
          <span class="mw-badge" key={b}>
            {b}
          </span>
        ))}
        {props.children}
      </div>
      <div class="mw-tip" role="tooltip" id={id}>
        <strong>{name}</strong>
        {lines.map((l) => (
          <span class="mw-tip-line" key={l}>
            {l}
          </span>
        ))}
        {text && (
          <span class="mw-tip-text" {...untranslated(!info?.textLang || info.textLang === ctx.lang)}>
            {text}
          </span>
        )}
      </div>
      {props.choices && props.choices.length > 0 && (
        <div class="mw-card-acts">
          {props.choices.map((c) => (
            <ChoiceButton c={c} ctx={ctx} short key={c.id} />
          ))}
        </div>
      )}
    </div>
  );
}

/** What a player reads on the card itself: a Minion's value and HP, an Empire's capacity. */
function FaceFacts(props: { k: string; ctx: Ctx }) {
  const { k, ctx } = props;
  const m = minionByKey.get(k);
  if (m)
    return <span class="mw-face-facts">{ctx.t('mwt.card.minion.face', { value: m.value, hp: m.hp })}</span>;
  const e = empireByKey.get(k);
  if (e)
    return (
      <span class="mw-face-facts">
        {e.capacity.map((n, i) =>
          n > 0 ? (
            <span class={`mw-chip mw-t-${TYPES[i]}`} key={i} title={ctx.t(`mwt.type.${TYPES[i]}`)}>
              {ctx.t('mwt.card.empire.face', { type: ctx.t(`mwt.type.short.${TYPES[i]}`), n })}
            </span>
          ) : null,
        )}
      </span>
    );
  return null;
}

export function ChoiceButton(props: { c: Choice; ctx: Ctx; short?: boolean; cls?: string }) {
  const { c, ctx } = props;
  const full = label(c, ctx);
  const text = props.short ? shortLabel(c, ctx) : full;
  return (
    <button
      type="button"
      class={`mw-choice${props.cls ? ` ${props.cls}` : ''}${ctx.confirmId === c.id ? ' mw-confirming' : ''}`}
      data-choice={c.id}
      data-name={c.name}
      data-unlabelled={hasLabel(c, ctx) ? undefined : ''}
      {...untranslated(translatedChoice(c, ctx))}
      title={full}
      aria-label={full}
      onClick={() => ctx.choose(c)}
    >
      {text}
    </button>
  );
}

/** Tokens by type, as coloured chips ("E 2", "M 0" …); zeros dimmed. */
export function Tokens(props: { n: number[]; ctx: Ctx; testid?: string; need?: number[] }) {
  const { t } = props.ctx;
  return (
    <span class="mw-tokens" data-testid={props.testid}>
      {TYPES.map((ty, i) => (
        <span
          class={`mw-chip mw-t-${ty}${(props.n[i] ?? 0) === 0 ? ' mw-zero' : ''}`}
          key={ty}
          title={t(`mwt.type.${ty}`)}
        >
          <abbr title={t(`mwt.type.${ty}`)}>{t(`mwt.type.short.${ty}`)}</abbr>
          {props.need ? `${props.n[i] ?? 0}/${props.need[i]}` : (props.n[i] ?? 0)}
        </span>
      ))}
    </span>
  );
}

/** Dice, high to low, with the pairs that scored marked (MW-19). */
export function Dice(props: {
  dice: number[];
  against: number[];
  attacker: boolean; // the first (rolling) side
  tiesDefender: boolean;
  rerolls?: Map<number, Choice>;
  ctx: Ctx;
  testid?: string;
}) {
  const { dice, against } = props;
  const n = Math.max(dice.length, against.length);
  const cells = [];
  for (let i = 0; i < n; ++i) {
    const mine = dice[i];
    const theirs = against[i] ?? 2; // a missing die counts 2 and never scores
    const scores =
      mine !== undefined &&
      (mine > theirs || (!props.attacker && props.tiesDefender && mine === theirs));
    const c = props.rerolls?.get(i);
    cells.push(
      <span
        class={`mw-die${mine === undefined ? ' mw-die-missing' : ''}${scores ? ' mw-die-scores' : ''}`}
        key={i}
        title={mine === undefined ? props.ctx.t('mwt.die.missing') : undefined}
      >
        {mine ?? '·'}
        {c && <ChoiceButton c={c} ctx={props.ctx} short />}
      </span>,
    );
  }
  return (
    <span class="mw-dice" data-testid={props.testid}>
      {cells}
    </span>
  );
}
