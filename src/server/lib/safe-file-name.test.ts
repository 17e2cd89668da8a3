import { describe, expect, it } from 'vitest';
import { safeFileName } from './safe-file-name';

describe('safeFileName (docs/decisions/0204)', () => {
  it('keeps an ordinary name', () => {
    expect(safeFileName('monday-lots.csv', 'csv')).toBe('monday-lots.csv');
    expect(safeFileName('Loads (March).XLSX', 'xlsx')).toBe('Loads (March).xlsx');
  });

  it('ends in the extension of what is stored, never a second one', () => {
    expect(safeFileName('evil.html', 'csv')).toBe('evil_html.csv');
    expect(safeFileName('loads.xlsx', 'csv')).toBe('loads_xlsx.csv');
    expect(safeFileName('report.csv.exe', 'csv')).toBe('report_csv_exe.csv');
  });

  it('drops bidi, zero-width and control characters and path parts', () => {
    expect(safeFileName('a\u202Ecsv.exe', 'csv')).toBe('acsv_exe.csv');
    expect(safeFileName('L\u200B1\r\n.csv', 'csv')).toBe('L1.csv');
    expect(safeFileName('..\\..\\windows\\system.ini', 'csv')).toBe('system_ini.csv');
    expect(safeFileName('../etc/passwd', 'csv')).toBe('passwd.csv');
  });

  it('replaces anything outside the allow-list and falls back when nothing is left', () => {
    expect(safeFileName('<script>"x".csv', 'csv')).toBe('script_x_.csv');
    expect(safeFileName('\u202E.csv', 'csv')).toBe('upload.csv');
    expect(safeFileName('ｌｏｔｓ.csv', 'csv')).toBe('lots.csv');
    expect(safeFileName(`${'a'.repeat(500)}.csv`, 'csv')).toHaveLength(124);
  });
});
