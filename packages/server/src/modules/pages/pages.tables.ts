import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { media } from '../media/media.tables.ts';
import { inList } from '../../db/columns.ts';
import { productCategories } from '../products/products.tables.ts';

const tz = { withTimezone: true } as const;

export const PAGE_TYPES = ['html', 'advanced', 'liquid', 'category', 'menu'] as const;

/** cover|contain, one of ten positions, height 10–90 (% of the viewport), an animation. */
export type BackgroundOptions = {
  /** A plain address until the image library is wired in. */
  image_url?: string | null;
  size?: 'cover' | 'contain';
  position?: string;
  height?: number;
  animation?: 'slow_zoom' | 'horizontal_pan' | 'vertical_pan' | null;
};

/** Site pages and menu entries (a tree through parent_id). */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 10 }).notNull().default('html'),
    parentId: integer('parent_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
    sequence: integer('sequence').notNull().default(0),
    title: varchar('title', { length: 255 }).notNull(),
    /** The browser title, when it differs from the menu title. */
    pageTitle: varchar('page_title', { length: 255 }),
    url: varchar('url', { length: 255 }),
    /** Shown for type category. */
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    body: text('body'),
    isActive: boolean('is_active').notNull().default(true),
    isHidden: boolean('is_hidden').notNull().default(false),
    requiresLogin: boolean('requires_login').notNull().default(false),
    target: varchar('target', { length: 10 }),
    templateSuffix: varchar('template_suffix', { length: 100 }),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    featuredImageId: integer('featured_image_id').references(() => media.id, { onDelete: 'set null' }),
    altImageId: integer('alt_image_id').references(() => media.id, { onDelete: 'set null' }),
    backgroundOptions: jsonb('background_options').$type<BackgroundOptions>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('pages_url_unique').on(sql`lower(${t.url})`).where(sql`${t.deletedAt} is null and ${t.url} is not null`),
    index('pages_parent_idx').on(t.parentId, t.sequence),
    check('pages_type_check', inList(t.type, PAGE_TYPES)),
  ],
);

/**
 * Earlier states of a page, restorable from the editor. At most one autosave revision per
 * page; the number of saved revisions kept is a setting.
 */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    isAutosave: boolean('is_autosave').notNull().default(false),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body'),
    /** The other revisable fields (meta, background options …) at that moment. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('page_revisions_page_idx').on(t.pageId, t.createdAt.desc()),
    uniqueIndex('page_revisions_one_autosave').on(t.pageId).where(sql`${t.isAutosave}`),
  ],
);

/**
 * The templates library (Pages, Sections, Components, Smart Codes): ready-made content staff
 * insert into the page editor. The product's own set is inserted by the migration.
 */
export const editorTemplates = pgTable(
  'editor_templates',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    body: text('body').notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('editor_templates_kind_idx').on(t.kind, t.sequence), check('editor_templates_kind_check', inList(t.kind, ['pages', 'sections', 'components', 'smart_codes']))],
);
