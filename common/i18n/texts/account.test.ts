import { describe, expect, it } from 'vitest';
import { LINK_VALIDITY_MINUTES } from '../../api/account-links.js';
import { LANGUAGES } from '../../constants.js';
import { uiCatalog } from '../index.js';

describe('the account texts', () => {
  it('quotes in every language how long each link works, as the server keeps it', () => {
    const resetMinutes = String(LINK_VALIDITY_MINUTES.reset_password);
    const verifyDays = String(LINK_VALIDITY_MINUTES.verify_email / (60 * 24));
    const changeDays = String(LINK_VALIDITY_MINUTES.change_email / (60 * 24));
    for (const language of LANGUAGES) {
      expect(uiCatalog[language]['account.reset.request.sent']).toMatch(new RegExp(`\\b${resetMinutes}\\b`));
      expect(uiCatalog[language]['account.email.resent']).toMatch(new RegExp(`\\b${verifyDays}\\b`));
      expect(uiCatalog[language]['account.emailChange.sent']).toMatch(new RegExp(`\\b${changeDays}\\b`));
    }
  });
});
