import { localeMessages, subdivisionsByName } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '../../test/test-app.ts';
import { subdivisionsOf } from './locale.service.ts';

let t: TestApp;
let visitor: Agent;
beforeAll(async () => {
  t = await createTestApp();
  visitor = new Agent(t.app);
});

describe('locale service', () => {
  it('lists countries by name, to anyone', async () => {
    const response = await visitor.get('/gc-json/v1/services/locale/countries');
    expect(response.statusCode).toBe(200);
    const { countries } = response.json() as { countries: { code: string; name: string }[] };
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ code: 'US', name: 'United States of America' });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("answers a country's subdivision type and its subdivisions as the spec's map of code to name, any case", async () => {
    const response = await visitor.get('/gc-json/v1/services/locale/us/subdivisions');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.country).toBe('US');
    expect(body.subdivision_type).toBe('State');
    expect(Array.isArray(body.subdivisions)).toBe(false);
    expect(body.subdivisions).toMatchObject({ CA: 'California', NY: 'New York' });
    expect((await visitor.get('/gc-json/v1/services/locale/CA/subdivisions')).json()).toMatchObject({ subdivision_type: 'Province', subdivisions: { ON: 'Ontario' } });
    expect((await visitor.get('/gc-json/v1/services/locale/NZ/subdivisions')).json().subdivision_type).toBe('Region');
  });

  it('puts the map in name order for a picker, numeric-looking codes included', () => {
    const fr = subdivisionsOf('FR').subdivisions;
    const listed = subdivisionsByName(fr);
    expect(listed).toHaveLength(Object.keys(fr).length);
    const names = listed.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(listed).toContainEqual({ code: '01', name: 'Ain' });
  });

  it('answers an empty map for a country without subdivisions', async () => {
    const response = await visitor.get('/gc-json/v1/services/locale/AQ/subdivisions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ country: 'AQ', subdivision_type: 'Region', subdivisions: {} });
  });

  it('answers 404 with a clear message for an unknown country', async () => {
    for (const code of ['XX', 'USA', '1']) {
      const response = await visitor.get(`/gc-json/v1/services/locale/${code}/subdivisions`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(localeMessages.unknownCountry(code.toUpperCase()));
    }
  });
});
