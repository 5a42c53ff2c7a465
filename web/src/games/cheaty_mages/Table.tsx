// Cheaty Mages!: the five fighters (strength, prize, the spells on each: a card back when face
// down and unknown to you, the spell when you know it), the judge and its limit, every mage's
// coins and bet count (your own bets only to you until they are shown), your hand, and the
// summary of the last match. Clicks on a fighter, the judge or a hand card make the choice.
import { Card } from '../../app/Card';
import { facts } from '../../app/facts';
import type { Choice, TableProps } from '../types';
import { lastJudgement, positions } from './judgement';

function choice(choices: Choice[], ...names: string[]): number | undefined {
  for (const n of names) {
    const c = choices.find((x) => x.name === n);
    if (c) return c.id;
  }
  return undefined;
}

function SpellCard(p: TableProps & { s: any; index: number }) {
  const { s } = p;
  const known = s.spell && s.spell !== 'unknown';
  const c = known ? p.card(s.spell) : undefined;
  const type = p.t(`cm.type.${String(s.type).toLowerCase()}`);
  const who = p.t('cm.spell.by', { seat: p.seatName(s.caster) });
  const state = s.face_up ? p.t('cm.spell.face-up') : p.t('cm.spell.face-down');
  return (
    <Card
      small
      back={!known}
      name={known ? (c?.name ?? s.spell) : p.t('cm.spell.unknown', { type })}
      text={c?.text}
      label={`${type} · ${state} · ${who}`}
      testid={known ? undefined : 'spell-back'}
    />
  );
}

