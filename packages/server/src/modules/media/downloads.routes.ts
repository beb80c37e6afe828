import {
  DOWNLOAD_COLLECTION,
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_TYPES,
  downloadFileSchema,
  downloadListQuerySchema,
  idParam,
  mediaMessages,
  messages,
  storageMessages,
} from '@almoner/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { registerUploads } from '../../integrations/storage/uploads.ts';
import { downloadInUse, downloadView } from './media.service.ts';
import { downloadFiles } from './media.tables.ts';

const tags = ['downloads'];
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The downloads library: private files sold through variants (spec part 1 §7; part 2 downloads library modal). */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = () => storageFor(app.ctx.config);

  registerUploads(app, {
    prefix: '/jpanel/downloads/cdn',
    permission: 'file.add',
    collections: [DOWNLOAD_COLLECTION],
    contentTypes: DOWNLOAD_TYPES,
    maxBytes: DOWNLOAD_MAX_BYTES,
    answer: downloadFileSchema,
    tag: 'downloads',
    // Downloads are kept byte for byte (a buyer gets the file that was uploaded); only the type is checked.
    onDone: async (upload, request) => {
      const [row] = await app.ctx.db
        .insert(downloadFiles)
        .values({ name: upload.originalName, filename: upload.filename, storageKey: upload.key, contentType: upload.contentType, size: upload.size, createdBy: request.actor.userId })
        .onConflictDoNothing()
        .returning();
      if (!row) throw fieldError('filename', storageMessages.alreadyDone);
      return downloadView(row, false);
    },
  });

  app.get(
    '/jpanel/downloads.json',
    { config: { permission: 'file.view' }, schema: { summary: 'The downloads library, newest first, optionally filtered by name', tags, querystring: downloadListQuerySchema, response: { 200: z.array(downloadFileSchema) } } },
    async (request) => {
      const { query } = request.query;
      const rows = await app.ctx.db
        .select({ row: downloadFiles, inUse: downloadInUse })
        .from(downloadFiles)
        .where(query ? ilike(downloadFiles.filename, likePattern(query)) : undefined)
        .orderBy(desc(downloadFiles.createdAt), desc(downloadFiles.id))
        .limit(500);
      return rows.map((r) => downloadView(r.row, r.inUse));
    },
  );

  app.get(
    '/jpanel/downloads/:id',
    { config: { permission: 'file.view' }, schema: { summary: 'Download a file: a redirect to a five-minute signed link', tags, params: idParam } },
    async (request, reply) => {
      const [row] = await app.ctx.db.select().from(downloadFiles).where(eq(downloadFiles.id, request.params.id));
      if (!row) throw new AppError('not_found', messages.notFound);
      const signed = await storage().signDownload(row.storageKey, { expiresInSeconds: 300, downloadName: row.filename });
      return reply.redirect(signed.url, 302);
    },
  );

  app.delete(
    '/jpanel/downloads/:id',
    { config: { permission: 'file.edit' }, schema: { summary: 'Delete a download file (refused while in use)', tags, params: idParam, response: { 200: z.object({ success: z.boolean() }) } } },
    async (request) => {
      const key = await app.ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ key: downloadFiles.storageKey, inUse: downloadInUse })
          .from(downloadFiles)
          .where(eq(downloadFiles.id, request.params.id))
          .for('update');
        if (!row) throw new AppError('not_found', messages.notFound);
        if (row.inUse) throw fieldError('id', mediaMessages.inUse);
        await tx.delete(downloadFiles).where(eq(downloadFiles.id, request.params.id));
        return row.key;
      });
      await storage().remove(key);
      return { success: true };
    },
  );
};
