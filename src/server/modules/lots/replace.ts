import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import { LOTS_MESSAGES, type IncomingBody, type LotsApplyResponse, type LotsBody } from '@common/contracts/lots';
import { createSkuLimits, LOT_LIMIT_MESSAGES } from '@common/domain/lot-limits';
import { isExampleKey, ONLY_EXAMPLE_ROWS } from '@common/domain/template-examples';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { isNumericOverflow } from '../../lib/pg-errors';
import type { ReceivedFile } from '../../lib/upload';
import type { ActivityService } from '../activity';
import type { ProductsService } from '../products';
import type { SettingsService } from '../settings';
import { createIssueCollector, parseSku } from '../imports';
import { removeArrivedLoads } from './arrived-loads';
import { fillArrivedBackorders, followReplacedLoads } from './backorders';
import { publishLotEvents } from './change-events';
import { recountHolds } from './holds';
import type { EventPublisher } from '../webhooks';
import type { MailOutbox } from '../mail';
import { lockLotsImport, lockLotsOf, refreshLotStatistics, replaceIncoming, replaceLots, unknownProductIds } from './repository';
import { syncOnOrderWithLoads, syncStockWithLots } from './sync-sums';
import {
  createDuplicateLotCheck,
  fieldsOf,
  readHeader,
  readIncoming,
  readLot,
  type IncomingColumn,
  type IncomingRow,
  type LotColumn,
  type LotRow,
  type Report,
  type Warn,
} from './row-rules';
import { UNKNOWN_COLUMN, type StockUploadErrorBody } from '@common/contracts/stock';
import { todayIn } from '@common/domain/business-days';
import { readSheet } from './sheet';
import { storedName } from './stored-file';

export type Kind = 'lots' | 'incoming';
type Row<K extends Kind> = K extends 'lots' ? LotRow : IncomingRow;

/** What a file or a body came to: the SKUs it lists (each replaced whole) and their rows. */
export interface Replacement<K extends Kind> {
  kind: K;
  skus: number[];
  rows: Row<K>[];
  /** Where each SKU was first named, for the unknown-SKU message ("row 4", "items.3"). */
  firstSeen: Map<number, string>;
}

export type UploadResult = { ok: true; response: LotsApplyResponse } | { ok: false; body: StockUploadErrorBody };

/**
 * Work of the caller in the replacement's transaction, after its locks and before the rows are
 * replaced: an upload's history row, a confirm's check that the preview still holds (ADR 0196).
 */
export type ApplyHook = (tx: Tx, replacement: Replacement<Kind>) => Promise<void>;

const number = new Intl.NumberFormat('en-US');

export interface ReplaceDeps {
  db: Db;
  activity: ActivityService;
  products: Pick<ProductsService, 'summaries' | 'recordChange' | 'changed'>;
  events: EventPublisher;
  /** The dashboard's "Last Updated" is the latest of stock, lots and incoming changes (docs/decisions/0212). */
  settings: Pick<SettingsService, 'put'>;
  /** Called after a replacement committed: stock may have risen above 0 for someone waiting (notify me). */
  afterStockChange: () => void;
  /** A backorder whose load arrived is emailed to its buyer in the replacement's transaction (docs/decisions/0238). */
  mail: { outbox: Pick<MailOutbox, 'enqueue'>; from: string };
}

/**
 * A lots or incoming file, or an ERP's PUT: for every SKU listed, its lots (loads) are
 * replaced by the listed ones; SKUs not listed keep theirs. All or nothing, with the stock
 * upload's row messages (docs/decisions/0186).
 */
