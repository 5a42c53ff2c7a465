// The middle of the table: what is being decided (the fight with its dice, the threat with its
// dice, the trade dialogue, cards drawn for a choice) and the viewer's own hand.
import type { Choice } from '../types';
import { LEVELS, TYPES, devices, empires, minions, rawKinds, scientists, tricks } from './data';
import { missing, parse } from './choices';
import { Card, ChoiceButton, type Ctx, Dice, Tokens, untranslated } from './parts';
import { DeviceTable } from './Seat';
import { type MwView, PURPOSES, fightRolled, threatOn } from './view';

/** Successes of sorted rolls compared pairwise (MW-19), for marking the dice that scored. */
function successes(a: number[], d: number[], tiesDefender: boolean): [number, number] {
  let xa = 0;
  let xd = 0;
  for (let i = 0; i < Math.max(a.length, d.length); ++i) {
    const va = a[i];
    const vd = d[i];
    const ea = va ?? 2;
    const ed = vd ?? 2;
    if (va !== undefined && ea > ed) ++xa;
    else if (vd !== undefined && (ed > ea || (tiesDefender && ed === ea))) ++xd;
  }
  return [xa, xd];
}

function DiceDuel(props: { v: MwView; ctx: Ctx; places: Map<string, Choice[]>; left: string; right: string }) {
  const { v, ctx, places } = props;
  const [a, d] = v.dice.dice;
  // Successes are counted here (MW-19): the view's count is filled in only once the roll's window
  // has closed. The table's `ties` option is not in the view: once the engine has counted, a count
  // that only the defender-wins-ties reading gives says that option is on.
  const plain = successes(a, d, false);
  const byDefender = successes(a, d, true);
  const counted = v.dice.successes;
  const tiesDefender =
    counted[0] + counted[1] > 0 &&
    (plain[0] !== counted[0] || plain[1] !== counted[1]) &&
    byDefender[0] === counted[0] &&
    byDefender[1] === counted[1];
  const succ = tiesDefender ? byDefender : plain;
  const rerolls = (side: string) => {
    const m = new Map<number, Choice>();
    for (const [p, cs] of places) {
      const [kind, s, i] = p.split(':');
      if (kind === 'die' && s === side) m.set(Number(i), cs[0]);
    }
    return m;
  };
  return (
    <div class="mw-duel" data-testid="mw-dice">
      <div class="mw-duel-side">
        <span class="mw-label">{props.left}</span>
        <Dice dice={a} against={d} attacker tiesDefender={tiesDefender} rerolls={rerolls('first')} ctx={ctx} testid="mw-dice-first" />
        <span class="mw-succ">{ctx.t('mwt.successes', { n: succ[0] })}</span>
      </div>
      <div class="mw-duel-side">
        <span class="mw-label">{props.right}</span>
        <Dice dice={d} against={a} attacker={false} tiesDefender={tiesDefender} rerolls={rerolls('second')} ctx={ctx} testid="mw-dice-second" />
        <span class="mw-succ">{ctx.t('mwt.successes', { n: succ[1] })}</span>
      </div>
    </div>
  );
}

export function FightPanel(props: { v: MwView; ctx: Ctx; places: Map<string, Choice[]> }) {
  const { v, ctx, places } = props;
  const f = v.fight;
  if (!f) return null;
  const { t } = ctx;
  const target = f.empire
    ? ctx.cardName(f.empire)
    : t('mwt.fight.lair', { type: t(`mwt.type.${TYPES[f.type]}`) });
  const side = (keys: string[], dmg: number[], who: string) => (
    <div class="mw-row">
      <span class="mw-label">{who}</span>
      {keys.length === 0 && <span class="mw-none">{t('mwt.fight.nobody')}</span>}
      {keys.map((k, i) => (
        <Card
          k={k}
          ctx={ctx}
          key={k}
          badges={dmg[i] ? [t('mwt.fight.damage-taken', { n: dmg[i] })] : []}
          choices={places.get(`minion:${k}`)}
        />
      ))}
    </div>
  );
  return (
    <section class="mw-panel mw-fight" data-testid="mw-fight" aria-live="polite">
      <h3 {...untranslated(!f.empire || ctx.named(f.empire))}>
        {t('mwt.fight.title', {
          attacker: ctx.seatName(f.attacker),
          defender: ctx.seatName(f.defender),
          target,
        })}
      </h3>
      {f.empire && <Card k={f.empire} ctx={ctx} choices={places.get(`pending:${f.empire}`)} />}
      {side(f.attackers, f.atkDamage, t('mwt.fight.attackers', { name: ctx.seatName(f.attacker) }))}
      {side(f.defenders, f.defDamage, t('mwt.fight.defenders', { name: ctx.seatName(f.defender) }))}
      {fightRolled(v) ? (
        <DiceDuel v={v} ctx={ctx} places={places} left={ctx.seatName(f.attacker)} right={ctx.seatName(f.defender)} />
      ) : (
        <p class="mw-note">{t('mwt.fight.not-rolled')}</p>
      )}
      {v.stage === 'plunder' && <p class="mw-note">{t('mwt.fight.plunder', { n: f.plunderPoints })}</p>}
      {v.stage === 'damage' && <p class="mw-note">{t('mwt.fight.damage', { n: f.damageLeft })}</p>}
    </section>
  );
}

