import type { CatalogueColumns } from '@common/contracts/catalogue-columns';
import type { ReadableCatalogueColumns } from '@common/domain/catalogue-columns';

type WorkerAnswer = { columns: ReadableCatalogueColumns } | { error: string };

/**
 * Starts the worker that will parse the catalogue (ADR 0198), so it loads while the body downloads.
 * Undefined where there are no workers (unit tests' DOM); the caller then parses on its own thread.
 */
export function startColumnsParser(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./catalogue-columns.worker.ts', import.meta.url), { type: 'module', name: 'catalogue-columns' });
  } catch {
    return undefined;
  }
}

/**
 * The catalogue's JSON bytes parsed into columns, in `worker` when there is one (the bytes are
 * transferred, not copied); the worker is ended either way. A body that is not JSON rejects.
 */
export function parseCatalogueColumns(bytes: ArrayBuffer, worker: Worker | undefined): Promise<ReadableCatalogueColumns> {
  if (!worker) return new Promise((resolve) => resolve(JSON.parse(new TextDecoder().decode(bytes)) as CatalogueColumns));
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate();
      if ('error' in event.data) reject(new SyntaxError(`The catalogue could not be read: ${event.data.error}`));
      else resolve(event.data.columns);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`The catalogue could not be read: ${event.message}`));
    };
    worker.postMessage(bytes, [bytes]);
  });
}
