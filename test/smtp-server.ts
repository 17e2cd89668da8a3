import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string | undefined;
  recipients: string[];
  raw: string;
}

/**
 * A real SMTP server inside the test (docs/product-decisions.md: mock only what is outside
 * the system, and even SMTP can be real). `rejectNext` makes it answer the next
 * messages with a temporary failure; `delayMs` slows every delivery down.
 */
export function startSmtp() {
  const received: ReceivedEmail[] = [];
  const state = { rejectNext: 0, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          if (state.rejectNext > 0) {
            state.rejectNext -= 1;
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            recipients: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  return {
    received,
    state,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An smtp:// URL where nothing listens: a server is started for a free port and closed again. */
export async function closedSmtpUrl(): Promise<string> {
  const down = startSmtp();
  const url = await down.listen();
  await down.close();
  return url;
}

/** A header's value in a raw message. */
export function mailHeader(raw: string, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();
}