function Fighters(p: TableProps) {
  const v = p.view;
  const data = facts();
  return (
    <section class="panel cm-fighters">
      <h3>{p.t('cm.fighters.title')}</h3>
      <ol class="fighters">
        {(v.fighters ?? []).map((f: any) => {
          const fd = f.fighter ? data.fighters?.[f.fighter] : undefined;
          const c = f.fighter ? p.card(f.fighter) : undefined;
          const pick = choice(p.choices, `bet:${f.position}`, `target:${f.position}`);
          const won = v.last_match && v.phase !== 'betting' && v.last_match.winner_position === f.position;
          return (
            <li key={f.position} class={`fighter${pick !== undefined ? ' choosable' : ''}${won ? ' won' : ''}`} data-testid={`fighter-${f.position}`}>
              <div class="fighter-head">
                <span class="pos">{f.position}</span>
                {f.fighter ? (
                  <Card name={c?.name ?? f.fighter} text={c?.text} choice={pick} onChoose={p.act} highlight={pick !== undefined} />
                ) : (
                  <Card name={p.t('cm.fighter.none')} back />
                )}
              </div>
              {fd && (
                <p class="stats">
                  {p.t('cm.fighter.strength', { n: fd.strength })} · {p.t('cm.fighter.prize', { n: fd.prize })}
                  {fd.reverses && ` · ${p.t('cm.fighter.reverses')}`}
                </p>
              )}
              <div class="spells">
                {(f.spells ?? []).map((s: any, i: number) => (
                  <SpellCard key={i} {...p} s={s} index={i} />
                ))}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Judge(p: TableProps) {
  const v = p.view;
  if (!v.judge) return null;
  const jd = facts().judges?.[v.judge];
  const c = p.card(v.judge);
  const pick = choice(p.choices, 'target:judge');
  return (
    <section class="panel cm-judge" data-testid="judge">
      <h3>{p.t('cm.judge.title')}</h3>
      <Card name={c?.name ?? v.judge} text={c?.text} choice={pick} onChoose={p.act} highlight={pick !== undefined} />
      {jd && (
        <p>
          {jd.penalty === 'none'
            ? p.t('cm.judge.never')
            : jd.penalty === 'flip'
              ? p.t('cm.judge.flip')
              : `${p.t('cm.judge.limit', { n: jd.limit })} · ${p.t(`cm.penalty.${jd.penalty}`)}`}
          {(jd.bans ?? []).length > 0 && ` · ${p.t('cm.judge.bans', { list: (jd.bans as string[]).map((b) => p.t(`cm.type.${b}`)).join(p.t('ui.list.sep')) })}`}
        </p>
      )}
      <div class="spells">
        {(v.judge_spells ?? []).map((s: any, i: number) => (
          <SpellCard key={i} {...p} s={s} index={i} />
        ))}
      </div>
    </section>
  );
}

function Mages(p: TableProps) {
  const v = p.view;
  return (
    <section class="panel cm-mages">
      <h3>{p.t('cm.mages.title')}</h3>
      <ul class="mages">
        {(v.seats ?? []).map((s: any, q: number) => (
          <li key={q} class={v.turn_player === q ? 'turn' : ''} data-testid={`mage-${q}`}>
            <b>{p.seatName(q)}</b>
            <span>{p.t('cm.mage.coins', { n: s.coins })}</span>
            <span>{p.t('cm.mage.hand', { n: s.hand_size })}</span>
            <span>
              {s.bets !== undefined
                ? positions(s.bets).length === 0
                  ? p.t('cm.mage.bets.none')
                  : p.t('cm.mage.bets', { list: betList(p, s.bets, (n) => (v.fighters ?? [])[n - 1]?.fighter) })
                : p.t('cm.mage.bets-hidden', { n: s.bet_cards })}
            </span>
            {s.passed && <span>{p.t('cm.mage.passed')}</span>}
            {(s.continuous ?? []).length > 0 && (
              <span>
                {(s.continuous as string[]).map((k) => (
                  <Card key={k} small name={p.card(k)?.name ?? k} text={p.card(k)?.text} />
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Hand(p: TableProps) {
  if (p.seat === null) return null;
  const me = (p.view.seats ?? [])[p.seat];
  const hand: Record<string, number> = me?.hand ?? {};
  const spells = facts().spells ?? {};
  return (
    <section class="panel cm-hand" data-testid="hand">
      <h3>{p.t('cm.hand.title', { n: me?.hand_size ?? 0 })}</h3>
      <div class="hand">
        {Object.entries(hand).flatMap(([k, n]) =>
          Array.from({ length: n }, (_, i) => {
            const id = choice(p.choices, `cast:${k}`, `hide:${k}`, `discard:${k}`);
            const c = p.card(k);
            const sd = spells[k];
            return (
              <Card
                key={`${k}.${i}`}
                name={c?.name ?? k}
                text={c?.text}
                label={sd ? p.t('cm.spell.facts', { type: p.t(`cm.type.${sd.type}`), mana: sd.mana }) : undefined}
                highlight={id !== undefined}
                choice={i === 0 ? id : undefined}
                onChoose={p.act}
                testid={`hand-${k}`}
              />
            );
          }),
        )}
      </div>
    </section>
  );
}

// A position as its fighter's name and number; the number alone when the name is not known.
function atPos(p: TableProps, pos: number, fighter: string | null | undefined): string {
  const name = fighter ? (p.card(fighter)?.name ?? fighter) : '';
  return name ? p.t('cm.at', { fighter: name, n: pos }) : (p.phrase ?? p.t)('cm.at.n', { n: pos });
}

// The engine's bet list ("1,3" or "-") as fighters, by the fighters of that match.
function betList(p: TableProps, list: unknown, fighterAt: (pos: number) => string | null | undefined): string {
  const ps = positions(list);
  return ps.length ? ps.map((n) => atPos(p, n, fighterAt(n))).join(p.t('ui.list.sep')) : p.t('cm.bets.none');
}

function Summary(p: TableProps) {
  const m = p.view.last_match;
  if (!m) return null;
  const judged = lastJudgement(p.log ?? []);
  const fighterAt = (pos: number) => judged?.find((j) => j.pos === pos)?.fighter;
  const winner = m.all_ejected ? null : atPos(p, m.winner_position, fighterAt(m.winner_position));
  return (
    <section class="panel cm-summary" data-testid="match-summary">
      <h3>{p.t(m.judged ? 'cm.summary.title' : 'cm.summary.title.unjudged', { n: m.match })}</h3>
      <p>
        {m.counted ? p.t('cm.summary.counted') : p.t('cm.summary.not-counted')}
        {m.confusion && ` · ${p.t('cm.summary.confusion')}`}
        {m.ferine_turned && ` · ${p.t('cm.summary.ferine', { type: p.t(`cm.type.${String(m.ferine_turned).toLowerCase()}`) })}`}
        {m.all_ejected && ` · ${p.t('cm.summary.all-ejected')}`}
      </p>
      {winner && <p class="highlight">{p.t('cm.summary.winner', { fighter: winner, prize: m.prize })}</p>}
      {judged && (
        <table class="judged" data-testid="match-fighters">
          <thead>
            <tr>
              <th>{p.t('cm.summary.fighter')}</th>
              <th>{p.t('cm.summary.mana')}</th>
              <th>{p.t('cm.summary.strength')}</th>
              <th>{p.t('cm.summary.verdict')}</th>
            </tr>
          </thead>
          <tbody>
            {judged.map((j) => {
              const c = p.card(j.fighter);
              const won = !m.all_ejected && j.pos === m.winner_position;
              return (
                <tr key={j.pos} class={won ? 'won' : ''}>
                  <td>
                    <Card small name={p.t('cm.at', { fighter: c?.name ?? j.fighter, n: j.pos })} text={c?.text} />
                  </td>
                  <td>
                    {j.mana === null ? p.t('cm.summary.no-spells') : j.mana}
                    {j.spells.length > 0 && (
                      <span class="spells">
                        {j.spells.map((k, i) => (
                          <Card key={i} small name={p.card(k)?.name ?? k} text={p.card(k)?.text} />
                        ))}
                      </span>
                    )}
                  </td>
                  <td>{j.strength === null ? p.t('cm.summary.out') : j.strength}</td>
                  <td>
                    {p.t(`cm.verdict.${j.penalty ?? 'ok'}`)}
                    {won && ` · ${p.t('cm.summary.won')}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <table class="payouts" data-testid="match-payouts">
        <thead>
          <tr>
            <th>{p.t('cm.summary.mage')}</th>
            <th>{p.t('cm.summary.bets')}</th>
            <th>{p.t('cm.summary.payout')}</th>
          </tr>
        </thead>
        <tbody>
          {(m.bets ?? []).map((b: string, q: number) => (
            <tr key={q}>
              <td>{p.seatName(q)}</td>
              <td>{betList(p, b, fighterAt)}</td>
              <td>{p.t('cm.summary.coins', { n: m.payouts?.[q] ?? 0 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function CheatyMagesTable(p: TableProps) {
  const v = p.view;
  const pend = v.pending;
  return (
    <div class="cm-table" data-testid="cm-table">
      <section class="panel cm-info">
        <p>
          {p.t('cm.info.match', { n: v.matches_played + (v.phase === 'game-over' ? 0 : 1), counted: v.matches_counted })} · {p.t(`cm.phase.${v.phase}`)}
          {v.stage && ` · ${p.t(`cm.stage.${v.stage}`)}`} · {p.t('cm.info.deck', { n: v.deck_size })}
        </p>
        {pend && (
          <p class="highlight">
            {p.t('cm.info.pending', { seat: p.seatName(pend.caster) })}{' '}
            {pend.spell !== 'unknown' ? (
              <Card small name={p.card(pend.spell)?.name ?? pend.spell} text={p.card(pend.spell)?.text} />
            ) : (
              <Card small back name={p.t('cm.spell.unknown', { type: p.t(`cm.type.${String(pend.type).toLowerCase()}`) })} />
            )}
          </p>
        )}
      </section>
      <Judge {...p} />
      <Fighters {...p} />
      <Hand {...p} />
      <Mages {...p} />
      <Summary {...p} />
    </div>
  );
}
