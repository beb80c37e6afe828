import pg from 'pg';

/**
 * What a subscriber hears. `ready` says notifications are flowing (again); `lost` says some may
 * have been missed (the connection dropped), so anything kept on their strength must be dropped.
 */
export type ListenHandlers = { message: (payload: string) => void; ready: () => void; lost: () => void };
export type Unlisten = () => Promise<void>;

const RETRY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * drops, as when PostgreSQL restarts, it says so and connects again every second until it can.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RETRY_MS);
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const drop = () => {
      if (client !== next) return;
      client = null;
      handlers.lost();
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      retry();
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (note) => {
      if (note.channel === channel) handlers.message(note.payload ?? '');
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === next) handlers.ready();
    } catch {
      drop();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = null;
    if (last) {
      last.removeAllListeners();
      last.on('error', () => undefined);
      await last.end().catch(() => undefined);
    }
  };
}
