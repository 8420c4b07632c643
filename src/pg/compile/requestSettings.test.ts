import { describe, expect, it } from 'vitest';
import { settingsStatement } from './requestSettings.js';

describe('settingsStatement', () => {
  it('refuses the role given as a setting, whatever its case (PostgreSQL folds setting names)', () => {
    // As a setting, `ROLE` would switch the role past the checks the `role` field has (not
    // `none`, not longer than a name).
    for (const name of ['role', 'ROLE', 'Role']) {
      expect(() => settingsStatement({ settings: { [name]: 'none' } }), name).toThrow(
        'Give the role as `role`, not as a setting.',
      );
    }
  });

  it('writes settings, then the role, as one JSON parameter', () => {
    expect(settingsStatement({ role: 'member', settings: { 'app.tenant': 't1' } })?.values).toEqual(
      ['{"app.tenant":"t1","role":"member"}'],
    );
    expect(settingsStatement({ settings: {} })).toBeUndefined();
  });
});
