import type { z } from 'zod';

/** Items checked per task: a few milliseconds on a phone, well under the 50 ms of a long task. */
const SLICE = 250;

/** A new task: the browser may paint and answer input before the next slice. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * An array answer checked by its contract a slice per task (issue 15, ADR 0152). Checking the
 * 3,000-product catalogue at once held a phone's main thread for a quarter of a second, a long
 * task that froze taps and counted whole into Lighthouse's blocking time. The result, and the
 * error for a bad answer, are exactly `schema.parse(value)`'s: a failing slice re-checks the
 * whole value so the error names the item's real index. For array contracts without length rules.
 */
export async function parseInSlices<S extends z.ZodArray>(schema: S, value: unknown, slice = SLICE): Promise<z.output<S>> {
  if (!Array.isArray(value) || value.length <= slice) return schema.parse(value);
  const checked: unknown[] = [];
  for (let start = 0; start < value.length; start += slice) {
    if (start > 0) await nextTask();
    const result = schema.safeParse(value.slice(start, start + slice));
    if (!result.success) return schema.parse(value);
    for (const item of result.data as unknown[]) checked.push(item);
  }
  return checked as z.output<S>;
}
