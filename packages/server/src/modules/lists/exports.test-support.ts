import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { Agent, TestApp } from '../../test/test-app.ts';
import { listExportJob } from './exports.job.ts';

/** Runs a queued export as a worker would (the job id is the export's id); answers its progress steps. */
export async function runExport(t: TestApp, id: string): Promise<number[]> {
  const progress: number[] = [];
  await listExportJob.handler({
    id, name: listExportJob.name, data: {}, retryCount: 0, retryLimit: 2, database: t.database,
    once: async () => true, onceEach: async (keys) => keys, progress: async (p) => void progress.push(p), giveUp: async () => {},
  });
  return progress;
}

/** Starts an export through the API, runs it, and reads the file back through its signed link. */
export async function exportThroughApi(t: TestApp, agent: Agent, list: string, params: Record<string, unknown>) {
  const started = await agent.post('/jpanel/exports', { list, params });
  expect(started.statusCode, started.body).toBe(200);
  const { id, state } = started.json() as { id: string; state: string };
  expect(state).toBe('waiting');
  await runExport(t, id);
  const status = (await agent.get(`/jpanel/exports/${id}`)).json() as { state: string; progress: number; rows: number; download_url: string };
  expect(status).toMatchObject({ state: 'done', progress: 100 });
  const file = await t.app.inject({ method: 'GET', url: status.download_url });
  expect(file.statusCode).toBe(200);
  // Strict: every row must have the header's column count, quotes must be well formed.
  const records = parse(file.body, { columns: true, relax_column_count: false, relax_quotes: false, skip_empty_lines: false }) as Record<string, string>[];
  expect(records.length).toBe(status.rows);
  return { records, raw: file.body, id };
}
