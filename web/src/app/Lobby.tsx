// The lobby: the games, the open tables (join or watch), and a table's creation with its seats
// (you, a friend by invitation, or a bot of a chosen strength) and options.
import { useEffect, useState } from 'preact/hooks';
import { api, type GameInfo } from './api';
import { useI18n } from './i18n';
import { storage } from './storage';

export function gameTitle(g: { title: { en: string; 'zh-Hant': string } } | undefined, lang: string, name = ''): string {
  if (!g) return name;
  return lang === 'zh-TW' ? g.title['zh-Hant'] || g.title.en : g.title.en;
}

export function Nickname() {
  const { t } = useI18n();
  const [name, setName] = useState(storage.nickname());
  return (
    <label class="field">
      <span>{t('ui.lobby.nickname')}</span>
      <input
        data-testid="nickname"
        maxLength={24}
        value={name}
        placeholder={t('ui.lobby.nickname.placeholder')}
        onInput={(e) => {
          const v = (e.target as HTMLInputElement).value;
          setName(v);
          storage.setNickname(v.trim());
        }}
      />
    </label>
  );
}

const agents = ['random', 'heuristic', 'ismcts'];
const agentSpec: Record<string, string> = { random: 'random', heuristic: 'heuristic', ismcts: 'ismcts:ms=500' };

interface SeatChoice {
  kind: 'you' | 'friend' | 'bot';
  agent: string;
}

