// End-to-end harness for the browser client (used by every web/e2e/*.spec.ts, run by node's test
// runner through tsx; `npm run test:e2e`). It starts a real `villainy serve` on a free loopback
// port with a temporary store, drives Debian's /usr/bin/chromium (headless, --no-sandbox) with
// playwright-core, records every WebSocket frame each browser context received, and after the
// server stops audits those frames with the server's leak-audit checker (villainy_audit_frames).
//
// The UI contract the helpers rely on (data-testid attributes, kept stable for all games):
//   lobby:   nickname, game-<name>, create-<name>, players, seat-<i>-kind (you|friend|bot),
//            seat-<i>-agent, opt-<name>, create-table, invite-link (inputs), open-table,
//            table-row-<id> with watch-<id> / join-<id>
//   join:    join-name, join (button)
//   table:   table (data-seq, data-status, data-game, data-seat), choices (holds the buttons
//            button[data-choice=<action id>]; a game's own clickable places carry data-choice
//            too), standings (the final standings), lang (the language select), log, chat-input,
//            chat-send, taunt-<id>, replay-step, ask-single (the "ask me" setting)
import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifactsDir = join(repoRoot, 'build', 'artifacts');
const buildDir = process.env.VILLAINY_BUILD ?? join(repoRoot, 'build', 'release');
const villainyBin = process.env.VILLAINY_BIN ?? join(buildDir, 'apps', 'villainy');
const auditBin = join(buildDir, 'apps', 'netclient', 'villainy_audit_frames');

export interface Client {
  name: string;
  context: BrowserContext;
  page: Page;
  frames: string[]; // every WebSocket frame this context received, in order, as text
  errors: string[]; // uncaught page errors (a test asserts there are none)
  table?: string;
  seat: number | null; // the seat this client plays, null for a spectator
}

export interface SeatPlan {
  kind: 'you' | 'friend' | 'bot';
  agent?: string; // bots: random | heuristic | ismcts
}

export class Harness {
  baseUrl = '';
  browser!: Browser;
  clients: Client[] = [];
  private server?: ChildProcess;
  private serverLog = '';
  private dataDir = '';
  private stopped = false;

  static async start(): Promise<Harness> {
    const h = new Harness();
    await h.startServer();
    h.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    return h;
  }

