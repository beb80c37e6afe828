import type { Database } from '../db/client.ts';

/** Seeds the demo organisation on first run (the generator lands with the data model). */
export async function seedDemoIfEmpty(_database: Database, _log: (line: string) => void): Promise<void> {}
