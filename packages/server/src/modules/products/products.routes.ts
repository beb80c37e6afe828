import {
  idParam,
  listingRequestSchema,
  listingResponseOf,
  productRowSchema,
  type ListingResponse,
  type ProductListingRow,
  productDestroySchema,
  productDetailSchema,
  productFiltersSchema,
  productFormOptionsSchema,
  productInputSchema,
  productOptionSchema,
  productOptionsQuerySchema,
  siteUrlOptionSchema,
  siteUrlsQuerySchema,
  stockMovementSchema,
  validateSkuResponseSchema,
  validateSkuSchema,
  text,
  variantOptionSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { productsListing } from './products.listing.ts';
import {
  createProduct,
  deleteProduct,
  getProduct,
  getProductFormOptions,
  listProductOptions,
  listVariantOptions,
  updateProduct,
  validateSku,
} from './products.service.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { registerCatalogueUploads } from './catalogue-images.ts';
import { listSiteUrls } from './site-urls.ts';
import { listStockMovements } from './stock.ts';

const tags = ['products'];
const listingRequest = listingRequestSchema(productFiltersSchema);

/** Products, their variants, custom fields and designations (spec part 1 §2, §5, §7; part 2 §3, §7). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const storage = () => storageFor(ctx.config);

  // Variant images (the Images tab): whoever may add or edit a product may upload one.
  registerCatalogueUploads(app, '/jpanel/products/cdn', ['product.add', 'product.edit']);

  app.get(
    '/jpanel/urls.json',
    { config: { permission: 'product.view' }, schema: { summary: 'Site URL picker options: pages, products, categories and posts', tags, querystring: siteUrlsQuerySchema, response: { 200: z.array(siteUrlOptionSchema) } } },
    async (request) => listSiteUrls(ctx.db, request.query.query ?? ''),
  );

  app.post(
    '/jpanel/products.listing',
    { config: { permission: 'product.view' }, serializerCompiler: listingSerializer, schema: { summary: 'List products (DataTables paging, search and filters)', tags, body: listingRequest, response: { 200: listingResponseOf(productRowSchema) } } },
    async (request) => (await runListing(ctx.db, productsListing, readListingQuery(productsListing, request.body))) as ListingResponse<ProductListingRow>,
  );

  app.get(
    '/jpanel/products.csv',
    { config: { permission: 'product.view' }, schema: { summary: 'Export the filtered products as CSV', tags, querystring: listingRequest } },
    async (request, reply) => sendCsv(app, reply, productsListing, readListingQuery(productsListing, request.query), 'products'),
  );

  app.get(
    '/jpanel/products.json',
    { config: { permission: 'product.view' }, schema: { summary: 'Product picker options by search or ids', tags, querystring: productOptionsQuerySchema, response: { 200: z.array(productOptionSchema) } } },
    async (request) => listProductOptions(ctx.db, request.query, storage()),
  );

  // The spec's picker path and the bundle editor's first one: the same answer.
  for (const path of ['/jpanel/variants.json', '/jpanel/products/variants.json']) {
    app.get(
      path,
      { config: { permission: 'product.view' }, schema: { summary: 'Variants by product or variant name, with price and kind', tags, querystring: z.object({ query: text().max(200).optional() }), response: { 200: z.array(variantOptionSchema) } } },
      async (request) => listVariantOptions(ctx.db, request.query.query ?? ''),
    );
  }

  app.get(
    '/jpanel/products/form-options',
    { config: { permission: 'product.view' }, schema: { summary: 'Categories, memberships and files the product form chooses from', tags, response: { 200: productFormOptionsSchema } } },
    async () => getProductFormOptions(ctx.db),
  );

  app.post(
    '/jpanel/products/validate_sku',
    { config: { permission: 'product.view' }, schema: { summary: 'Tell whether a SKU is usable', tags, body: validateSkuSchema, response: { 200: validateSkuResponseSchema } } },
    async (request) => validateSku(ctx.db, request.body.product_id ?? null, request.body.code),
  );

  app.get(
    '/jpanel/products/:id',
    { config: { permission: 'product.view' }, schema: { summary: 'Read a product with its variants and custom fields', tags, params: idParam, response: { 200: productDetailSchema } } },
    async (request) => getProduct(ctx.db, request.params.id, storage()),
  );

  app.get(
    '/jpanel/products/:id/stock_movements',
    { config: { permission: 'product.view' }, schema: { summary: 'A product\'s stock history (who, when, why)', tags, params: idParam, response: { 200: z.object({ data: z.array(stockMovementSchema) }) } } },
    async (request) => {
      await getProduct(ctx.db, request.params.id);
      return { data: await listStockMovements(ctx.db, request.params.id) };
    },
  );

  app.post(
    '/jpanel/products',
    { config: { permission: 'product.add' }, schema: { summary: 'Create a product', tags, body: productInputSchema, response: { 201: productDetailSchema } } },
    async (request, reply) => reply.status(201).send(await createProduct(ctx.db, request.actor, request.body, storage())),
  );

  app.post(
    '/jpanel/products/destroy',
    { config: { permission: 'product.edit' }, schema: { summary: 'Delete a product (its SKU stays taken)', tags, body: productDestroySchema, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteProduct(ctx.db, request.actor, request.body.id),
  );

  app.post(
    '/jpanel/products/:id',
    { config: { permission: 'product.edit' }, schema: { summary: 'Update a product', tags, params: idParam, body: productInputSchema, response: { 200: productDetailSchema } } },
    async (request) => updateProduct(ctx.db, request.actor, request.params.id, request.body, storage()),
  );
};
