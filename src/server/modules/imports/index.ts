/**
 * The imports module's public entry (docs/decisions/0220): every file upload's preview, confirm,
 * cancel and history. A kind's module implements ImportKind and registers it on the service.
 */
export { importsRoutes } from './routes';
export { createImportsService, type ConfirmOutcome, type ImportsOf, type ImportsService, type PreviewOutcome } from './service';
export { RefusedAtConfirm, type Applied, type ImportKind, type KeptPreview, type PreviewProgress, type PreviewStep, type RefusedFile, type StoredPreview } from './kind';
/** The reading pieces every kind's rows share, so the stock, lots and incoming files read alike. */
export { CsvSyntaxError, readCsvRecords, type CsvRecord } from './csv-source';
export { createIssueCollector, type IssueCollector, type ProblemSink } from './issue-collector';
export { INVALID_SKU, looksLikeFormula, normaliseHeader, parseSku } from './cells';
