/*
 * The merchandise workbook: its template, and what an upload sends. The browser previews the
 * workbook first (preview-merchandise-upload.ts, docs/decisions/0214); POST
 * /api/admin/merchandise/upload, which applies at once, is left to API clients.
 */

export const MERCHANDISE_TEMPLATE_URL = '/api/admin/merchandise/template.xlsx';

export interface UploadMerchandiseInput {
  file: File;
  onProgress?: (fraction: number) => void;
}
