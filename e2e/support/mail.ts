import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../server/test/smtp.js';

export interface Mailbox {
  /** smtp://127.0.0.1:<port>: give it to the app as SMTP_URL (setupE2E's env as a function). */
  readonly url: string;
  /** The first message to `to` after the first `after` ones delivered, waited for up to `ms`. */
  nextTo(to: string, options?: { after?: number; ms?: number }): Promise<ParsedMail>;
  /** How many messages were delivered so far: `after` for the next one a test waits for. */
  count(): number;
}

/**
 * Per test file: a real SMTP server (the API tests' `startTestSmtp`) that keeps every message the app
 * sends, parsed. Call it before setupE2E, whose server then starts with its address.
 */
export function setupMailbox(): Mailbox {
  let smtp: TestSmtp | undefined;
  const started = () => {
    if (!smtp) throw new Error('mailbox not started');
    return smtp;
  };
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    get url() {
      return started().url;
    },
    // The app sends from a job: a message comes a moment after the answer that asked for it.
    nextTo: (to, options) => started().nextTo(to, { ms: 20_000, ...options }),
    count: () => started().messages.length,
  };
}

/**
 * The address (path and query) of the link to `path` in a message's text, e.g. `/reset-password?token=…`:
 * opened on the server under test, whatever public address the app writes in its links.
 */
export function linkIn(
  mail: ParsedMail,
  path: '/reset-password' | '/verify-email' | '/confirm-email-change' | '/cancel-email-change',
): string {
  const escaped = path.replace(/[/-]/g, '\\$&');
  const found = mail.text?.match(new RegExp(`https?://[^\\s<>"]+${escaped}\\?token=[A-Za-z0-9_-]{43}`));
  if (!found) throw new Error(`no ${path} link in "${mail.subject}":\n${mail.text}`);
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
}
