import { idParams, okBody } from '@common/contracts/common';
import {
  createFolderBody,
  createLinkBody,
  deleteFolderResponse,
  downloadQuery,
  fileEntry,
  fileList,
  folder,
  folderContents,
  folderList,
  folderQuery,
  link,
  linkList,
} from '@common/contracts/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Access } from '../../plugins/access';
import { sendFile } from './send-file';
import { receiveUpload } from './receive-upload';
import type { FilesService } from './service';

/** Everyone who may view stock browses, downloads and opens; admins create and delete. */
const READ: { access: Access } = { access: { permission: 'view_stock' } };
const ADMIN: { access: Access } = { access: 'admin' };

/** folders, files and links calls. Thin: validate, call the service. */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService; maxUploadMegabytes: number }> = async (
  app,
  { files, maxUploadMegabytes },
) => {
  app.get('/api/folders', { config: READ, schema: { operationId: 'listFolders', summary: 'Every folder of the file library', response: { 200: folderList } } }, () => files.listFolders());

  app.post('/api/folders', { config: ADMIN, schema: { operationId: 'createFolder', summary: 'Create a folder', errorStatuses: [404, 409], body: createFolderBody, response: { 201: folder } } }, async (request, reply) =>
    reply.code(201).send(await files.createFolder(request.body)),
  );

  // What a delete would take with it, for the confirmation (docs/product-decisions.md).
  app.get('/api/folders/:id/contents', { config: READ, schema: { operationId: 'getFolderContents', summary: 'The files, links and subfolders of a folder', params: idParams, response: { 200: folderContents } } }, (request) =>
    files.folderContents(request.params.id),
  );

  app.delete('/api/folders/:id', { config: ADMIN, schema: { operationId: 'deleteFolder', summary: 'Delete a folder and everything in it', params: idParams, response: { 200: deleteFolderResponse } } }, async (request) => ({
    ok: true as const,
    deleted: await files.deleteFolder(request.params.id),
  }));

  app.get('/api/files', { config: READ, schema: { operationId: 'listFiles', summary: 'Files, optionally of one folder', errorStatuses: [404], querystring: folderQuery, response: { 200: fileList } } }, (request) =>
    files.listFiles(request.query.folderId),
  );

  app.post('/api/files', { config: ADMIN, schema: { operationId: 'uploadFile', summary: 'Upload a file', errorStatuses: [404], consumes: ['multipart/form-data'], response: { 201: fileEntry } } }, async (request, reply) =>
    reply.code(201).send(await files.createFile(await receiveUpload(request, maxUploadMegabytes))),
  );

  // Bytes go out as they are; compressing a PDF or JPEG gains nothing and would break ranges.
  // HEAD is declared with GET so it answers the real Content-Length without reading the bytes.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/:id/download',
    config: READ,
    compress: false,
    schema: { operationId: 'downloadFile', summary: 'Download a file (supports Range and ETag)', errorStatuses: [416], otherResponses: { 206: 'Part of the file, as the Range header asked (Content-Range says which)', 304: 'Not modified: the If-None-Match ETag still matches; no body' }, headOperation: { operationId: 'checkFileDownload', summary: 'Headers of a file download without its bytes' }, params: idParams, querystring: downloadQuery, produces: ['application/octet-stream'] },
    handler: async (request, reply) =>
      sendFile(request, reply, files, await files.findFile(request.params.id), request.query.inline === '1'),
  });

  app.delete('/api/files/:id', { config: ADMIN, schema: { operationId: 'deleteFile', summary: 'Delete a file', params: idParams, response: { 200: okBody } } }, async (request) => {
    await files.deleteFile(request.params.id);
    return { ok: true as const };
  });

  app.get('/api/links', { config: READ, schema: { operationId: 'listLinks', summary: 'Links, optionally of one folder', errorStatuses: [404], querystring: folderQuery, response: { 200: linkList } } }, (request) =>
    files.listLinks(request.query.folderId),
  );

  app.post('/api/links', { config: ADMIN, schema: { operationId: 'createLink', summary: 'Add a link', errorStatuses: [404], body: createLinkBody, response: { 201: link } } }, async (request, reply) =>
    reply.code(201).send(await files.createLink(request.body)),
  );

  app.delete('/api/links/:id', { config: ADMIN, schema: { operationId: 'deleteLink', summary: 'Delete a link', params: idParams, response: { 200: okBody } } }, async (request) => {
    await files.deleteLink(request.params.id);
    return { ok: true as const };
  });
};
