import { posBookmarkRequestSchema, posBookmarksAnswerSchema, posBookmarksQuerySchema, posCategoriesAnswerSchema, posConfigSchema, posMessages, posProductsAnswerSchema, posProductsRequestSchema } from '@almoner/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withActor } from '../../db/actor.ts';
import { AppError } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { getSettings } from '../settings/settings.service.ts';
import { bookmarkedProducts, categoryTree, isPosProduct, searchProducts } from './pos.catalogue.ts';
import { posConfig } from './pos.config.ts';
import { permission, tags } from './pos.routes.ts';
import { posBookmarks } from './pos.tables.ts';

/** What the point-of-sale screen starts with and sells from: its settings, categories, products and bookmarks. */
export const posCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const storage = () => storageFor(ctx.config);
  const currencyOf = async (requested: string | undefined) => requested ?? (await getSettings(ctx.db, ['site_currency'])).site_currency;

  app.get('/jpanel/pos/config.json', { config: { permission }, schema: { summary: 'What the point-of-sale screen needs to start: currencies, choices, settings and saved defaults', tags, response: { 200: posConfigSchema } } },
    async (request) => posConfig(ctx.db, request.user!.id));

  app.post('/jpanel/pos/categories.json', { config: { permission }, schema: { summary: 'Category tree with product thumbnails (point of sale)', tags, response: { 200: posCategoriesAnswerSchema } } },
    async () => ({ categories: await categoryTree(ctx.db, storage()) }));

  app.post('/jpanel/pos/products.json', { config: { permission }, schema: { summary: 'Point-of-sale products by keywords or category, priced in a currency', tags, body: posProductsRequestSchema.optional(), response: { 200: posProductsAnswerSchema } } },
    async (request) => {
      const body = request.body ?? {};
      return { products: await searchProducts(ctx.db, storage(), request.user!.id, await currencyOf(body.currency_code), body) };
    });

  app.get('/jpanel/pos/bookmarks.json', { config: { permission }, schema: { summary: 'The current user\'s bookmarked point-of-sale products', tags, querystring: posBookmarksQuerySchema, response: { 200: posBookmarksAnswerSchema } } },
    async (request) => ({ message: null, products: await bookmarkedProducts(ctx.db, storage(), request.user!.id, await currencyOf(request.query.currency_code)) }));

  app.post('/jpanel/pos/bookmark/add', { config: { permission }, schema: { summary: 'Bookmark a product on the point-of-sale bar', tags, body: posBookmarkRequestSchema, response: { 200: posBookmarksAnswerSchema } } },
    async (request) => {
      const userId = request.user!.id;
      if (!(await isPosProduct(ctx.db, request.body.product_id))) throw new AppError('validation', posMessages.productNotFound, { product_id: [posMessages.productNotFound] });
      await withActor(ctx.db, request.actor, (tx) => tx.insert(posBookmarks).values({ userId, productId: request.body.product_id }).onConflictDoNothing());
      return { message: posMessages.bookmarked, products: await bookmarkedProducts(ctx.db, storage(), userId, await currencyOf(undefined)) };
    });

  app.post('/jpanel/pos/bookmark/remove', { config: { permission }, schema: { summary: 'Remove a product from the point-of-sale bar', tags, body: posBookmarkRequestSchema, response: { 200: posBookmarksAnswerSchema } } },
    async (request) => {
      const userId = request.user!.id;
      await withActor(ctx.db, request.actor, (tx) => tx.delete(posBookmarks).where(and(eq(posBookmarks.userId, userId), eq(posBookmarks.productId, request.body.product_id))));
      return { message: posMessages.unbookmarked, products: await bookmarkedProducts(ctx.db, storage(), userId, await currencyOf(undefined)) };
    });

};
