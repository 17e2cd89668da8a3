import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineWritesQueue, sendOrQueueLine, setOfflineLineWriter, type OfflineLineWrite } from './offline-cart-writes';

const online = (value: boolean) => vi.stubGlobal('navigator', { onLine: value });

afterEach(() => {
  setOfflineLineWriter(undefined);
  vi.unstubAllGlobals();
});

describe('sendOrQueueLine: a rep\u2019s cart line writes wait on the device (docs/decisions/0239)', () => {
  const set: OfflineLineWrite = { kind: 'set', productId: 1001, quantity: 3 };

  it('sends as before when field mode does not run, offline too', async () => {
    online(false);
    expect(lineWritesQueue()).toBe(false);
    await expect(sendOrQueueLine(set, async () => 'sent')).resolves.toBe('sent');
  });

  it('queues instead of sending when the browser is offline, or the line exists only on the device', async () => {
    const queued: OfflineLineWrite[] = [];
    setOfflineLineWriter(async (write) => void queued.push(write));
    const send = vi.fn(async () => 'sent');
    online(false);
    await expect(sendOrQueueLine(set, send)).resolves.toBeNull();
    online(true);
    await expect(sendOrQueueLine({ kind: 'remove', productId: 7 }, send, { deviceOnly: true })).resolves.toBeNull();
    expect(send).not.toHaveBeenCalled();
    expect(queued).toEqual([set, { kind: 'remove', productId: 7 }]);
    await expect(sendOrQueueLine(set, send)).resolves.toBe('sent');
  });

  it('queues a set or a removal whose request got no answer, never an add (it could count twice)', async () => {
    const queued: OfflineLineWrite[] = [];
    setOfflineLineWriter(async (write) => void queued.push(write));
    online(true);
    const dropped = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(sendOrQueueLine(set, dropped)).resolves.toBeNull();
    await expect(sendOrQueueLine({ kind: 'add', productId: 1001, quantity: 1 }, dropped)).rejects.toThrow('Failed to fetch');
    // The server's refusal is the server's answer: shown, not queued.
    await expect(
      sendOrQueueLine(set, async () => {
        throw new Error('409: Only 2 in stock');
      }),
    ).rejects.toThrow('409');
    expect(queued).toEqual([set]);
  });
});
