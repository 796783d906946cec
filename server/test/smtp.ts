import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 for tests: it keeps every message it accepts, parsed. */
export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** The first message (after `after` of them) to `to`, waiting for it up to `ms`. */
  nextTo(to: string, options?: { after?: number; ms?: number }): Promise<ParsedMail>;
  /** Stops listening (the server is "down"), then `up()` listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiting = new Set<() => void>();
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            messages.push(parsed);
            for (const wake of waiting) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const recipients = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async nextTo(to, { after = 0, ms = 5_000 } = {}) {
      const find = () => messages.slice(after).find((mail) => recipients(mail).includes(to.toLowerCase()));
      const deadline = Date.now() + ms;
      for (let found = find(); ; found = find()) {
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no message to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    down: stop,
    async up() {
      server = make();
      await listen(port);
    },
    close: stop,
  };
}
