import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on loopback that plays an ERP's webhook receiver. `failNext`
 * answers the next requests with 500, `alwaysFail` every request; `delayMs` holds
 * each answer back; `onRequest` runs as each request arrives (the tests stop a
 * sender from there). `received` keeps the answered requests, `attempts` counts all.
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const state = { failNext: 0, alwaysFail: false, delayMs: 0, attempts: 0, onRequest: undefined as (() => void) | undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      state.attempts += 1;
      const failing = state.alwaysFail || state.failNext > 0;
      if (state.failNext > 0) state.failNext -= 1;
      else received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      state.onRequest?.();
      setTimeout(() => {
        response.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' });
        response.end(failing ? 'ERP is down' : 'ok');
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/portal`;
  return {
    url,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
