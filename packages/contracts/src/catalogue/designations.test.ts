import { describe, expect, it } from 'vitest';
import { normaliseAccountCode, switchDesignationType, withOneDefault, withTrailingBlank } from './designations.ts';

describe('fund designations', () => {
  it('normalises account codes: upper case, underscores, no stray separators', () => {
    expect(normaliseAccountCode('  general fund-2024! ')).toBe('GENERAL_FUND_2024');
    expect(normaliseAccountCode('__a  b__c__')).toBe('A_B_C');
    expect(normaliseAccountCode('é$%')).toBe('');
  });

  it('keeps exactly one default, the first when none is chosen', () => {
    expect(withOneDefault([{ is_default: false }, { is_default: false }]).map((d) => d.is_default)).toEqual([true, false]);
    expect(withOneDefault([{ is_default: false }, { is_default: true }, { is_default: true }]).map((d) => d.is_default)).toEqual([false, true, false]);
  });

  it('switching the style resets to one entry keeping the default account', () => {
    const choice = { type: 'supporters_choice' as const, default_account: 'A', designations: [{ label: 'A', account: 'A', is_default: false }, { label: 'B', account: 'B', is_default: true }] };
    expect(switchDesignationType(choice, 'single_account')).toEqual({ type: 'single_account', default_account: 'B', designations: [] });
    expect(switchDesignationType({ type: 'single_account', default_account: 'GEN', designations: [] }, 'supporters_choice')).toEqual({
      type: 'supporters_choice', default_account: 'GEN', designations: [{ label: '', account: 'GEN', is_default: true }],
    });
  });

  it('always ends the editor with one blank row', () => {
    expect(withTrailingBlank([])).toHaveLength(1);
    const rows = withTrailingBlank([{ label: 'A', account: 'A', is_default: true }]);
    expect(rows).toHaveLength(2);
    expect(withTrailingBlank(rows)).toHaveLength(2);
  });
});