  private async startServer(): Promise<void> {
    if (!existsSync(villainyBin)) throw new Error(`no villainy program at ${villainyBin} (build it)`);
    this.dataDir = mkdtempSync(join(tmpdir(), 'villainy-web-e2e-'));
    const web = join(repoRoot, 'web', 'dist');
    const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--data', this.dataDir, '--web', web];
    // Bots move at once (no pace) where the server paces them: whole games in bounded time.
    if (execFileSync(villainyBin, ['serve', '--help'], { encoding: 'utf8' }).includes('--bot-pace-ms'))
      args.push('--bot-pace-ms', process.env.VILLAINY_BOT_PACE_MS ?? '0');
    const proc = spawn(villainyBin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.server = proc;
    proc.stderr!.on('data', (d) => (this.serverLog += d.toString()));
    this.baseUrl = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('villainy serve did not start in 10 s')), 10000);
      let out = '';
      proc.stdout!.on('data', (d) => {
        out += d.toString();
        const m = out.match(/listening on (http:\/\/[0-9.]+:\d+)\//);
        if (m) {
          clearTimeout(timer);
          ok(m[1]);
        }
      });
      proc.on('exit', (code) => fail(new Error(`villainy serve exited (${code}): ${this.serverLog}`)));
    });
  }

  // A fresh browser context (its own storage: one person), with every WebSocket frame recorded.
  async newClient(name: string, opts: { phone?: boolean; lang?: 'en' | 'zh-TW' } = {}): Promise<Client> {
    const context = await this.browser.newContext({
      viewport: opts.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
      locale: opts.lang ?? 'en-US',
      isMobile: opts.phone ?? false,
      hasTouch: opts.phone ?? false,
    });
    const page = await context.newPage();
    const client: Client = { name, context, page, frames: [], errors: [], seat: null };
    const record = (p: Page) =>
      p.on('websocket', (ws) => {
        ws.on('framereceived', (f) => client.frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString()));
      });
    record(page);
    page.on('pageerror', (e) => client.errors.push(`${name}: ${e.message}`));
    // The server's Content-Security-Policy must let the client do all it does (issue 25).
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) client.errors.push(`${name}: ${m.text()}`);
    });
    this.clients.push(client);
    return client;
  }

  // Opens the lobby, creates a table through the UI and returns the invitation links shown.
  // The creator takes the seat marked 'you' (exactly one), or watches when there is none.
  async createTable(
    c: Client,
    game: string,
    seats: SeatPlan[],
    options: Record<string, string> = {},
  ): Promise<{ table: string; invites: string[] }> {
    const page = c.page;
    await page.goto(this.baseUrl + '/');
    await page.fill('[data-testid=nickname]', c.name);
    await page.click(`[data-testid=create-${game}]`);
    await page.selectOption('[data-testid=players]', String(seats.length));
    for (let i = 0; i < seats.length; ++i) {
      await page.selectOption(`[data-testid=seat-${i}-kind]`, seats[i].kind);
      if (seats[i].kind === 'bot' && seats[i].agent)
        await page.selectOption(`[data-testid=seat-${i}-agent]`, seats[i].agent!);
    }
    for (const [k, v] of Object.entries(options)) await page.selectOption(`[data-testid=opt-${k}]`, v);
    await page.click('[data-testid=create-table]');
    await page.waitForSelector('[data-testid=created], [data-testid=table]');
    const you = seats.findIndex((s) => s.kind === 'you');
    c.seat = you >= 0 ? you : null;
    let invites: string[] = [];
    let table: string | null;
    if (await page.$('[data-testid=created]')) {
      invites = await page.$$eval('[data-testid=invite-link]', (els) => els.map((e) => (e as HTMLInputElement).value));
      table = await page.getAttribute('[data-testid=created]', 'data-table');
      await page.click('[data-testid=open-table]');
      await page.waitForSelector('[data-testid=table]');
    } else {
      table = await page.getAttribute('[data-testid=table]', 'data-table');
    }
    if (!table) throw new Error('the created table id is not shown');
    c.table = table;
    return { table, invites };
  }

  // Opens an invitation link, joins with the client's name and waits for the table.
  async joinByLink(c: Client, link: string, seat: number): Promise<void> {
    await c.page.goto(link);
    await c.page.fill('[data-testid=join-name]', c.name);
    await c.page.click('[data-testid=join]');
    await c.page.waitForSelector('[data-testid=table]');
    c.table = link.split('/').slice(-2)[0];
    c.seat = seat;
  }

  async spectate(c: Client, table: string): Promise<void> {
    await c.page.goto(`${this.baseUrl}/#watch/${table}`);
    await c.page.waitForSelector('[data-testid=table]');
    c.table = table;
    c.seat = null;
  }

  // Plays every given client's decisions by clicking offered choices (seeded choice among the
  // buttons) until each page shows the final standings. `onStep` runs between rounds of clicks
  // (e.g. to reload a page mid-game). Returns the number of clicks.
  async playToEnd(
    players: Client[],
    opts: { timeoutMs?: number; seed?: number; onStep?: (clicks: number) => Promise<void> } = {},
  ): Promise<number> {
    const deadline = Date.now() + (opts.timeoutMs ?? 240000);
    let rnd = opts.seed ?? 12345;
    const next = () => {
      rnd = (rnd * 1103515245 + 12345) & 0x7fffffff;
      return rnd;
    };
    let clicks = 0;
    const done = new Set<Client>();
    while (done.size < players.length) {
      if (Date.now() > deadline) throw new Error(`game not finished in time (${clicks} clicks)`);
      let acted = false;
      for (const c of players) {
        if (done.has(c)) continue;
        const page = c.page;
        if (await page.$('[data-testid=standings]')) {
          done.add(c);
          continue;
        }
        const buttons = await page.$$('[data-testid=choices] button[data-choice]:not([disabled])');
        if (buttons.length === 0) continue;
        const b = buttons[next() % buttons.length];
        try {
          await b.click({ timeout: 2000 });
          ++clicks;
          acted = true;
        } catch {
          // the view moved on under the click: look again
        }
      }
      if (opts.onStep) await opts.onStep(clicks);
      if (!acted) await new Promise((r) => setTimeout(r, 30));
    }
    return clicks;
  }

  async screenshot(c: Client, name: string): Promise<string> {
    mkdirSync(artifactsDir, { recursive: true });
    const path = join(artifactsDir, name);
    await c.page.screenshot({ path, fullPage: true });
    return path;
  }

  // Stops the server and audits every recorded frame of every client with a table. Returns the
  // audit's output; throws when a leak (or a missing record) is reported.
  async stopAndAudit(): Promise<string> {
    await this.stopServer();
    const transcripts = this.clients
      .filter((c) => c.table)
      .map((c) => ({ table: c.table, viewer: c.seat, frames: c.frames }));
    const file = join(this.dataDir, 'frames.json');
    writeFileSync(file, JSON.stringify(transcripts));
    try {
      return execFileSync(auditBin, ['--data', this.dataDir, '--frames', file], { encoding: 'utf8' });
    } catch (e: any) {
      throw new Error(`frame audit failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }

  private async stopServer(): Promise<void> {
    if (this.stopped || !this.server) return;
    this.stopped = true;
    const proc = this.server;
    await new Promise<void>((ok) => {
      if (proc.exitCode !== null) return ok();
      proc.on('exit', () => ok());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 5000);
    });
  }

  async close(): Promise<void> {
    for (const c of this.clients) await c.context.close().catch(() => {});
    await this.browser?.close().catch(() => {});
    await this.stopServer();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
