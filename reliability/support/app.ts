import type { FastifyInstance } from 'fastify';
import { Agent, TEST_PASSWORD, buildUser, type TestApp } from '../../packages/server/src/test/test-app.ts';
import type { Schema } from './schema-gen.ts';

export type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export async function openApi(app: FastifyInstance): Promise<OpenApi> {
  return (await app.inject({ method: 'GET', url: '/jpanel/api/docs/json' })).json() as OpenApi;
}

/** A JSON answer with a `message` text. */
export function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * An account administrator that stays signed in: when a fuzzed call ends its session (logout,
 * its own password changed, itself deleted), it signs in again, as a new administrator if need be.
 */
export class AdminSession {
  agent: Agent;
  email = '';
  renewals = 0;
  private address = 0;
  constructor(private readonly t: TestApp) {
    this.agent = new Agent(t.app);
  }
  /** A new client address per call, so the sign-in throttle never locks the suite out. */
  nextAddress(): string {
    this.address += 1;
    return `198.18.${Math.floor(this.address / 250) % 250}.${(this.address % 250) + 1}`;
  }
  async signIn(): Promise<void> {
    if (this.email) {
      this.agent = new Agent(this.t.app);
      const response = await this.agent.post('/jpanel/login', { email: this.email, password: TEST_PASSWORD }, { remoteAddress: this.nextAddress() });
      const me = await this.agent.get('/jpanel/auth/session');
      if (response.statusCode === 200 && me.statusCode === 200) return;
    }
    this.renewals += 1;
    this.email = (await buildUser(this.t.database)).email;
    this.agent = new Agent(this.t.app);
    await this.agent.login(this.email);
  }
}
