// The interface between the table shell and each game's table component. A table component
// draws only from `view` (the server's view_json for this viewer) and the choices it is given.
export type Lang = 'en' | 'zh-TW';
export interface GameEvent {
  id: string;
  args: Record<string, unknown>;
}
export interface Choice {
  id: number;
  name: string;
  text: string;
  event?: GameEvent;
  ends_turn?: boolean; // ends the turn while other moves remain: confirm before sending
}
export interface TableProps {
  view: any; // the server's view_json for this viewer (never more)
  seat: number | null; // this viewer's seat, null for a spectator
  choices: Choice[]; // legal actions when this viewer decides, else []
  act: (actionId: number) => void;
  t: (id: string, args?: Record<string, unknown>) => string; // catalogue message render
  phrase?: (id: string, args?: Record<string, unknown>) => string; // t() for inside a sentence
  card: (key: string) => { name: string; text: string } | undefined; // card name+text, lang
  lang: Lang;
  seatName: (seat: number) => string;
  // The log this viewer was sent up to the shown view (a table may read public narration from it,
  // e.g. the fighters of the last judged match).
  log?: { seq: number; events?: GameEvent[]; event?: GameEvent }[];
}
