import { categoryInputSchema, categoryListSchema, categorySchema, idParam } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageFor } from '../../integrations/storage/index.ts';
import { registerCatalogueUploads } from './catalogue-images.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.service.ts';

const tags = ['products'];
const permission = 'productcategory.edit';

/** Product categories: the tree products and promo codes are grouped by. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const storage = () => storageFor(ctx.config);
  registerCatalogueUploads(app, '/jpanel/product_categories/cdn', permission);
  app.get('/jpanel/product_categories.json', { config: { permission }, schema: { summary: 'List product categories', tags, response: { 200: categoryListSchema } } }, async () => listCategories(ctx.db, storage()));
  app.get('/jpanel/product_categories/:id', { config: { permission }, schema: { summary: 'Read a product category', tags, params: idParam, response: { 200: categorySchema } } }, async (request) => getCategory(ctx.db, request.params.id, storage()));
  app.post(
    '/jpanel/product_categories',
    { config: { permission }, schema: { summary: 'Create a product category', tags, body: categoryInputSchema, response: { 201: categorySchema } } },
    async (request, reply) => reply.status(201).send(await createCategory(ctx.db, request.actor, request.body, storage())),
  );
  app.post(
    '/jpanel/product_categories/destroy',
    { config: { permission }, schema: { summary: 'Delete a product category', tags, body: z.object({ id: idParam.shape.id }), response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteCategory(ctx.db, request.actor, request.body.id),
  );
  app.post(
    '/jpanel/product_categories/:id',
    { config: { permission }, schema: { summary: 'Update a product category', tags, params: idParam, body: categoryInputSchema, response: { 200: categorySchema } } },
    async (request) => updateCategory(ctx.db, request.actor, request.params.id, request.body, storage()),
  );
};
