// The lobby half of protocol 1 (docs/protocol.md): plain JSON over HTTP.
export class ApiError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let j: any = null;
  try {
    j = await res.json();
  } catch {
    throw new ApiError('bad_json', `${path}: not JSON (${res.status})`, res.status);
  }
  if (!res.ok) throw new ApiError(j?.error?.code ?? 'server_error', j?.error?.message ?? path, res.status);
  return j;
}

export interface GameInfo {
  name: string;
  title: { en: string; 'zh-Hant': string };
  min_players: number;
  max_players: number;
  summary: string;
  options: { name: string; default: string; allowed: string[]; description: string }[];
  agents: { name: string; description: string }[];
}

export const api = {
  games: async (): Promise<GameInfo[]> => (await call('GET', '/api/games')).games,
  tables: async (): Promise<any[]> => (await call('GET', '/api/tables')).tables,
  table: (id: string): Promise<any> => call('GET', `/api/tables/${id}`),
  create: (body: unknown): Promise<any> => call('POST', '/api/tables', body),
  join: (id: string, body: unknown): Promise<any> => call('POST', `/api/tables/${id}/join`, body),
  replay: (id: string, body: unknown): Promise<any> => call('POST', `/api/tables/${id}/replay`, body),
  catalogue: (game: string): Promise<any> => call('GET', `/api/games/${game}/catalogue`),
  tableCatalogue: (id: string): Promise<any> => call('GET', `/api/tables/${id}/catalogue`),
};