function CreateForm(props: { game: GameInfo; onCancel: () => void }) {
  const { t, lang } = useI18n();
  const g = props.game;
  const [players, setPlayers] = useState(g.min_players);
  const [seats, setSeats] = useState<SeatChoice[]>(() =>
    Array.from({ length: g.max_players }, (_, i) => ({ kind: i === 0 ? 'you' : 'bot', agent: 'heuristic' })),
  );
  const [options, setOptions] = useState<Record<string, string>>({});
  const [visibility, setVisibility] = useState('open');
  const [clock, setClock] = useState('none');
  const [error, setError] = useState('');
  const [created, setCreated] = useState<{ table: string; links: { seat: number; link: string }[] } | null>(null);

  // An option's catalogue text; the server's own (English) words for an option it does not know.
  const known = (id: string, fallback: string) => {
    const s = t(id);
    return s === `[${id}]` ? fallback : s;
  };
  const setSeat = (i: number, s: Partial<SeatChoice>) =>
    setSeats(
      seats.map((x, k) => {
        if (k === i) return { ...x, ...s };
        if (s.kind === 'you' && x.kind === 'you') return { ...x, kind: 'friend' };
        return x;
      }),
    );

  async function submit(e: Event) {
    e.preventDefault();
    setError('');
    const used = seats.slice(0, players);
    const body: Record<string, unknown> = {
      game: g.name,
      players,
      options,
      seats: used.map((s) => (s.kind === 'bot' ? { kind: 'bot', agent: agentSpec[s.agent] } : { kind: 'human' })),
      visibility,
    };
    if (clock !== 'none') {
      const [move, bank] = clock.split('+').map(Number);
      body.clock = { move_ms: move * 1000, bank_ms: bank * 1000 };
    }
    try {
      const r = await api.create(body);
      storage.setCreated(r.table, { creator: r.creator, invitations: r.invitations });
      const you = used.findIndex((s) => s.kind === 'you');
      const links: { seat: number; link: string }[] = [];
      for (const inv of r.invitations as { seat: number; invite: string }[]) {
        if (inv.seat === you) {
          const j = await api.join(r.table, { invite: inv.invite, name: storage.nickname() || undefined });
          storage.setSeat(r.table, { seat: j.seat, credential: j.credential });
        } else {
          links.push({ seat: inv.seat, link: `${location.origin}/#join/${r.table}/${inv.invite}` });
        }
      }
      if (links.length === 0) location.hash = you >= 0 ? `#table/${r.table}` : `#watch/${r.table}`;
      else setCreated({ table: r.table, links });
    } catch (err: any) {
      setError(err.message ?? String(err));
    }
  }

  if (created) {
    const you = seats.slice(0, players).some((s) => s.kind === 'you');
    return (
      <section class="panel" data-testid="created" data-table={created.table}>
        <h3>{t('ui.create.done')}</h3>
        <p>{t('ui.create.invite.help')}</p>
        {created.links.map((l) => (
          <div class="invite" key={l.seat}>
            <label>
              <span>{t('ui.create.invite.seat', { n: l.seat + 1 })}</span>
              <input data-testid="invite-link" readOnly value={l.link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </label>
            <button type="button" onClick={() => navigator.clipboard?.writeText(l.link)}>
              {t('ui.create.invite.copy')}
            </button>
          </div>
        ))}
        <a class="button primary" data-testid="open-table" href={you ? `#table/${created.table}` : `#watch/${created.table}`}>
          {t(you ? 'ui.create.open' : 'ui.create.watch')}
        </a>
      </section>
    );
  }

  return (
    <form class="panel create" onSubmit={submit} data-testid={`create-form-${g.name}`}>
      <h3>{t('ui.create.title', { game: gameTitle(g, lang) })}</h3>
      <label class="field">
        <span>{t('ui.create.players')}</span>
        <select data-testid="players" value={players} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
          {Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i).map((n) => (
            <option value={n} key={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('ui.create.seats')}</legend>
        {seats.slice(0, players).map((s, i) => (
          <div class="seat-row" key={i}>
            <span>{t('ui.seat.n', { n: i + 1 })}</span>
            <select
              data-testid={`seat-${i}-kind`}
              aria-label={t('ui.seat.n', { n: i + 1 })}
              value={s.kind}
              onChange={(e) => setSeat(i, { kind: (e.target as HTMLSelectElement).value as SeatChoice['kind'] })}
            >
              <option value="you">{t('ui.create.kind.you')}</option>
              <option value="friend">{t('ui.create.kind.friend')}</option>
              <option value="bot">{t('ui.create.kind.bot')}</option>
            </select>
            {s.kind === 'bot' && (
              <select
                data-testid={`seat-${i}-agent`}
                aria-label={t('ui.create.strength')}
                value={s.agent}
                onChange={(e) => setSeat(i, { agent: (e.target as HTMLSelectElement).value })}
              >
                {agents
                  .filter((a) => g.agents.some((x) => x.name === a))
                  .map((a) => (
                    <option value={a} key={a}>
                      {t(`ui.agent.${a}`)}
                    </option>
                  ))}
              </select>
            )}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('ui.create.options')}</legend>
        {g.options
          .filter((o) => o.allowed.length > 1)
          .map((o) => (
            <label class="field option" key={o.name}>
              <span>
                <b>{known(`optn.${g.name}.${o.name}`, o.name)}</b> — {known(`opt.${g.name}.${o.name}`, o.description)}
              </span>
              <select
                data-testid={`opt-${o.name}`}
                value={options[o.name] ?? o.default}
                onChange={(e) => setOptions({ ...options, [o.name]: (e.target as HTMLSelectElement).value })}
              >
                {o.allowed.map((v) => (
                  <option value={v} key={v}>
                    {known(`optv.${g.name}.${o.name}.${v}`, v)}
                    {v === o.default ? ` ${t('ui.create.default')}` : ''}
                  </option>
                ))}
              </select>
            </label>
          ))}
        <label class="field">
          <span>{t('ui.create.visibility')}</span>
          <select data-testid="visibility" value={visibility} onChange={(e) => setVisibility((e.target as HTMLSelectElement).value)}>
            <option value="open">{t('ui.create.visibility.open')}</option>
            <option value="private">{t('ui.create.visibility.private')}</option>
          </select>
        </label>
        <label class="field">
          <span>{t('ui.create.clock')}</span>
          <select data-testid="clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
            <option value="none">{t('ui.create.clock.none')}</option>
            <option value="30+300">{t('ui.create.clock.fast')}</option>
            <option value="120+900">{t('ui.create.clock.slow')}</option>
          </select>
        </label>
      </fieldset>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="buttons">
        <button type="submit" class="primary" data-testid="create-table">
          {t('ui.create.submit')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('ui.cancel')}
        </button>
      </div>
    </form>
  );
}

export function Lobby() {
  const { t, lang } = useI18n();
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [tables, setTables] = useState<any[]>([]);
  const [creating, setCreating] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.games().then(setGames, (e) => setError(e.message));
    let stop = false;
    const poll = () => {
      if (stop) return;
      api.tables().then(
        (ts) => !stop && setTables(ts),
        () => {},
      );
      setTimeout(poll, 3000);
    };
    poll();
    return () => {
      stop = true;
    };
  }, []);
  const game = games?.find((g) => g.name === creating);
  return (
    <div class="lobby">
      <section class="panel">
        <h2>{t('ui.lobby.welcome')}</h2>
        <p>{t('ui.lobby.intro')}</p>
        <Nickname />
      </section>
      {error && <p class="error">{error}</p>}
      {game ? (
        <CreateForm game={game} onCancel={() => setCreating(null)} />
      ) : (
        <section class="games">
          <h2>{t('ui.lobby.games')}</h2>
          <div class="game-list">
            {(games ?? []).map((g) => (
              <article class="panel game" key={g.name} data-testid={`game-${g.name}`}>
                <h3>{gameTitle(g, lang)}</h3>
                <p class="players">{t('ui.lobby.players', { min: g.min_players, max: g.max_players })}</p>
                <p>{t(`game.${g.name}.summary`)}</p>
                <button class="primary" data-testid={`create-${g.name}`} onClick={() => setCreating(g.name)}>
                  {t('ui.lobby.create')}
                </button>
              </article>
            ))}
          </div>
        </section>
      )}
      <section class="panel">
        <h2>{t('ui.lobby.tables')}</h2>
        {tables.length === 0 ? (
          <p>{t('ui.lobby.tables.none')}</p>
        ) : (
          <table class="tables">
            <thead>
              <tr>
                <th>{t('ui.lobby.tables.game')}</th>
                <th>{t('ui.lobby.tables.players')}</th>
                <th>{t('ui.lobby.tables.status')}</th>
                <th>{t('ui.lobby.tables.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tables.map((tb) => (
                <tr key={tb.table} data-testid={`table-row-${tb.table}`}>
                  <td>{gameTitle(games?.find((g) => g.name === tb.game), lang, tb.game)}</td>
                  <td>{t('ui.lobby.tables.seats', { n: tb.players, open: tb.open_seats.length })}</td>
                  <td>{t(`ui.status.${tb.status}`)}</td>
                  <td class="actions">
                    {tb.open_seats.length > 0 && (
                      <a class="button" data-testid={`join-${tb.table}`} href={`#join/${tb.table}`}>
                        {t('ui.lobby.join')}
                      </a>
                    )}
                    <a class="button" data-testid={`watch-${tb.table}`} href={`#watch/${tb.table}`}>
                      {t('ui.lobby.watch')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
