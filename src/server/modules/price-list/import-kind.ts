import {
  PRICE_LIST_MESSAGES,
  PRICE_PREVIEW_ROWS_LIMIT,
  type PriceListFilePreviewList,
  type PriceListUploadCounts,
  type PriceListUploadErrorBody,
  type PriceListUploadPreview,
  type PriceListUploadResult,
} from '@common/contracts/price-lists';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { safeFileName } from '../../lib/safe-file-name';
import type { ImportKind } from '../imports';
import { countsOf, diffEntries, type EntriesDiff } from './entries-diff';
import { checkKnown, readPriceListFile, readStoredCsv, storedCsv, type PriceFileRow } from './price-list-file';
import { entriesDigest, entriesOf, listsByCodes, productFacts, type PriceListRow } from './repository';
import { writeDiff, type ChangeSinks } from './writes';

/*
 * The price list file as an import kind (docs/decisions/0220, docs/decisions/0231): the preview
 * reads and checks the file, compares each named list's entries with the file's rows and keeps the
 * checked rows with a digest of those lists' entries; the confirm holds the lists, checks the digest
 * again and writes only the rows that differ, in the confirm's one transaction.
 */

interface ListDiff {
  list: PriceListRow;
  diff: EntriesDiff;
}

function rowsByList(rows: readonly PriceFileRow[]): Map<string, PriceFileRow[]> {
  const byList = new Map<string, PriceFileRow[]>();
  for (const row of rows) {
    const key = row.code.toLowerCase();
    const list = byList.get(key) ?? [];
    list.push(row);
    byList.set(key, list);
  }
  return byList;
}

function totalCounts(rows: number, diffs: readonly ListDiff[]): PriceListUploadCounts {
  const counts: PriceListUploadCounts = { rows, lists: diffs.length, added: 0, changed: 0, removed: 0, unchanged: 0, flagged: 0 };
  for (const { diff } of diffs) {
    const c = countsOf(diff);
    counts.added += c.added;
    counts.changed += c.changed;
    counts.removed += c.removed;
    counts.unchanged += c.unchanged;
    counts.flagged += c.flagged;
  }
  return counts;
}

function diffAll(lists: ReadonlyMap<string, PriceListRow>, byList: ReadonlyMap<string, PriceFileRow[]>, entries: ReadonlyMap<number, { productId: number; minQuantity: number; price: string }[]>): ListDiff[] {
  return [...byList.entries()]
    .map(([code, rows]) => {
      const list = lists.get(code)!;
      return { list, diff: diffEntries(entries.get(list.id) ?? [], rows) };
    })
    .sort((a, b) => a.list.code.toLowerCase().localeCompare(b.list.code.toLowerCase()));
}

function previewList({ list, diff }: ListDiff, names: ReadonlyMap<number, { name: string }>): PriceListFilePreviewList {
  const name = (sku: number) => names.get(sku)?.name ?? null;
  const ref = (r: { productId: number; minQuantity: number; price: string }) => ({ sku: r.productId, name: name(r.productId), minQuantity: r.minQuantity, price: r.price });
  // Flagged changes first, so the ones to look at are never past the limit.
  const changed = [...diff.changed].sort((a, b) => Number(b.flagged) - Number(a.flagged) || a.productId - b.productId || a.minQuantity - b.minQuantity);
  return {
    code: list.code,
    name: list.name,
    counts: countsOf(diff),
    added: diff.added.slice(0, PRICE_PREVIEW_ROWS_LIMIT).map(ref),
    changed: changed.slice(0, PRICE_PREVIEW_ROWS_LIMIT).map((c) => ({
      sku: c.productId,
      name: name(c.productId),
      minQuantity: c.minQuantity,
      before: c.before,
      after: c.price,
      percent: c.percent,
      flagged: c.flagged,
    })),
    removed: diff.removed.slice(0, PRICE_PREVIEW_ROWS_LIMIT).map(ref),
  };
}

