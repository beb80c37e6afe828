import { pageInputSchema, type Page, type PageInput, type PageType } from '@almoner/contracts';

/** The editor form's values: the API's page input with text fields as strings. */
export type PageValues = {
  type: PageType;
  title: string;
  page_title: string;
  url: string;
  parent_id: string | null;
  category_id: string | null;
  body: string;
  is_active: boolean;
  is_hidden: boolean;
  requires_login: boolean;
  meta_description: string;
  meta_keywords: string;
  background_options: Page['background_options'] & { image_url: string | null };
};

export const toValues = (p: Page | undefined): PageValues => ({
  type: p?.type ?? 'html',
  title: p?.title ?? '',
  page_title: p?.page_title ?? '',
  url: p?.url ?? '',
  parent_id: p?.parent_id ? String(p.parent_id) : null,
  category_id: p?.category_id ? String(p.category_id) : null,
  body: p?.body ?? '',
  is_active: p?.is_active ?? true,
  is_hidden: p?.is_hidden ?? false,
  requires_login: p?.requires_login ?? false,
  meta_description: p?.meta_description ?? '',
  meta_keywords: p?.meta_keywords ?? '',
  background_options: p?.background_options ?? { image_url: null, size: 'cover', position: 'center center', height: 50, animation: null },
});

export const toInput = (v: PageValues): PageInput => ({
  ...v,
  parent_id: v.parent_id ? Number(v.parent_id) : null,
  category_id: v.category_id ? Number(v.category_id) : null,
  background_options: { ...v.background_options, image_url: v.background_options.image_url || null },
});

/** The same rules the server checks, field by field for the form. */
export function validatePage(values: PageValues): Record<string, string> {
  const parsed = pageInputSchema.safeParse(toInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
