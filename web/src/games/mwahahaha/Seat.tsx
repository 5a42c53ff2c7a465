// One scientist's side of the table: the Lair (scientist, ratings, stockpile), the device with its
// threat table, counters, Empires, Minions and hand sizes. Built only from that seat's part of the
// viewer's view: another seat's hands are counts (plus what this viewer has seen of them).
import type { Choice } from '../types';
import { LEVELS, TYPES, capability, deviceByKey, rawKinds, scientistByKey, tricks } from './data';
import { Card, ChoiceButton, type Ctx, Tokens } from './parts';
import { type MwView, type SeatView, capacityLeft } from './view';

export function DeviceTable(props: {
  deviceKey: string;
  tokens: number[];
  ctx: Ctx;
  levelsWon: number;
  bonus: number; // Maniacal − Humiliation (MW-24)
  threaten?: (level: string) => Choice | undefined;
  bare?: boolean; // a card drawn for a choice: no tokens on it yet, no capability to show
}) {
  const { ctx } = props;
  const { t } = ctx;
  const dev = deviceByKey.get(props.deviceKey);
  if (!dev) return null;
  const cap = capability(dev, props.tokens);
  return (
    <table class="mw-threats" data-testid="mw-threat-table">
      <caption>
        {props.bare
          ? t('mwt.device.table-bare')
          : t('mwt.device.table', { level: cap > 0 ? t(`mwt.level.${LEVELS[cap - 1]}`) : t('mwt.device.none') })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('mwt.device.level')}</th>
          {TYPES.map((ty) => (
            <th scope="col" class={`mw-t-${ty}`} key={ty}>
              <abbr title={t(`mwt.type.${ty}`)}>{t(`mwt.type.short.${ty}`)}</abbr>
            </th>
          ))}
          <th scope="col">{t('mwt.device.dice')}</th>
          <th scope="col">{t('mwt.device.ransom')}</th>
          <th scope="col">
            <span class="mw-sr">{t('mwt.device.act')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {LEVELS.map((lv, l) => {
          const ok = l < cap;
          const won = Math.floor(props.levelsWon / 2 ** l) % 2 === 1;
          const c = props.threaten?.(lv);
          return (
            <tr class={`${ok ? 'mw-met' : ''}${won ? ' mw-won' : ''}`} key={lv} data-level={lv}>
              <th scope="row">
                {t(`mwt.level.${lv}`)}
                {won && <span class="mw-badge">{t('mwt.device.won')}</span>}
              </th>
              {dev.requirements[l].map((n, i) => (
                <td class={(props.tokens[i] ?? 0) >= n ? 'mw-have' : ''} key={i}>
                  {n}
                </td>
              ))}
              <td>
                {t('mwt.device.vs', {
                  a: Math.max(0, dev.threat_dice[l] + props.bonus),
                  b: dev.people_dice[l],
                })}
              </td>
              <td>{l < 3 ? dev.ransom[l] : t('mwt.device.wins')}</td>
              <td>{c && <ChoiceButton c={c} ctx={ctx} short cls="mw-threaten" />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Counters(props: { s: SeatView; ctx: Ctx }) {
  const { s, ctx } = props;
  const { t } = ctx;
  return (
    <span class="mw-counters">
      <span class="mw-maniacal" title={t('mwt.maniacal.text')}>
        {t('mwt.maniacal', { n: s.maniacal })}
      </span>
      <span class="mw-humiliation" title={t('mwt.humiliation.text')}>
        {t('mwt.humiliation', { n: s.humiliation })}
      </span>
    </span>
  );
}

export function SeatPanel(props: {
  s: SeatView;
  v: MwView;
  ctx: Ctx;
  places: Map<string, Choice[]>;
  me: boolean;
}) {
  const { s, v, ctx, places, me } = props;
  const { t } = ctx;
  const sci = scientistByKey.get(s.scientist);
  const toAct = v.toAct === s.index;
  // The turn seat is order[order_pos]; `active` is the phase's richest player (MW-5).
  const turn = v.order[v.orderPos] === s.index && v.phase !== 'setup' && v.phase !== 'over';
  const first = v.order[0] === s.index && v.phase !== 'setup';
  const seatActs = places.get(`seat:${s.index}`) ?? [];
  const lairActs = places.get(`lair:${s.index}`) ?? [];
  const investActs = me ? (places.get('invest') ?? []) : [];
  const threatActs = me ? places : undefined;
  const bonus = s.maniacal - s.humiliation;
  const knownRaw = s.raw ? [] : rawKinds.filter((_, i) => (s.rawKnown[i] ?? 0) > 0);
  const knownTricks = s.tricks ? [] : tricks.filter((_, i) => (s.tricksKnown[i] ?? 0) > 0);
  return (
    <section
      class={`mw-seat${me ? ' mw-me' : ''}${toAct ? ' mw-to-act' : ''}${turn ? ' mw-turn' : ''}`}
      data-testid={`mw-seat-${s.index}`}
      aria-label={t('mwt.seat.label', { name: ctx.seatName(s.index) })}
    >
      <header class="mw-seat-head">
        <h3>{ctx.seatName(s.index)}</h3>
        {toAct && <span class="mw-badge mw-thinking">{t(me ? 'mwt.seat.your-move' : 'mwt.seat.thinking')}</span>}
        {turn && !toAct && <span class="mw-badge">{t('mwt.seat.turn')}</span>}
        {first && <span class="mw-badge">{t('mwt.seat.first')}</span>}
        <Counters s={s} ctx={ctx} />
        {seatActs.map((c) => (
          <ChoiceButton c={c} ctx={ctx} key={c.id} />
        ))}
      </header>
      <div class="mw-lair" data-testid={`mw-lair-${s.index}`}>
        {s.scientist ? (
          <Card k={s.scientist} ctx={ctx}>
            {sci && (
              <span class="mw-ratings" title={t('mwt.lair.text')}>
                <span class="mw-label">{t('mwt.lair')}</span>
                <Tokens n={sci.ratings} ctx={ctx} />
              </span>
            )}
          </Card>
        ) : (
          <Card k="" back="mwt.back.scientist" ctx={ctx} />
        )}
        <div class="mw-stock">
          <span class="mw-label">{t('mwt.stockpile')}</span>
          <Tokens n={s.stockpile} ctx={ctx} testid={`mw-stock-${s.index}`} />
        </div>
        {me && v.phase === 'creation' && (
          <div class="mw-stock">
            <span class="mw-label">{t('mwt.capacity')}</span>
            <Tokens n={TYPES.map((_, i) => capacityLeft(s, i))} ctx={ctx} />
          </div>
        )}
        {lairActs.length > 0 && (
          <div class="mw-acts">
            {lairActs.map((c) => (
              <ChoiceButton c={c} ctx={ctx} short key={c.id} cls="mw-attack" />
            ))}
          </div>
        )}
      </div>
      <div class="mw-device" data-testid={`mw-device-${s.index}`}>
        <span class="mw-label">{t('mwt.device')}</span>
        {s.device === 'none' ? (
          <span class="mw-none">{t('mwt.device.no-device')}</span>
        ) : s.device === 'face-down' ? (
          <Card k="" back="mwt.back.device" ctx={ctx} />
        ) : (
          <Card k={s.device} ctx={ctx} badges={s.deviceUp ? [] : [t('mwt.face-down')]} />
        )}
        <Tokens n={s.deviceTokens} ctx={ctx} testid={`mw-device-tokens-${s.index}`} />
        {investActs.length > 0 && (
          <div class="mw-acts">
            {investActs.map((c) => (
              <ChoiceButton c={c} ctx={ctx} short key={c.id} />
            ))}
          </div>
        )}
        {s.device !== 'none' && s.device !== 'face-down' && (
          <DeviceTable
            deviceKey={s.device}
            tokens={s.deviceTokens}
            ctx={ctx}
            levelsWon={s.levelsWon}
            bonus={bonus}
            threaten={threatActs ? (lv) => threatActs.get(`threat:${lv}`)?.[0] : undefined}
          />
        )}
        {(s.device === 'none' || s.device === 'face-down') && s.levelsWon > 0 && (
          <span class="mw-won-list">
            {t('mwt.device.won-levels', {
              levels: LEVELS.filter((_, l) => Math.floor(s.levelsWon / 2 ** l) % 2 === 1)
                .map((lv) => t(`mwt.level.${lv}`))
                .join(t('ui.list.sep')),
            })}
          </span>
        )}
      </div>
      <div class="mw-row" data-testid={`mw-empires-${s.index}`}>
        <span class="mw-label">{t('mwt.empires', { n: s.empires.length })}</span>
        {s.empires.map((e) => (
          <Card
            k={e.key}
            ctx={ctx}
            key={e.key}
            badges={e.struck ? [t('mwt.struck')] : []}
            choices={places.get(`empire:${e.key}`)}
          />
        ))}
      </div>
      <div class="mw-row" data-testid={`mw-minions-${s.index}`}>
        <span class="mw-label">{t('mwt.minions', { n: s.minions.length + s.hiddenMinions })}</span>
        {s.minions.map((m) => (
          <Card
            k={m.key}
            ctx={ctx}
            key={m.key}
            badges={[
              ...(m.faceDown ? [t('mwt.face-down')] : []),
              ...(m.attacked ? [t('mwt.attacked')] : []),
            ]}
            choices={places.get(`minion:${m.key}`)}
          />
        ))}
        {Array.from({ length: s.hiddenMinions }, (_, i) => (
          <Card k="" back="mwt.back.minion" ctx={ctx} key={`h${i}`} />
        ))}
      </div>
      <div class="mw-row mw-hands">
        <span class="mw-hand-count" data-testid={`mw-raw-count-${s.index}`}>
          {t('mwt.raw-count', { n: s.rawCount })}
        </span>
        <span class="mw-hand-count" data-testid={`mw-trick-count-${s.index}`}>
          {t('mwt.trick-count', { n: s.trickCount })}
        </span>
        {knownRaw.length + knownTricks.length > 0 && (
          <span class="mw-known">
            <span class="mw-label">{t('mwt.known')}</span>
            {knownRaw.map((r) => (
              <Card k={r.key} ctx={ctx} key={r.key} count={s.rawKnown[rawKinds.indexOf(r)]} />
            ))}
            {knownTricks.map((r) => (
              <Card k={r.key} ctx={ctx} key={r.key} count={s.tricksKnown[tricks.indexOf(r)]} />
            ))}
          </span>
        )}
      </div>
    </section>
  );
}
