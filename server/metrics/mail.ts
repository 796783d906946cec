import { Counter, type Registry } from 'prom-client';
import type { MailTransport } from '../modules/mail/transport.js';

/**
 * The same transport, counting the messages it handed over and those refused (the SMTP server away, or
 * refusing; without SMTP_URL, a file that could not be written). A refused message's job is tried again
 * later: each try that fails counts.
 */
export function countMail(transport: MailTransport, registry: Registry): MailTransport {
  const sent = new Counter({
    name: 'podium_mail_sent_total',
    help: 'Messages the SMTP server accepted (or, without SMTP_URL, kept as files).',
    registers: [registry],
  });
  const failures = new Counter({
    name: 'podium_mail_failures_total',
    help: 'Attempts to send a message that failed (the SMTP server away or refusing); its job retries.',
    registers: [registry],
  });
  return {
    async send(mail) {
      try {
        await transport.send(mail);
      } catch (error) {
        failures.inc();
        throw error;
      }
      sent.inc();
    },
    close: () => transport.close(),
  };
}