export function createReplacer(deps: ReplaceDeps) {
  const { db } = deps;

  function readRow<K extends Kind>(kind: K, fields: Record<string, string>, report: Report, check?: { today: string; warn: Warn }): Row<K> | null {
    return (
      kind === 'lots' ? readLot(fields as Partial<Record<LotColumn, string>>, report) : readIncoming(fields as Partial<Record<IncomingColumn, string>>, report, check)
    ) as Row<K> | null;
  }

  /**
   * The file's rows checked into a replacement, or the problems: every problem of the file in one
   * pass, each naming its row and the row's SKU, listed in row order (docs/decisions/0211). An
   * unknown SKU is found even when other rows have problems.
   */
  async function fromFile<K extends Kind>(kind: K, file: ReceivedFile, owner: string) {
    const collector = createIssueCollector();
    const error = (row: number, message: string, sku?: number) => collector.sink.error({ row, message, ...(sku ? { sku: String(sku) } : {}) });
    const sheet = await readSheet(file, owner);
    const replacement: Replacement<K> = { kind, skus: [], rows: [], firstSeen: new Map() };
    // Every SKU the file names, at its first row, whatever else is wrong with the rows.
    const named = new Map<number, number>();
    if (!sheet.ok) error(sheet.row, sheet.message);
    else {
      const [head, ...records] = sheet.records;
      if (!head) error(1, 'The file is empty');
      else {
        const header = readHeader<string>(kind, head.cells);
        header.errors.forEach((m) => error(1, m));
        header.ignored.forEach((field) => collector.sink.issue({ row: 1, issue: UNKNOWN_COLUMN, field, value: '' }));
        const duplicate = createDuplicateLotCheck();
        // As the PUT's contract: at most 1,000 lots (loads) and 1,000,000,000 boxes per SKU (docs/decisions/0204).
        const limits = createSkuLimits(kind);
        const today = todayIn();
        let examples = 0;
        for (const { row, cells } of header.errors.length > 0 ? [] : records) {
          const fields = fieldsOf(header, cells) as Record<string, string>;
          // The template's example rows are documentation, never data (docs/decisions/0130).
          if (isExampleKey(fields.sku ?? '')) {
            examples += 1;
            continue;
          }
          const sku = parseSku((fields.sku ?? '').trim()) ?? undefined;
          if (sku !== undefined && !named.has(sku)) named.set(sku, row);
          const warn: Warn = (w) => collector.sink.issue({ row, ...w, ...(sku ? { sku: String(sku) } : {}) });
          const parsed = readRow(kind, fields, (m) => error(row, m, sku), { today, warn });
          if (!parsed) continue;
          if (kind === 'lots') {
            const twice = duplicate(parsed as LotRow, `row ${row}`);
            if (twice) {
              error(row, twice, sku);
              continue;
            }
          }
          const over = limits(parsed.productId, parsed.quantity);
          if (over) error(row, over, sku);
          // A file already refused keeps only its messages, not every row of a SKU past its limit.
          if (!collector.hasErrors()) add(replacement, parsed, `row ${row}`);
        }
        if (header.errors.length === 0 && named.size === 0 && replacement.skus.length === 0 && !collector.hasErrors()) {
          error(2, examples > 0 ? ONLY_EXAMPLE_ROWS : 'The file has a header but no rows');
        }
      }
    }
    if (named.size > 0) {
      const unknownSkus = new Set(await unknownProductIds(db, [...named.keys()]));
      for (const [sku, row] of named) if (unknownSkus.has(sku)) error(row, `Unknown SKU ${sku}`, sku);
    }
    return { replacement, collector };
  }

  function add<K extends Kind>(replacement: Replacement<K>, row: Row<K>, where: string) {
    if (!replacement.firstSeen.has(row.productId)) {
      replacement.firstSeen.set(row.productId, where);
      replacement.skus.push(row.productId);
    }
    replacement.rows.push(row);
  }

  /** SKUs of the replacement that are not in the catalogue, with where each was first named. */
  async function unknown(replacement: Replacement<Kind>): Promise<[number, string][]> {
    const unknownSkus = new Set(await unknownProductIds(db, replacement.skus));
    if (unknownSkus.size === 0) return [];
    return replacement.skus.filter((sku) => unknownSkus.has(sku)).map((sku) => [sku, replacement.firstSeen.get(sku) ?? '']);
  }

  /** A PUT body checked into a replacement; any problem is a 400 naming each item, and nothing changes. */
  async function fromBody<K extends Kind>(kind: K, body: LotsBody | IncomingBody): Promise<Replacement<K>> {
    const errors: { path: string; message: string }[] = [];
    const replacement: Replacement<K> = { kind, skus: [], rows: [], firstSeen: new Map() };
    const duplicate = createDuplicateLotCheck();
    const limits = createSkuLimits(kind);
    const seenSku = new Map<number, number>();
    body.items.forEach((item, index) => {
      const first = seenSku.get(item.sku);
      if (first !== undefined) {
        errors.push({ path: `items.${index}.sku`, message: `SKU ${item.sku} appears more than once (first at item ${first + 1})` });
        return;
      }
      seenSku.set(item.sku, index);
      replacement.firstSeen.set(item.sku, `items.${index}.sku`);
      replacement.skus.push(item.sku);
      const entries: Record<string, unknown>[] = 'lots' in item ? item.lots : item.incoming;
      const listName = kind === 'lots' ? 'lots' : 'incoming';
      entries.forEach((entry, at) => {
        const path = `items.${index}.${listName}.${at}`;
        const fields: Record<string, string> = { sku: String(item.sku) };
        for (const [key, value] of Object.entries(entry)) fields[key] = value === null || value === undefined ? '' : String(value);
        const parsed = readRow(kind, fields, (message) => errors.push({ path, message: `SKU ${item.sku}: ${message}` }));
        if (!parsed) return;
        const twice = kind === 'lots' ? duplicate(parsed as LotRow, path) : null;
        const over = limits(item.sku, parsed.quantity);
        if (twice) errors.push({ path, message: twice });
        else if (over) errors.push({ path, message: over });
        else replacement.rows.push(parsed);
      });
    });
    if (errors.length === 0) {
      for (const [sku, path] of await unknown(replacement)) errors.push({ path, message: `Unknown SKU ${sku}` });
    }
    if (errors.length > 0) throw new HttpError(400, `${errors[0]!.message}. ${LOTS_MESSAGES.bodyRejected}.`, errors.slice(0, 200));
    return replacement;
  }

  /**
   * In the caller's transaction: the rows replaced, the stock levels following (sync-sums.ts), the
   * catalogue version, activity and webhook. Call afterCommit once it committed.
   */
  async function applyIn(
    tx: Tx,
    actor: Actor,
    replacement: Replacement<Kind>,
    source: { via: 'file'; filename: string } | { via: 'api' },
    during?: ApplyHook,
  ): Promise<LotsApplyResponse> {
    const { kind, skus, rows } = replacement;
    try {
      await lockLotsImport(tx, kind);
      if (kind === 'lots') await lockLotsOf(tx, skus);
      await during?.(tx, replacement);
      let arrivedLoads = 0;
      if (kind === 'lots') {
        // Stock = the sum of the lots, quantity on order = the sum of the loads, for the SKUs touched (sync-sums.ts).
        const replaced = await replaceLots(tx, skus, rows as LotRow[]);
        // The file counts the shelf; held boxes stay out of what is free (docs/decisions/0236).
        const recounted = await recountHolds(tx, skus);
        await syncStockWithLots(tx, recounted.length > 0 ? skus : replaced);
        await refreshLotStatistics(tx, rows.length);
        // A load whose lot is now in stock has arrived: no longer incoming (docs/decisions/0207).
        const arrived = await removeArrivedLoads(tx, skus);
        arrivedLoads = arrived.length;
        await syncOnOrderWithLoads(tx, arrived);
        // Backorders waiting for a lot now in stock take its boxes before anyone else (docs/decisions/0238).
        await fillArrivedBackorders(tx, skus, deps.mail);
      } else {
        await syncOnOrderWithLoads(tx, await replaceIncoming(tx, skus, rows as IncomingRow[]));
        // The loads are new rows: waiting backorders follow theirs, and a load that slipped moves their ETA (docs/decisions/0238).
        await followReplacedLoads(tx, skus);
      }
      await deps.products.recordChange(tx);
      await deps.settings.put(LAST_INVENTORY_UPDATE, new Date().toISOString(), tx);
      const what = kind === 'lots' ? 'lots' : 'incoming loads';
      const from = source.via === 'file' ? ` from ${source.filename}` : ' through the API';
      await deps.activity.record(
        actor,
        {
          type: 'stock_updated',
          description: `${actor.username} replaced the ${what} of ${number.format(skus.length)} SKU${skus.length === 1 ? '' : 's'}${from} (${number.format(rows.length)} rows)`,
          metadata: { kind, source: source.via, filename: source.via === 'file' ? source.filename : undefined, skus: skus.length, rows: rows.length, arrivedLoads },
        },
        tx,
      );
      await publishLotEvents(deps.events, tx, kind, skus, rows, source.via === 'file' ? source.filename : undefined);
    } catch (error) {
      // The row and SKU limits keep every sum in range; should the table hold more than came through
      // them, the sync (sync-sums.ts) refuses with a 409 naming the SKU and the transaction rolls
      // back. Any other overflow is a sentence too, not a 500.
      if (isNumericOverflow(error)) throw new HttpError(400, `${LOT_LIMIT_MESSAGES.overflow(kind)} ${LOTS_MESSAGES.bodyRejected}.`);
      throw error;
    }
    return { message: kind === 'lots' ? LOTS_MESSAGES.lotsUpdated : LOTS_MESSAGES.incomingUpdated, rows: rows.length, skus: skus.length };
  }

  /** After a replacement committed: this server's catalogue is stale, and someone waiting may be notified. */
  function afterCommit(): void {
    deps.products.changed();
    deps.afterStockChange();
  }

  /** One transaction of its own (applyIn), then afterCommit. */
  async function apply(
    actor: Actor,
    replacement: Replacement<Kind>,
    source: { via: 'file'; filename: string } | { via: 'api' },
    during?: ApplyHook,
  ): Promise<LotsApplyResponse> {
    const response = await db.transaction((tx: Tx) => applyIn(tx, actor, replacement, source, during));
    afterCommit();
    return response;
  }

  return {
    /** A file read and checked, not applied: its replacement, or the problems row by row (a preview, ADR 0196). */
    read: fromFile,
    async upload(actor: Actor, kind: Kind, file: ReceivedFile, during?: ApplyHook): Promise<UploadResult> {
      const { replacement, collector } = await fromFile(kind, file, String(actor.userId));
      if (collector.hasErrors()) {
        return { ok: false, body: { message: LOTS_MESSAGES.rejected, ...collector.lists(), moreIssues: collector.unlistedErrors() + collector.unlistedWarnings() } };
      }
      return { ok: true, response: await apply(actor, replacement, { via: 'file', filename: storedName(file.filename) }, during) };
    },
    /** A file already read (a confirmed preview), in the caller's transaction, with the caller's check after the locks. */
    applyFileIn: (tx: Tx, actor: Actor, replacement: Replacement<Kind>, filename: string, during: ApplyHook) =>
      applyIn(tx, actor, replacement, { via: 'file', filename }, during),
    afterCommit,
    async put(actor: Actor, kind: Kind, body: LotsBody | IncomingBody): Promise<LotsApplyResponse> {
      return apply(actor, await fromBody(kind, body), { via: 'api' });
    },
  };
}
