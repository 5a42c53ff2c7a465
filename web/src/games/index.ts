// Game name (as in /api/games) → its table component and its own UI strings, merged into the
// UI catalogue by the shell (web/src/i18n). A game without an entry is drawn by the generic table.
import type { ComponentType } from 'preact';
import type { Lang, TableProps } from './types';
import MwahahahaTable from './mwahahaha/Table';
import mwEn from './mwahahaha/i18n.en.json';
import mwZh from './mwahahaha/i18n.zh-TW.json';
import SupportingCastTable from './supporting_cast/Table';
import CheatyMagesTable from './cheaty_mages/Table';

export interface GameEntry {
  Table: ComponentType<TableProps>;
  strings: Record<Lang, Record<string, string>>;
  // The table draws every choice itself (on its cards and places, the rest in its own action bar):
  // the shell's list of choices would only repeat them, above the table.
  ownChoices?: boolean;
}

export const games: Record<string, GameEntry> = {
  mwahahaha: { Table: MwahahahaTable, strings: { en: mwEn, 'zh-TW': mwZh }, ownChoices: true },
  'supporting-cast': { Table: SupportingCastTable, strings: { en: {}, 'zh-TW': {} } },
  'cheaty-mages': { Table: CheatyMagesTable, strings: { en: {}, 'zh-TW': {} } },
};
