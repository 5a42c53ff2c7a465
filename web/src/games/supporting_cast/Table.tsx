// Tribute to the Supporting Cast: the seven chains (events in order, owner, villain colour,
// heroes on it), the score track to 16, every seat's villain, markers, bad-luck steps and skips,
// and your hand with its playable cards (a click plays them). Drawn from the viewer's view only.
import { Card } from '../../app/Card';
import { villainColour, textOn } from '../../app/facts';
import type { Choice, TableProps } from '../types';

function choiceFor(choices: Choice[], name: string): number | undefined {
  return choices.find((c) => c.name === name)?.id;
}

function ScoreTrack(p: TableProps) {
  const seats: any[] = p.view.seats ?? [];
  return (
    <section class="panel sc-track" aria-label={p.t('sc.track.title')}>
      <h3>{p.t('sc.track.title')}</h3>
      <ol class="track">
        {Array.from({ length: 17 }, (_, n) => (
          <li key={n} class={n === 16 ? 'goal' : ''}>
            <span class="track-n">{n}</span>
            {seats
              .filter((s) => s.score === n)
              .map((s) => (
                <span
                  key={s.seat}
                  class="token"
                  style={{ background: villainColour(s.villain), color: textOn(villainColour(s.villain)) }}
                  title={p.seatName(s.seat)}
                >
                  {s.seat + 1}
                </span>
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Chains(p: TableProps) {
  const chains: any[] = p.view.chains ?? [];
  return (
    <section class="panel sc-chains">
      <h3>{p.t('sc.chains.title')}</h3>
      <ol class="chains">
        {chains.map((c) => {
          const colour = villainColour(c.villain);
          const vcard = p.card(`${c.villain}.villain`);
          const events: number[] = c.events ?? [];
          return (
            <li key={c.villain} class={`chain${c.complete ? ' complete' : ''}${c.on_table ? '' : ' off'}`} style={{ '--villain': colour }} data-testid={`chain-${c.villain}`}>
              <div class="chain-head">
                <span class="swatch" style={{ background: colour }} aria-hidden="true" />
                <Card name={vcard?.name ?? c.villain} text={vcard?.text} small />
                <span class="owner">
                  {c.owner >= 0 ? p.t('sc.chain.owner', { seat: p.seatName(c.owner) }) : p.t('sc.chain.unowned')}
                </span>
                {c.complete && <span class="badge">{p.t('sc.chain.complete')}</span>}
                {!c.on_table && <span class="badge">{p.t('sc.chain.removed')}</span>}
              </div>
              <ol class="events">
                {Array.from({ length: 7 }, (_, i) => i + 1).map((k) => {
                  const on = events.includes(k);
                  const e = p.card(`${c.villain}.e${k}`);
                  return (
                    <li key={k} class={`event${on ? ' on' : ''}${c.first === k ? ' first' : ''}${c.last === k ? ' last' : ''}`}>
                      {on ? <Card name={`${k}. ${e?.name ?? ''}`} text={e?.text} small color={colour} /> : <span class="slot">{k}</span>}
                    </li>
                  );
                })}
              </ol>
              {(c.heroes ?? []).length > 0 && (
                <div class="heroes">
                  {p.t('sc.chain.heroes')}{' '}
                  {(c.heroes as string[]).map((h) => (
                    <Card key={h} name={p.card(h)?.name ?? h} text={p.card(h)?.text} small />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Seats(p: TableProps) {
  const seats: any[] = p.view.seats ?? [];
  return (
    <section class="panel sc-seats">
      <h3>{p.t('sc.seats.title')}</h3>
      <ul class="sc-seat-list">
        {seats.map((s) => {
          const colour = villainColour(s.villain);
          const v = s.villain ? p.card(`${s.villain}.villain`) : undefined;
          const m = s.marker ?? { state: 'none' };
          const mcard = m.card ? p.card(m.card) : undefined;
          return (
            <li key={s.seat} class={`sc-seat${p.view.turn_player === s.seat ? ' turn' : ''}`} style={{ '--villain': colour }} data-testid={`sc-seat-${s.seat}`}>
              <div class="who">
                <span class="swatch" style={{ background: colour }} aria-hidden="true" />
                <b>{p.seatName(s.seat)}</b> {v && <Card name={v.name} text={v.text} small />}
              </div>
              <div class="facts">
                <span>{p.t('sc.seat.score', { n: s.score })}</span>
                <span>{p.t('sc.seat.hand', { n: s.hand_count })}</span>
                <span class="bad-luck" aria-label={p.t('sc.seat.bad-luck', { n: s.bad_luck })}>
                  {p.t('sc.seat.bad-luck', { n: s.bad_luck })}{' '}
                  {[1, 2, 3].map((k) => (
                    <span key={k} class={`pip${s.bad_luck >= k ? ' on' : ''}`} aria-hidden="true" />
                  ))}
                </span>
                {s.skip && s.skip !== 'none' && <span class="skip">{p.t(`sc.seat.skip.${s.skip}`)}</span>}
                {s.villain_card_held && <span>{p.t('sc.seat.villain-held')}</span>}
              </div>
              {m.state !== 'none' && (
                <div class="marker">
                  {p.t(m.state === 'face-up' ? 'sc.marker.up' : 'sc.marker.down')}{' '}
                  {m.card ? (
                    <Card name={mcard?.name ?? p.t('sc.marker.special')} text={mcard?.text} small back={m.state !== 'face-up'} />
                  ) : (
                    <Card name={p.t('sc.marker.hidden')} back small label={p.t(`sc.marker.among.${m.among_known_cards}`)} />
                  )}
                </div>
              )}
              {(s.known_cards ?? []).length > 0 && s.seat !== p.seat && (
                <div class="known">
                  {p.t('sc.seat.known')}{' '}
                  {(s.known_cards as string[]).map((k) => (
                    <Card key={k} name={p.card(k)?.name ?? k} text={p.card(k)?.text} small />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Hand(p: TableProps) {
  if (p.seat === null) return null;
  const me = (p.view.seats ?? [])[p.seat];
  const hand: string[] = me?.hand ?? [];
  return (
    <section class="panel sc-hand" data-testid="hand">
      <h3>{p.t('sc.hand.title', { n: hand.length })}</h3>
      <div class="hand">
        {hand.map((k) => {
          const id = choiceFor(p.choices, `play:${k}`) ?? choiceFor(p.choices, `marker:${k}`);
          const c = p.card(k);
          const v = k.split('.')[0];
          return (
            <Card
              key={k}
              name={c?.name ?? k}
              text={c?.text}
              color={villainColour(v)}
              highlight={id !== undefined}
              choice={id}
              onChoose={p.act}
              testid={`hand-${k}`}
            />
          );
        })}
        {hand.length === 0 && <p>{p.t('sc.hand.empty')}</p>}
      </div>
    </section>
  );
}

function Info(p: TableProps) {
  const v = p.view;
  const lr = v.last_round;
  return (
    <section class="panel sc-info">
      <p>
        {p.t('sc.info.round', { n: v.round })} · {p.t('sc.info.pile', { n: v.pile_count })} · {p.t('sc.info.all-in', { n: (v.all_in_supply ?? []).length })}
        {v.party_last_turns !== null && v.party_last_turns !== undefined && ` · ${p.t('sc.info.party', { n: v.party_last_turns })}`}
      </p>
      {v.last_play && (
        <p>
          {p.t('sc.info.last-play', { seat: p.seatName(v.last_play.seat) })} <Card name={p.card(v.last_play.card)?.name ?? v.last_play.card} text={p.card(v.last_play.card)?.text} small />
        </p>
      )}
      {v.all_in && <p class="highlight">{p.t('sc.info.all-in-run', { seat: p.seatName(v.all_in.player), hits: v.all_in.hits, needed: v.all_in.needed })}</p>}
      {v.claim && (
        <p class="highlight">
          {p.t('sc.info.claim', { seat: p.seatName(v.claim.claimer) })} <Card name={p.card(v.claim.super_hero)?.name ?? ''} text={p.card(v.claim.super_hero)?.text} small />
        </p>
      )}
      {lr && (
        <p class="summary" data-testid="round-summary">
          {p.t('sc.summary.round', { n: v.rounds_finished, why: (p.phrase ?? p.t)(`sc.round-end.${lr.end}`) })}
          {lr.scorer >= 0 && ` — ${p.t('sc.summary.scored', { seat: p.seatName(lr.scorer), n: lr.points })}`}
        </p>
      )}
    </section>
  );
}

export default function SupportingCastTable(p: TableProps) {
  return (
    <div class="sc-table" data-testid="sc-table">
      <Info {...p} />
      <ScoreTrack {...p} />
      <Chains {...p} />
      <Hand {...p} />
      <Seats {...p} />
    </div>
  );
}
