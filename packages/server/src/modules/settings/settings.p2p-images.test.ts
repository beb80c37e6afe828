import { P2P_DEFAULT_IMAGE_KEYS, settingsMessages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const values = async () => ((await admin.get('/jpanel/settings.json')).json() as { values: Record<string, unknown> }).values;

describe('peer-to-peer default images (spec part 1 §5 "Settings save")', () => {
  it('starts with custom uploads allowed and six empty slots', async () => {
    const v = await values();
    expect(v.p2p_custom_images_enabled).toBe(true);
    for (const key of P2P_DEFAULT_IMAGE_KEYS) expect(v[key]).toBe('');
  });

  it('refuses turning custom uploads off without a default image, and changes nothing', async () => {
    const refused = await admin.post('/jpanel/settings', { p2p_custom_images_enabled: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.p2p_default_image_1).toEqual(['You must provide default images if you don’t allow custom image uploads']);
    expect(settingsMessages.p2pDefaultImages).toBe('You must provide default images if you don’t allow custom image uploads');
    expect((await values()).p2p_custom_images_enabled).toBe(true);
  });

  it('takes one default image in any slot, then refuses removing the last one while uploads are off', async () => {
    const saved = await admin.post('/jpanel/settings', { p2p_custom_images_enabled: false, p2p_default_image_4: '/media/12/field-day.jpg' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { values: Record<string, unknown> }).values).toMatchObject({ p2p_custom_images_enabled: false, p2p_default_image_4: '/media/12/field-day.jpg' });
    const emptied = await admin.post('/jpanel/settings', { p2p_default_image_4: '' });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors.p2p_default_image_1).toEqual([settingsMessages.p2pDefaultImages]);
    expect((await values()).p2p_default_image_4).toBe('/media/12/field-day.jpg');
    // Allowing uploads again makes the defaults optional.
    expect((await admin.post('/jpanel/settings', { p2p_custom_images_enabled: true, p2p_default_image_4: '' })).statusCode).toBe(200);
  });

  it('keeps only library addresses or https:// images in a slot', async () => {
    for (const bad of ['javascript:alert(1)', 'http://example.org/a.jpg', '/media/../../etc/passwd', '/media/1/a b.jpg', 'https://x.test/"><script>']) {
      const response = await admin.post('/jpanel/settings', { p2p_default_image_2: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.p2p_default_image_2, bad).toEqual([settingsMessages.p2pImage]);
    }
    expect((await admin.post('/jpanel/settings', { p2p_default_image_2: 'https://cdn.example.org/a.jpg' })).statusCode).toBe(200);
  });
});
