import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { templateMessages } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine, templateProblem } from './liquid.ts';

const problemOf = async (engine: ReturnType<typeof createTemplateEngine>, source: string, values: object = {}) => {
  try {
    await engine.parseAndRender(source, values);
    return null;
  } catch (error) {
    return templateProblem(error);
  }
};

describe('the Liquid engine factory', () => {
  it('refuses every file tag by name, path or variable, in both output kinds', async () => {
    for (const output of ['html', 'text'] as const) {
      const engine = createTemplateEngine({ output });
      for (const [tag, source] of [
        ['include', "{% include 'package.json' %}"],
        ['include', '{% include "data/app.key" %}'],
        ['render', "{% render '../../package.json' %}"],
        ['layout', "{% layout 'package.json' %}body"],
        ['include', '{% include name %}'],
        ['render', "{%- render 'x' with a as b -%}"],
        ['include', "{% for i in (1..2) %}{% unless false %}{% include 'package.json' %}{% endunless %}{% endfor %}"],
      ] as const) {
        expect(await problemOf(engine, source, { name: 'package.json' }), source).toBe(templateMessages.noFiles(tag));
      }
    }
  });

  it('merges partials the app defines in memory, escaped like the template, and nothing else', async () => {
    const engine = createTemplateEngine({ output: 'html', partials: { signature: 'Regards, {{ who }}' } });
    expect(await engine.parseAndRender("{% include 'signature' %}", { who: 'A & B' })).toBe('Regards, A &amp; B');
    expect(await problemOf(engine, "{% include 'signature.liquid' %}")).toBe(templateMessages.noFiles('include'));
    expect(await engine.parseAndRender('{% layout none %}plain')).toBe('plain');
  });

  it('reads only own properties and refuses work past the limit before it starts', async () => {
    const engine = createTemplateEngine({ output: 'text' });
    expect(await engine.parseAndRender('[{{ v.constructor }}][{{ v.__proto__ }}][{{ v.toString }}]', { v: {} })).toBe('[][][]');
    expect(await problemOf(engine, '{% for i in (1..200000000) %}x{% endfor %}')).toBe(templateMessages.tooMuchWork);
    expect(await problemOf(engine, `{% assign s = "${'x'.repeat(1000)}" %}{% for i in (1..300) %}{% assign s = s | append: "y" %}{% endfor %}`)).toBe(templateMessages.tooMuchWork);
    expect(await problemOf(engine, 'x'.repeat(600_000))).toBe(templateMessages.tooLong);
    expect(await engine.parseAndRender('{% for i in (1..3) %}{{ i }}{% endfor %}')).toBe('123');
  });

  it('is the only way the server makes an engine', () => {
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ts$/.test(name) && !name.endsWith('.test.ts') && path !== join(import.meta.dirname, 'liquid.ts') && /new Liquid\(/.test(readFileSync(path, 'utf8'))) offenders.push(path);
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
