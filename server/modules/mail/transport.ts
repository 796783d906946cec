import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailSettings } from '../../config.js';

/** A message ready to leave: one recipient, HTML and plain text from one template. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Headers of its own, such as a notification's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailLog {
  info(details: object, message: string): void;
}

/** How messages leave: `send` resolves once the SMTP server accepted it (or the file is written). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Milliseconds an SMTP exchange may take before the send fails (and its job is tried again later). */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * SMTP when `SMTP_URL` is set; else each message is kept as an .eml file under the data directory and its
 * path logged, so that `npm start` still shows a person their links. Nothing else ever reads the files.
 * nodemailer is loaded with the first message: a server that sends none never holds it in memory.
 */
export function createMailTransport(settings: MailSettings, log: MailLog): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return settings.smtpUrl
      ? nodemailer.createTransport({
          url: settings.smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };
  return {
    async send(mail) {
      transporter ??= open();
      const sent = await (await transporter).sendMail({ from: settings.from, ...mail });
      if (settings.smtpUrl) return;
      await mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
      const path = join(settings.outboxDir, `${String(sent.messageId).replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(path, sent.message as Buffer, { mode: 0o600 });
      log.info({ path, to: mail.to }, 'mail kept as a file (no SMTP_URL set)');
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}
