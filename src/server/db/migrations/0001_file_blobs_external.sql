-- Uploaded files are PDFs, JPEGs and PNGs: already compressed, so PostgreSQL's own
-- compression gains nothing. EXTERNAL keeps them out of line and uncompressed, which
-- lets substring() read only the TOAST chunks a download slice or a Range request needs
-- (docs/decisions/0031).
ALTER TABLE "file_blobs" ALTER COLUMN "data" SET STORAGE EXTERNAL;
