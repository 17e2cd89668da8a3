/**
 * Parses the catalogue's columns off the page's thread (ADR 0198): at 50,000 products the body is
 * ~10 MB of JSON, and decoding and parsing it on the main thread held the first rows back by
 * hundreds of milliseconds. Receives the body's bytes (transferred), answers the packed columns
 * (number columns as transferred typed arrays) or the parse error's message.
 */
import type { CatalogueColumns } from '@common/contracts/catalogue-columns';
import { packCatalogueColumns } from '@common/domain/catalogue-columns';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  let columns: CatalogueColumns;
  try {
    columns = JSON.parse(new TextDecoder().decode(event.data)) as CatalogueColumns;
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const { packed, transfer } = packCatalogueColumns(columns);
  self.postMessage({ columns: packed }, { transfer });
};
