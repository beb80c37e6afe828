import { z } from 'zod';
import { messages } from '../messages.ts';
import { formBoolean, optionalText, requiredText, text } from '../rules.ts';

/** Site pages (spec part 1 §2 "Page editor", §4 "Editor mode", "Page autosave", §7). */

export const PAGE_TYPES = ['html', 'advanced', 'liquid', 'category', 'menu'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const pageTypeLabels: Record<PageType, string> = {
  html: 'Content page',
  advanced: 'Advanced (HTML) page',
  liquid: 'Liquid template page',
  category: 'Category page',
  menu: 'Menu',
};

/** Spec part 1 §9: autosave every 60 seconds; editor height 500–800, primary editors 75 % of the window. */
export const PAGE_AUTOSAVE_MS = 60_000;
export const EDITOR_HEIGHT = { min: 500, max: 800, primaryShare: 0.75 } as const;
/** Saved (non-autosave) revisions kept per page; older ones are pruned (ours). */
export const PAGE_REVISIONS_KEPT = 20;

export const BACKGROUND_SIZES = ['cover', 'contain'] as const;
/** Ten positions: the nine points of the image grid, and the theme's own default. */
export const BACKGROUND_POSITIONS = [
  'left top', 'center top', 'right top',
  'left center', 'center center', 'right center',
  'left bottom', 'center bottom', 'right bottom',
  'theme default',
] as const;
export const BACKGROUND_HEIGHTS = [10, 20, 30, 40, 50, 60, 70, 80, 90] as const;
export const BACKGROUND_ANIMATIONS = ['slow_zoom', 'horizontal_pan', 'vertical_pan'] as const;
export const backgroundAnimationLabels: Record<(typeof BACKGROUND_ANIMATIONS)[number], string> = {
  slow_zoom: 'Slow zoom',
  horizontal_pan: 'Horizontal pan',
  vertical_pan: 'Vertical pan',
};

export const pageMessages = {
  categoryRequired: 'Choose the category this page shows.',
  categoryMissing: 'Choose a category that exists.',
  parentMissing: 'Choose a parent page that exists.',
  parentLoop: 'A page cannot sit under itself or one of its own sub-pages.',
  url: 'The URL must start with / and hold only letters, digits, dashes, underscores and slashes.',
  urlTaken: 'Another page already uses this URL.',
  saved: 'Page saved.',
  deleted: 'Page deleted.',
  restored: 'Revision restored.',
  revisionDeleted: 'Revision deleted.',
  invalidLiquid: (detail: string) => `The Liquid template does not parse: ${detail}`,
} as const;

/** A plain image address until the image library lands (http(s) or a site path). */
export const imageUrl = () =>
  optionalText(2048).refine((v) => v === null || /^(https?:\/\/|\/)[^\s<>"]*$/i.test(v), { error: 'Enter an address starting with https:// or /.' });

export const backgroundOptionsSchema = z.object({
  image_url: imageUrl(),
  size: z.enum(BACKGROUND_SIZES).default('cover'),
  position: z.enum(BACKGROUND_POSITIONS).default('center center'),
  height: z.coerce.number().refine((h) => (BACKGROUND_HEIGHTS as readonly number[]).includes(h), { error: 'Choose a height from 10 to 90 in steps of 10.' }).default(50),
  animation: z.enum(BACKGROUND_ANIMATIONS).nullish().transform((v) => v ?? null),
});
export type BackgroundOptionsInput = z.input<typeof backgroundOptionsSchema>;

const PAGE_BODY_MAX = 1_000_000;
const optionalId = z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().positive().max(2 ** 31 - 1).nullish().transform((v) => v ?? null));

export const pageInputSchema = z
  .object({
    type: z.enum(PAGE_TYPES).default('html'),
    title: requiredText(255),
    page_title: optionalText(255),
    url: optionalText(255).refine((v) => v === null || /^\/[A-Za-z0-9\-_/]*$/.test(v), { error: pageMessages.url }),
    parent_id: optionalId,
    category_id: optionalId,
    body: text().max(PAGE_BODY_MAX, { error: messages.maxLength(PAGE_BODY_MAX) }).nullish().transform((v) => v ?? ''),
    is_active: formBoolean().default(true),
    is_hidden: formBoolean().default(false),
    requires_login: formBoolean().default(false),
    meta_description: optionalText(5000),
    meta_keywords: optionalText(5000),
    background_options: backgroundOptionsSchema.default({ image_url: null, size: 'cover', position: 'center center', height: 50, animation: null }),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'category' && p.category_id === null) ctx.addIssue({ code: 'custom', path: ['category_id'], message: pageMessages.categoryRequired });
  })
  // Only a category page has a category.
  .transform((p) => (p.type === 'category' ? p : { ...p, category_id: null }));
export type PageInput = z.input<typeof pageInputSchema>;
export type PageInputParsed = z.output<typeof pageInputSchema>;

export const pageIdBody = z.object({ id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1) });
export const pageAutosaveSchema = z.intersection(pageIdBody, pageInputSchema);
export const pageRestoreSchema = z.object({ id: pageIdBody.shape.id, revision_id: pageIdBody.shape.id });

export const pageRevisionSchema = z.object({ id: z.number(), is_autosave: z.boolean(), title: z.string(), created_at: z.string(), created_by: z.string().nullable() });
export type PageRevision = z.infer<typeof pageRevisionSchema>;

export const pageSchema = z.object({
  id: z.number(),
  type: z.enum(PAGE_TYPES),
  title: z.string(),
  page_title: z.string().nullable(),
  url: z.string().nullable(),
  parent_id: z.number().nullable(),
  category_id: z.number().nullable(),
  body: z.string(),
  is_active: z.boolean(),
  is_hidden: z.boolean(),
  requires_login: z.boolean(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  background_options: z.object({ image_url: z.string().nullable(), size: z.enum(BACKGROUND_SIZES), position: z.enum(BACKGROUND_POSITIONS), height: z.number(), animation: z.enum(BACKGROUND_ANIMATIONS).nullable() }),
  updated_at: z.string(),
  revisions: z.array(pageRevisionSchema),
});
export type Page = z.infer<typeof pageSchema>;

export const pageRowSchema = z.object({ id: z.number(), type: z.enum(PAGE_TYPES), title: z.string(), url: z.string().nullable(), is_active: z.boolean(), parent_title: z.string().nullable(), updated_at: z.string() });
export type PageRow = z.infer<typeof pageRowSchema>;

/** What the editor offers: the fonts and colours of the active theme's settings, the categories. */
export const pageEditorOptionsSchema = z.object({
  fonts: z.array(z.string()),
  colors: z.array(z.object({ name: z.string(), value: z.string() })),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  parents: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type PageEditorOptions = z.infer<typeof pageEditorOptionsSchema>;

export const TEMPLATE_KINDS = ['pages', 'sections', 'components', 'smart_codes'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const templateKindLabels: Record<TemplateKind, string> = { pages: 'Pages', sections: 'Sections', components: 'Components', smart_codes: 'Smart Codes' };
export const editorTemplateSchema = z.object({ id: z.number(), kind: z.enum(TEMPLATE_KINDS), name: z.string(), description: z.string(), body: z.string() });
export type EditorTemplate = z.infer<typeof editorTemplateSchema>;