export function ThreatPanel(props: { v: MwView; ctx: Ctx; places: Map<string, Choice[]> }) {
  const { v, ctx, places } = props;
  if (!threatOn(v)) return null;
  const { t } = ctx;
  const th = v.threat;
  const n = v.seats.length;
  const people = (th.threatener + 1) % n;
  const rolled = v.window >= 8; // the threat-after-roll window or later (MW-6b)
  const lv = LEVELS[th.level] ?? 'city';
  const s = v.seats[th.threatener];
  return (
    <section class="mw-panel mw-threat" data-testid="mw-threat" aria-live="polite">
      <h3>
        {t('mwt.threat.title', { name: ctx.seatName(th.threatener), level: t(`mwt.level.${lv}`) })}
      </h3>
      <p class="mw-note">
        {t('mwt.threat.need', { n: th.level + 1, people: ctx.seatName(people) })}
      </p>
      {s && s.device !== 'none' && s.device !== 'face-down' && (
        <Card k={s.device} ctx={ctx} />
      )}
      {rolled && v.dice.count[0] + v.dice.count[1] > 0 ? (
        <DiceDuel
          v={v}
          ctx={ctx}
          places={places}
          left={ctx.seatName(th.threatener)}
          right={t('mwt.threat.people', { name: ctx.seatName(people) })}
        />
      ) : (
        <p class="mw-note">{t('mwt.fight.not-rolled')}</p>
      )}
      {th.ransomLeft > 0 && <p class="mw-note">{t('mwt.threat.ransom', { n: th.ransomLeft })}</p>}
    </section>
  );
}

function tokenItems(n: number[], ctx: Ctx) {
  return n.some((x) => x > 0) ? <Tokens n={n} ctx={ctx} /> : null;
}