export function createPriceListImportKind(deps: {
  db: Db;
  sinks: ChangeSinks;
}): ImportKind<PriceListUploadPreview, PriceListUploadResult, void, PriceFileRow[], PriceListUploadErrorBody> {
  const { db, sinks } = deps;

  const refuse = (filename: string, problems: PriceListUploadErrorBody['schemaErrors'], problemCount: number, rows: number) => ({
    ok: false as const,
    body: { message: PRICE_LIST_MESSAGES.rejected, schemaErrors: problems, moreIssues: problemCount - problems.length },
    refused: { filename, data: Buffer.alloc(0), problems, problemCount, rows },
  });

  return {
    name: 'price_list',

    async preview(actor, file) {
      const filename = safeFileName(file.filename, 'csv', 'price-list');
      const read = await readPriceListFile(file, String(actor.userId));
      if (!read.ok) return refuse(filename, read.problems, read.problemCount, read.rows);
      const byList = rowsByList(read.rows);
      const skus = [...new Set(read.rows.map((r) => r.productId))];
      // One snapshot: the digest is of the entries compared.
      const outcome = await db.transaction(
        async (tx) => {
          const lists = await listsByCodes(tx, [...byList.keys()]);
          const facts = await productFacts(tx, skus);
          const known = checkKnown(read.rows, new Set(lists.keys()), new Set(facts.keys()));
          if (known.problemCount > 0) return { ok: false as const, known };
          const ids = [...lists.values()].map((l) => l.id);
          const entries = await entriesOf(tx, ids);
          return { ok: true as const, facts, digest: await entriesDigest(tx, ids), diffs: diffAll(lists, byList, entries) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (!outcome.ok) return refuse(filename, outcome.known.problems, outcome.known.problemCount, read.rows.length);
      const counts = totalCounts(read.rows.length, outcome.diffs);
      // The removed entries' SKUs are not in the file: their names are read too.
      const removedSkus = [...new Set(outcome.diffs.flatMap((d) => d.diff.removed.slice(0, PRICE_PREVIEW_ROWS_LIMIT).map((r) => r.productId)))].filter((sku) => !outcome.facts.has(sku));
      const names = new Map([...outcome.facts, ...(await productFacts(db, removedSkus))]);
      const lists = outcome.diffs.map((d) => previewList(d, names));
      return {
        ok: true,
        keep: { filename, data: storedCsv(read.rows), counts, digest: outcome.digest },
        answer: (uploadId) => ({ uploadId, filename, counts, lists }),
      };
    },

    async read(_actor, kept) {
      return readStoredCsv(kept.data);
    },

    async apply(tx, { actor, kept, read: rows }) {
      const byList = rowsByList(rows);
      // Held in id order, so two confirms naming the same lists wait for each other instead of deadlocking.
      const lists = await listsByCodes(tx, [...byList.keys()], true);
      if (lists.size !== byList.size) throw new HttpError(409, PRICE_LIST_MESSAGES.changedSince);
      const ids = [...lists.values()].map((l) => l.id);
      if ((await entriesDigest(tx, ids)) !== kept.digest) throw new HttpError(409, PRICE_LIST_MESSAGES.changedSince);
      const diffs = diffAll(lists, byList, await entriesOf(tx, ids));
      for (const { list, diff } of diffs) await writeDiff(tx, sinks, list, diff, { source: 'upload', actor });
      const counts = totalCounts(rows.length, diffs);
      const written = counts.added + counts.changed + counts.removed;
      return {
        response: { message: written === 0 ? 'Nothing to change: the lists already hold these prices' : `Price lists updated: ${written} ${written === 1 ? 'entry' : 'entries'} written`, counts },
        counts,
      };
    },

    // A price list names what a company pays: an API token with the stock scope is not shown it.
    listedFor: (actor) => !actor.apiToken,
  };
}

