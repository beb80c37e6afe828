import { categoryInputSchema, webhookInputSchema } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors, validateWith, withoutErrorsUnder } from './field-errors.ts';

describe('validateWith', () => {
  const validate = validateWith(categoryInputSchema, (name: string) => ({
    name,
    parent_id: null,
    sequence: '0',
    url_name: '',
    media_id: null,
  }));

  it('passes values the contract accepts', () => {
    expect(validate('Books')).toEqual({});
  });

  it('keys the contract’s message by the field', () => {
    expect(Object.keys(validate(''))).toEqual(['name']);
  });

  it('can name the list a row’s error belongs to', () => {
    const byList = validateWith(
      webhookInputSchema,
      (events: string[]) => ({
        payload_url: 'https://example.org/hook',
        content_type: 'application/json',
        events,
        secret: null,
        active: true,
      }),
      (path) => path.split('.')[0] ?? path,
    );
    expect(Object.keys(byList(['no.such.event']))).toEqual(['events']);
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    expect(fieldErrors({ name: ['Required.', 'Too long.'], code: ['Taken.'] })).toEqual({
      name: 'Required.',
      code: 'Taken.',
    });
  });

  it('puts a row’s error on its list when asked', () => {
    expect(
      fieldErrors({ 'events.2': ['Unknown event.'] }, (key) => key.split('.')[0] ?? key),
    ).toEqual({ events: 'Unknown event.' });
  });
});

describe('withoutErrorsUnder', () => {
  it('drops a list’s errors and keeps the others', () => {
    expect(
      withoutErrorsUnder(
        { regions: 'Add one.', 'regions.0.region': 'Pick one.', code: 'Taken.' },
        'regions',
      ),
    ).toEqual({ code: 'Taken.' });
  });
});
