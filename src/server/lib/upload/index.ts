/** The one upload module: every file input of the portal goes through it (docs/architecture.md). */
export { isUtf8Text, NOT_UTF8, sniff, type UploadKind } from './content';
export { DEFAULT_XLSX_LIMITS, openCsvStream, receiveCsvBytes, receiveCsvText, receiveFile, receiveOnlyFile, type ReceivedFile, type UploadRules } from './receive';
export { readSpreadsheet, UnreadableSheet, type SheetContent, type SheetLimits, type SheetPick, type SheetRecord } from './spreadsheet';
export { inspectXlsx, type XlsxLimits } from './xlsx-guard';
