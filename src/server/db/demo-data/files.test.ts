import { fileTypeFromBuffer } from 'file-type';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import type { Database } from '../client';
import { fileBlobs, files, folders, links, orderItems, orders, users } from '../schema';
import { loadDemoData } from '.';

describe('demo Files & Links library', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [admin] = await database.db.insert(users).values({ username: 'admin', passwordHash: 'x', role: 'admin' }).returning();
    const deps = { hashPassword: async (p: string) => `plain:${p}`, adminUserId: admin!.id };
    await loadDemoData(database.db, deps);
    // A second run adds nothing twice.
    await loadDemoData(database.db, deps);
  }, 120_000);
  afterAll(async () => database?.close());

  it('has a Price Lists and a Brochures folder, each with one real PDF', async () => {
    const rootFolders = await database.db.select().from(folders).where(isNull(folders.parentId));
    expect(rootFolders.map((f) => f.name).sort()).toEqual(['Brochures', 'Price Lists']);
    for (const folder of rootFolders) {
      const inside = await database.db.select().from(files).where(eq(files.folderId, folder.id));
      expect(inside).toHaveLength(1);
      const [blob] = await database.db.select().from(fileBlobs).where(eq(fileBlobs.fileId, inside[0]!.id));
      expect(blob?.data.length).toBe(inside[0]!.size);
      expect((await fileTypeFromBuffer(blob!.data))?.mime).toBe('application/pdf');
      expect(inside[0]!.type).toBe('application/pdf');
    }
  });

  it('has a couple of https links at the root', async () => {
    const rootLinks = await database.db.select().from(links).where(isNull(links.folderId));
    expect(rootLinks).toHaveLength(2);
    expect(rootLinks.every((l) => l.url.startsWith('https://'))).toBe(true);
  });

  it("gives the demo rep one sample order to start a dealer's PO from, once over two runs (docs/decisions/0235)", async () => {
    const samples = await database.db.select().from(orders).where(eq(orders.username, 'sales'));
    expect(samples).toHaveLength(1);
    expect(samples[0]).toMatchObject({ kind: 'sample', companyId: null, placedByName: 'Maria Lopez' });
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, samples[0]!.id))).toHaveLength(3);
  });
});
