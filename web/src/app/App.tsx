// The client's frame: the language switch, the hash routes and the page they show.
//   #            the lobby              #join/TABLE/INVITE  join by invitation
//   #table/ID    a table (your seat)    #join/TABLE         take the lowest open seat
//   #watch/ID    watch as a spectator   #replay/ID          your replay of a finished game
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '../games/types';
import { I18nContext, detectLang, langs, uiT } from './i18n';
import { storage } from './storage';
import { Lobby } from './Lobby';
import { JoinPage } from './Join';
import { TablePage } from './TablePage';
import { ReplayPage } from './Replay';

function route(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
}

export function LangSwitch(props: { lang: Lang; setLang: (l: Lang) => void; t: (id: string) => string }) {
  return (
    <label class="lang">
      <span class="sr-only">{props.t('ui.lang.label')}</span>
      <select
        data-testid="lang"
        aria-label={props.t('ui.lang.label')}
        value={props.lang}
        onChange={(e) => props.setLang((e.target as HTMLSelectElement).value as Lang)}
      >
        {langs.map((l) => (
          <option value={l} key={l}>
            {props.t(`ui.lang.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function App() {
  const [lang, setLangState] = useState<Lang>(() => detectLang(storage.lang()));
  const [r, setR] = useState<string[]>(route);
  useEffect(() => {
    const f = () => setR(route());
    addEventListener('hashchange', f);
    return () => removeEventListener('hashchange', f);
  }, []);
  const i18n = useMemo(
    () => ({
      lang,
      setLang: (l: Lang) => {
        storage.setLang(l);
        setLangState(l);
      },
      t: uiT(lang),
    }),
    [lang],
  );
  useEffect(() => {
    document.documentElement.lang = lang === 'zh-TW' ? 'zh-Hant-TW' : 'en';
    document.title = i18n.t('ui.title');
  }, [lang]);

  let page;
  const [what, id, extra] = r;
  if (what === 'table' && id) page = <TablePage key={'t' + id} tableId={id} spectate={false} />;
  else if (what === 'watch' && id) page = <TablePage key={'w' + id} tableId={id} spectate={true} />;
  else if (what === 'join' && id) page = <JoinPage key={'j' + id} tableId={id} invite={extra ?? null} />;
  else if (what === 'replay' && id) page = <ReplayPage key={'r' + id} tableId={id} />;
  else page = <Lobby />;

  return (
    <I18nContext.Provider value={i18n}>
      <header class="top">
        <a class="brand" href="#">
          {i18n.t('ui.title')}
        </a>
        <LangSwitch lang={lang} setLang={i18n.setLang} t={i18n.t} />
      </header>
      <main id="main">{page}</main>
    </I18nContext.Provider>
  );
}
