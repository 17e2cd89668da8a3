import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInSlices } from './parse-in-slices';

const item = z.object({ id: z.number().int(), name: z.string().trim() });
const list = z.array(item);
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: ` tile ${i} ` }));

describe('parseInSlices (issue 15: a big answer checked without a long task)', () => {
  it('gives exactly what parse gives, order and transforms included', async () => {
    const value = items(1001);
    expect(await parseInSlices(list, value, 100)).toEqual(list.parse(value));
    expect(await parseInSlices(list, items(3), 100)).toEqual(list.parse(items(3)));
  });

  it("hands the thread back between slices: other tasks run before it finishes", async () => {
    const order: string[] = [];
    const parsing = parseInSlices(list, items(1000), 100).then(() => order.push('parsed'));
    setTimeout(() => order.push('another task'), 0);
    await parsing;
    expect(order).toEqual(['another task', 'parsed']);
  });

  it("throws parse's own error for a bad item, with the item's real index", async () => {
    const value: unknown[] = items(500);
    value[437] = { id: 'x', name: 'bad' };
    const error = await parseInSlices(list, value, 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues[0]?.path).toEqual([437, 'id']);
    await expect(parseInSlices(list, { not: 'a list' }, 100)).rejects.toBeInstanceOf(z.ZodError);
  });
});
