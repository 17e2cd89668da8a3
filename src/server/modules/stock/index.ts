/** The stock module's public entry: other modules, jobs and app.ts import only this file. */
export { stockRoutes } from './routes';
export { createStockService, type StockService } from './service';
/** The upload's reading pieces, shared with the lots and incoming uploads so their rows read alike. */
export { CsvSyntaxError, readCsvRecords, type CsvRecord } from './csv-source';
export { createIssueCollector } from './issue-collector';
export { INVALID_SKU, looksLikeFormula, normaliseHeader, parseSku } from './row-rules';
/** The one upload history (ADR 0196): the lots module keeps its lots and incoming files here. */
export { checkConfirmable, createUploadHistory, type UploadHistory } from './upload-history';
