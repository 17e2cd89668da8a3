import { describe, expect, it } from 'vitest';
import type { Folder } from '@common/contracts/files';
import { describeContents } from './describe-contents';
import { childFolders, folderHref, folderPath, parseFolderParam } from './folder-path';

const at = '2026-01-01T00:00:00.000Z';
const folder = (id: number, name: string, parentId: number | null): Folder => ({ id, name, parentId, createdAt: at, updatedAt: at });
const folders = [folder(1, 'Price Lists', null), folder(2, '2026', 1), folder(3, 'Q1', 2), folder(4, 'Brochures', null)];

describe('folderPath (breadcrumb)', () => {
  it('is empty at the root', () => {
    expect(folderPath(folders, null)).toEqual([]);
  });
  it('lists the folders from the root down', () => {
    expect(folderPath(folders, 3)?.map((f) => f.name)).toEqual(['Price Lists', '2026', 'Q1']);
  });
  it('is null for a folder that does not exist', () => {
    expect(folderPath(folders, 99)).toBeNull();
  });
  it('stops on a cycle', () => {
    const cyclic = [folder(1, 'A', 2), folder(2, 'B', 1)];
    expect(folderPath(cyclic, 1)?.map((f) => f.name)).toEqual(['B', 'A']);
  });
});

describe('folder helpers', () => {
  it('finds the children of a folder or the root', () => {
    expect(childFolders(folders, null).map((f) => f.name)).toEqual(['Price Lists', 'Brochures']);
    expect(childFolders(folders, 1).map((f) => f.name)).toEqual(['2026']);
  });
  it('reads ?folder= strictly', () => {
    expect(parseFolderParam('12')).toBe(12);
    for (const value of [null, '', '0', '-1', '1.5', 'abc', '12abc', '9999999999']) expect(parseFolderParam(value), String(value)).toBeNull();
  });
  it('keeps the open folder in the URL', () => {
    expect(folderHref(null)).toBe('/files');
    expect(folderHref(12)).toBe('/files?folder=12');
  });
});

describe('describeContents (the delete confirmation says how much)', () => {
  it('is null for an empty folder', () => {
    expect(describeContents({ folders: 0, files: 0, links: 0, bytes: 0 })).toBeNull();
  });
  it('names each kind with its count, joined in English', () => {
    expect(describeContents({ folders: 2, files: 5, links: 1, bytes: 3 * 1024 * 1024 })).toBe('2 folders, 5 files (3 MB) and 1 link');
    expect(describeContents({ folders: 1, files: 0, links: 2, bytes: 0 })).toBe('1 folder and 2 links');
    expect(describeContents({ folders: 0, files: 1, links: 0, bytes: 2048 })).toBe('1 file (2 KB)');
  });
});
