import { embedMessages, messages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEmbeds } from '../../integrations/embeds/index.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const lookup = (agent: Agent, url: string) => agent.get(`/jpanel/api/v1/embed?url=${encodeURIComponent(url)}`);

describe('sandbox embed service', () => {
  const sandbox = createSandboxEmbeds();
  it('knows YouTube and Vimeo addresses in their usual forms, and nothing else', async () => {
    for (const address of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ']) {
      const embed = await sandbox.lookup(new URL(address));
      expect(embed?.provider_name, address).toBe('YouTube');
      expect(embed?.html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    }
    for (const address of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871']) {
      const embed = await sandbox.lookup(new URL(address));
      expect(embed?.provider_name, address).toBe('Vimeo');
      expect(embed?.html).toContain('src="https://player.vimeo.com/video/76979871"');
    }
    for (const address of ['https://example.org/video', 'https://www.youtube.com/watch?v=short', 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/channels/staff', 'ftp://vimeo.com/76979871', 'https://www.youtube.com/watch?v="><script>']) {
      expect(await sandbox.lookup(new URL(address)), address).toBeNull();
    }
  });
});

describe('GET /jpanel/api/v1/embed', () => {
  it('answers the oEmbed shape with the html for a video address', async () => {
    const response = await lookup(admin, 'https://youtu.be/dQw4w9WgXcQ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'video', version: '1.0', provider_name: 'YouTube', width: 640, height: 360 });
    expect(response.json().html).toMatch(/^<iframe /);
  });

  it('refuses an address it cannot embed, and input that is not an address', async () => {
    const unknown = await lookup(admin, 'https://example.org/page');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.url).toEqual([embedMessages.notEmbeddable]);
    for (const bad of ['not a url', 'javascript:alert(1)', 'file:///etc/passwd', 'https://x.test/\u0000', 'https://[bad']) {
      const response = await lookup(admin, bad);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.url, bad).toEqual([embedMessages.url]);
    }
    expect((await admin.get('/jpanel/api/v1/embed')).json().errors.url).toEqual([embedMessages.url]);
    expect((await lookup(admin, '')).json().errors.url).toEqual([messages.required]);
  });

  it('is for staff who edit pages or posts', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['file.view'] });
    expect((await lookup(viewer, 'https://youtu.be/dQw4w9WgXcQ')).statusCode).toBe(403);
    const { agent: writer } = await signedIn(t, { permissions: ['post.edit'] });
    expect((await lookup(writer, 'https://youtu.be/dQw4w9WgXcQ')).statusCode).toBe(200);
  });
});
