import type { SeedFile } from './pictures.ts';
import type { Faker } from '@faker-js/faker';
import type { Database } from '../db/client.ts';
import type { Rng } from './prng.ts';
import type { Scale } from './scale.ts';
import type { IdAllocator, Runner } from './writer.ts';

export const DAY = 86_400_000;

/** What every step of the generator shares. */
export type SeedContext = {
  database: Database;
  run: Runner;
  ids: IdAllocator;
  scale: Scale;
  rng: Rng;
  faker: Faker;
  /** Midnight UTC today: contributions fall in the two years before it. */
  now: number;
  /** Staff user ids, for "created by", notes and refunds. */
  staff: number[];
  /** True when the database is PGlite (one connection: nothing to overlap). */
  serial: boolean;
  /**
   * Slices written concurrently. Above one only when row triggers are skipped (see
   * quietTransaction): foreign-key checks cannot see a parent another open transaction wrote.
   */
  writeLanes: number;
  log: (line: string) => void;
  /** The organisation currency (settings): every demo amount is in it, converted at rate 1. */
  currency: string;
  /** The organisation time zone: the day a row's rate is dated. */
  timeZone: string;
  /** Seals the saved methods' gateway tokens (the server's app key); none: methods get no token. */
  appKey: Buffer | null;
  /** Files the rows link (product pictures), written to storage after the rows. */
  files: SeedFile[];
};

export const at = (ms: number) => new Date(Math.round(ms));
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