export function TradePanel(props: { v: MwView; ctx: Ctx; places: Map<string, Choice[]> }) {
  const { v, ctx, places } = props;
  const tr = v.trade;
  if (!tr) return null;
  const { t } = ctx;
  const acts = places.get('trade') ?? [];
  const group = (verb: string) => acts.filter((c) => parse(c.name).verb === verb);
  const peek = new Map(group('peek').map((c) => [Number(parse(c.name).args[0]), c]));
  const buttons = (verbs: string[], cls?: string) => {
    const cs = verbs.flatMap(group);
    return cs.length ? (
      <div class="mw-acts">
        {cs.map((c) => (
          <ChoiceButton c={c} ctx={ctx} key={c.id} cls={cls} />
        ))}
      </div>
    ) : null;
  };
  const rawItem = (r: { described: string | null; really: string | null }, i: number) => (
    <span class="mw-trade-raw" key={i}>
      {r.described ? (
        <Card k={r.described} ctx={ctx} badges={[t('mwt.trade.described')]} />
      ) : (
        <Card k="" back="mwt.back.undescribed" ctx={ctx} />
      )}
      {r.really && r.really !== r.described && (
        <span class={`mw-badge${r.really === 'betrayed' ? ' mw-betrayed' : ''}`} {...untranslated(ctx.named(r.really))}>
          {t('mwt.trade.really', { card: ctx.cardName(r.really) })}
        </span>
      )}
      {peek.get(i) && <ChoiceButton c={peek.get(i)!} ctx={ctx} short />}
    </span>
  );
  const minion = (k: string, i: number) =>
    k === 'face-down' ? (
      <Card k="" back="mwt.back.minion" ctx={ctx} key={`fd${i}`} />
    ) : (
      <Card k={k} ctx={ctx} key={k} />
    );
  return (
    <section class="mw-panel mw-trade" data-testid="mw-trade" aria-live="polite">
      <h3>
        {t('mwt.trade.title', { from: ctx.seatName(tr.proposer), to: ctx.seatName(tr.partner) })}
      </h3>
      <div class="mw-trade-sides">
        <div class="mw-trade-side" data-testid="mw-trade-offer">
          <span class="mw-label">{t('mwt.trade.offers', { name: ctx.seatName(tr.proposer) })}</span>
          {tokenItems(tr.offerTokens, ctx)}
          {tr.offerEmpires.map((k) => (
            <Card k={k} ctx={ctx} key={k} />
          ))}
          {tr.offerMinions.map(minion)}
          {tr.offerRaw.map(rawItem)}
          {tr.offerTricks.map((k, i) => (
            <Card k={k} ctx={ctx} key={`${k}${i}`} />
          ))}
          {buttons(['offer-token'])}
        </div>
        <div class="mw-trade-side" data-testid="mw-trade-ask">
          <span class="mw-label">{t('mwt.trade.asks', { name: ctx.seatName(tr.partner) })}</span>
          {tokenItems(tr.askTokens, ctx)}
          {tr.askEmpires.map((k) => (
            <Card k={k} ctx={ctx} key={k} />
          ))}
          {tr.askMinions.map(minion)}
          {tr.askRaw.map((k, i) => (
            <Card
              k={k}
              ctx={ctx}
              key={`${k}${i}`}
              badges={tr.givenRaw[i] ? [t('mwt.trade.given', { card: ctx.cardName(tr.givenRaw[i]) })] : []}
            />
          ))}
          {tr.askTricks > 0 && <span class="mw-note">{t('mwt.trade.ask-tricks', { n: tr.askTricks })}</span>}
          {buttons(['ask-token', 'ask-trick'])}
        </div>
      </div>
      <p class="mw-note">{t('mwt.trade.items', { n: tr.items })}</p>
      {group('describe-as').length > 0 && (
        <div>
          <span class="mw-label">{t('mwt.trade.describe')}</span>
          {buttons(['describe-as'])}
        </div>
      )}
      {group('ask-raw').length > 0 && (
        <details>
          <summary>{t('mwt.trade.ask-raw')}</summary>
          {buttons(['ask-raw'])}
        </details>
      )}
      {buttons(['accept', 'propose'], 'mw-primary')}
      {buttons(['decline', 'cancel-trade'])}
    </section>
  );
}

