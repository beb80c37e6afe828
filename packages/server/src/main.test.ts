import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'almoner-main-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('listens on loopback unless HOST says otherwise', () => {
  const key = Buffer.alloc(32, 1).toString('base64');
  expect(loadConfig({ ALMONER_APP_KEY: key, ALMONER_DATA_DIR: dataDir }).host).toBe('127.0.0.1');
  expect(loadConfig({ ALMONER_APP_KEY: key, ALMONER_DATA_DIR: dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
});

/** Whether anything accepts a TCP connection at host:port. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

it('prints the banner only once the server is listening, on 127.0.0.1 by default', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', ALMONER_DATA_DIR: dataDir, ALMONER_SEED: '0', LOG_LEVEL: 'warn' };
  delete env.HOST;
  delete env.DATABASE_URL;
  const started = spawn(process.execPath, ['--import', 'tsx', new URL('./main.ts', import.meta.url).pathname], { env });
  child = started;
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Almoner is running on .*: (http:\/\/\S+)\/jpanel/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });

  // The moment the banner shows, its address answers.
  expect((await fetch(`${url}/jpanel/api/docs/json`)).status).toBe(200);
  const { hostname, port } = new URL(url);
  expect(hostname).toBe('127.0.0.1');
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  if (outside) expect(await accepts(outside.address, Number(port))).toBe(false);
}, 90_000);
