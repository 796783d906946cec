import { describe, expect, it } from 'vitest';
import { QUARANTINE_REASONS } from '../../api/ballot-counting.js';
import { uiCatalog } from '../index.js';

describe('the integrity texts', () => {
  it('names every quarantine reason the server accepts', () => {
    for (const reason of QUARANTINE_REASONS) expect(uiCatalog.en[`integrity.reason.${reason}`]).toBeTruthy();
  });
});