/** Cards drawn for a choice (devices to keep, Assembly Line, Insider Tip) or the scientists. */
export function PendingPanel(props: { v: MwView; ctx: Ctx; places: Map<string, Choice[]> }) {
  const { v, ctx, places } = props;
  const { t } = ctx;
  const keys = [...places.keys()].filter((p) => p.startsWith('pending:') || p.startsWith('scientist:'));
  // Shown also without choices (another viewer's turn): what the view says this viewer holds.
  const cards = keys.map((p) => p.split(':')[1]);
  if (cards.length === 0 && v.pending && v.pending.length > 0) {
    const list =
      v.stage === 'keep-device' ? devices : v.stage === 'choose-empire' ? empires : minions;
    for (const i of v.pending) if (list[i]) cards.push(list[i].key);
  }
  if (cards.length === 0) return null;
  return (
    <section class="mw-panel mw-pending" data-testid="mw-pending">
      <h3>{missing(t(`mwt.pending.${v.stage}`), `mwt.pending.${v.stage}`) ? t('mwt.pending.default') : t(`mwt.pending.${v.stage}`)}</h3>
      <div class="mw-row">
        {cards.map((k) => (
          <div class="mw-pending-card" key={k}>
            <Card k={k} ctx={ctx} choices={places.get(`pending:${k}`) ?? places.get(`scientist:${k}`)} />
            {devices.some((d) => d.key === k) && (
              <DeviceTable deviceKey={k} tokens={[0, 0, 0, 0]} ctx={ctx} levelsWon={0} bonus={0} bare />
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

/** A Dirty Trick being resolved, and its player. */
export function TrickPanel(props: { v: MwView; ctx: Ctx }) {
  const { v, ctx } = props;
  const tr = tricks[v.trick.card];
  if (!tr || v.trick.player < 0 || v.stage === 'window' || v.stage === 'creation') return null;
  return (
    <section class="mw-panel mw-trick" data-testid="mw-trick">
      <span class="mw-label">
        {ctx.t('mwt.trick.played', { name: ctx.seatName(v.trick.player) })}
      </span>
      <Card k={tr.key} ctx={ctx} />
    </section>
  );
}

export function HandPanel(props: { v: MwView; ctx: Ctx; places: Map<string, Choice[]>; seat: number }) {
  const { v, ctx, places, seat } = props;
  const s = v.seats[seat];
  if (!s || !s.raw || !s.tricks) return null;
  const { t } = ctx;
  return (
    <section class="mw-panel mw-hand" data-testid="mw-hand" aria-label={t('mwt.hand')}>
      <div class="mw-row" data-testid="mw-raw">
        <span class="mw-label">{t('mwt.hand.raw', { n: s.rawCount })}</span>
        {rawKinds.map((r, i) =>
          (s.raw![i] ?? 0) > 0 ? (
            <Card k={r.key} ctx={ctx} key={r.key} count={s.raw![i]} choices={places.get(`raw:${r.key}`)} />
          ) : null,
        )}
        {s.rawCount === 0 && <span class="mw-none">{t('mwt.hand.empty')}</span>}
      </div>
      <div class="mw-row" data-testid="mw-tricks">
        <span class="mw-label">{t('mwt.hand.tricks', { n: s.trickCount })}</span>
        {tricks.map((r, i) =>
          (s.tricks![i] ?? 0) > 0 ? (
            <Card k={r.key} ctx={ctx} key={r.key} count={s.tricks![i]} choices={places.get(`trick:${r.key}`)} />
          ) : null,
        )}
        {s.trickCount === 0 && <span class="mw-none">{t('mwt.hand.empty')}</span>}
      </div>
    </section>
  );
}

/** MW-29a: who won and why — World success, or the ranking at the round limit. */
export function Standings(props: { v: MwView; ctx: Ctx }) {
  const { v, ctx } = props;
  if (!v.winners) return null;
  const { t } = ctx;
  const best = (mask: number) => {
    for (let l = 3; l >= 0; --l) if (Math.floor(mask / 2 ** l) % 2 === 1) return l;
    return -1;
  };
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  const rows = v.seats
    .map((s) => ({ s, level: best(s.levelsWon), dev: sum(s.deviceTokens), stock: sum(s.stockpile) }))
    .sort(
      (a, b) =>
        Number(v.winners!.includes(b.s.index)) - Number(v.winners!.includes(a.s.index)) ||
        b.level - a.level ||
        b.dev - a.dev ||
        b.stock - a.stock,
    );
  const why = ['', 'world', 'round-limit', 'guard'][v.win] ?? 'round-limit';
  return (
    <section class="mw-panel mw-standings" data-testid="mw-standings">
      <h3>{t('mwt.over.title')}</h3>
      <p>{t(`mwt.over.${why}`, { names: v.winners.map((w) => ctx.seatName(w)).join(t('ui.list.sep')) })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('mwt.over.seat')}</th>
            <th scope="col">{t('mwt.over.level')}</th>
            <th scope="col">{t('mwt.over.device')}</th>
            <th scope="col">{t('mwt.over.stockpile')}</th>
            <th scope="col">{t('mwt.over.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.s.index} class={v.winners!.includes(r.s.index) ? 'mw-winner' : ''}>
              <th scope="row" {...untranslated(!r.s.scientist || ctx.named(r.s.scientist))}>
                {ctx.seatName(r.s.index)}
                {r.s.scientist && ` (${ctx.cardName(r.s.scientist)})`}
              </th>
              <td>{r.level >= 0 ? t(`mwt.level.${LEVELS[r.level]}`) : t('mwt.over.no-level')}</td>
              <td>{r.dev}</td>
              <td>{r.stock}</td>
              <td>{v.winners!.includes(r.s.index) ? t('mwt.over.won') : t('mwt.over.lost')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Which purposes name what a sub-decision is for (their prompts). */
export function purposeOf(v: MwView): string {
  return PURPOSES[v.trick.purpose] ?? 'none';
}

export const SCIENTIST_KEYS = scientists.map((s) => s.key);
