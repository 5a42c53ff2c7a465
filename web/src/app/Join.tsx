// Joining a table: by an invitation link (#join/TABLE/INVITE) or the lowest open seat of an open
// table (#join/TABLE). The credential the server answers is kept for this table only.
import { useEffect, useState } from 'preact/hooks';
import { api, type GameInfo } from './api';
import { useI18n } from './i18n';
import { storage } from './storage';
import { gameTitle } from './Lobby';

export function JoinPage(props: { tableId: string; invite: string | null }) {
  const { t, lang } = useI18n();
  const [info, setInfo] = useState<any>(null);
  const [games, setGames] = useState<GameInfo[]>([]);
  const [name, setName] = useState(storage.nickname());
  const [error, setError] = useState('');
  useEffect(() => {
    if (storage.seat(props.tableId)) {
      location.hash = `#table/${props.tableId}`;
      return;
    }
    api.table(props.tableId).then(setInfo, (e) => setError(e.message));
    api.games().then(setGames, () => {});
  }, []);
  async function join(e: Event) {
    e.preventDefault();
    setError('');
    const n = name.trim();
    if (n) storage.setNickname(n);
    const body: Record<string, unknown> = props.invite ? { invite: props.invite } : {};
    if (n) body.name = n;
    try {
      const j = await api.join(props.tableId, body);
      storage.setSeat(props.tableId, { seat: j.seat, credential: j.credential });
      location.hash = `#table/${props.tableId}`;
    } catch (err: any) {
      setError(err.message ?? String(err));
    }
  }
  const g = games.find((x) => x.name === info?.game);
  return (
    <form class="panel join" onSubmit={join}>
      <h2>{t('ui.join.title', { game: gameTitle(g, lang, info?.game ?? '') })}</h2>
      {info && <p>{t('ui.join.facts', { n: info.players, status: t(`ui.status.${info.status}`) })}</p>}
      <label class="field">
        <span>{t('ui.lobby.nickname')}</span>
        <input data-testid="join-name" maxLength={24} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="buttons">
        <button type="submit" class="primary" data-testid="join">
          {t('ui.join.submit')}
        </button>
        <a class="button" href={`#watch/${props.tableId}`}>
          {t('ui.lobby.watch')}
        </a>
      </div>
    </form>
  );
}
