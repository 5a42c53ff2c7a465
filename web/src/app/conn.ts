// One table's WebSocket (protocol 1, docs/protocol.md): hello with the seat's credential (or as a
// spectator), then views, chat and errors. Reconnects by itself with the last seq it has, so the
// server sends only the log lines it missed. Holds only what the server sent this viewer.
import type { Choice, GameEvent } from '../games/types';

export interface LogEntry {
  seq: number;
  text: string;
  event?: GameEvent;
  events?: GameEvent[];
}
export interface ChatEntry {
  type: 'chat' | 'taunt';
  from: { seat: number | null; name: string };
  text: string | Record<string, string>;
  taunt?: string;
  time_ms: number;
}
export interface TableState {
  connected: boolean;
  welcomed: boolean;
  role: 'player' | 'spectator' | null;
  seat: number | null;
  table: any | null; // the table's public facts (welcome)
  seq: number;
  status: string;
  toMove: number | null;
  view: any | null;
  choices: Choice[];
  log: LogEntry[];
  seats: any[];
  clock: any | null;
  clockAt: number; // performance.now() when the clock arrived
  result: any | null;
  chat: ChatEntry[];
  error: { code: string; message: string } | null;
  fatal: boolean; // the server refused this connection for good (bad credential, no table)
  pending: boolean; // a choice was sent and its view has not come yet
  firstViewMs: number | null; // from connect() to the first view
}

const fatalCodes = new Set(['bad_credential', 'not_found', 'unsupported_protocol', 'bad_invitation']);

export class TableConnection {
  state: TableState;
  private ws: WebSocket | null = null;
  private listeners = new Set<() => void>();
  private closed = false;
  private retry = 0;
  private started = 0;

  constructor(
    public tableId: string,
    private credential: string | null,
  ) {
    this.state = {
      connected: false,
      welcomed: false,
      role: null,
      seat: null,
      table: null,
      seq: 0,
      status: 'waiting',
      toMove: null,
      view: null,
      choices: [],
      log: [],
      seats: [],
      clock: null,
      clockAt: 0,
      result: null,
      chat: [],
      error: null,
      fatal: false,
      pending: false,
      firstViewMs: null,
    };
  }

  subscribe(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private update(patch: Partial<TableState>): void {
    this.state = { ...this.state, ...patch };
    for (const f of this.listeners) f();
  }

  connect(): void {
    this.started = performance.now();
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      const lastSeq = this.state.log.length ? this.state.log[this.state.log.length - 1].seq : 0;
      const hello: Record<string, unknown> = { type: 'hello', protocol: 1, table: this.tableId, last_seq: lastSeq };
      if (this.credential) hello.credential = this.credential;
      else hello.spectate = true;
      ws.send(JSON.stringify(hello));
      this.update({ connected: true });
    };
    ws.onmessage = (e) => this.onFrame(String(e.data));
    ws.onclose = () => {
      this.ws = null;
      this.update({ connected: false, welcomed: false, pending: false });
      if (this.closed || this.state.fatal) return;
      const delay = Math.min(5000, 200 * 2 ** this.retry++);
      setTimeout(() => this.open(), delay);
    };
  }

  private onFrame(text: string): void {
    let f: any;
    try {
      f = JSON.parse(text);
    } catch {
      return;
    }
    switch (f.type) {
      case 'welcome':
        this.retry = 0;
        this.update({
          welcomed: true,
          role: f.role,
          seat: f.role === 'player' ? f.seat : null,
          table: f.table,
          chat: Array.isArray(f.chat) ? f.chat : [],
          error: null,
        });
        break;
      case 'view': {
        const have = this.state.log.length ? this.state.log[this.state.log.length - 1].seq : 0;
        const fresh = (Array.isArray(f.log) ? f.log : []).filter((l: LogEntry) => l.seq > have);
        this.update({
          seq: f.seq,
          status: f.status,
          toMove: f.to_move ?? null,
          view: f.view,
          choices: Array.isArray(f.choices) ? f.choices : [],
          log: fresh.length ? [...this.state.log, ...fresh] : this.state.log,
          seats: Array.isArray(f.seats) ? f.seats : this.state.seats,
          clock: f.clock ?? null,
          clockAt: performance.now(),
          result: f.result ?? null,
          pending: false,
          firstViewMs: this.state.firstViewMs ?? performance.now() - this.started,
        });
        break;
      }
      case 'chat':
      case 'taunt':
        this.update({ chat: [...this.state.chat.slice(-99), f] });
        break;
      case 'error': {
        const fatal = fatalCodes.has(f.code) && (f.in === 'hello' || f.in === undefined || f.code === 'bad_credential');
        this.update({ error: { code: f.code, message: f.message }, pending: false, fatal: this.state.fatal || fatal });
        break;
      }
      default:
        break;
    }
  }

  private send(msg: Record<string, unknown>): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  choose(action: number): void {
    if (this.state.pending) return;
    if (this.send({ type: 'choice', action, seq: this.state.seq })) this.update({ pending: true, error: null });
  }
  chat(text: string): void {
    this.send({ type: 'chat', text });
  }
  taunt(id: string): void {
    this.send({ type: 'taunt', taunt: id });
  }
  takeBack(): void {
    this.send({ type: 'take_back' });
  }
  clearError(): void {
    this.update({ error: null });
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
