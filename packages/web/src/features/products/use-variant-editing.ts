import { useState } from 'react';
import { withoutErrorsUnder } from '../../components/form-page/index.ts';
import type { ProductFormApi, VariantValues } from './product-form-values.ts';

/**
 * The variant being edited in the modal, and what the product form knows of each variant's
 * server errors ('variants.2.price'): which rows show as invalid, the modal's errors for the row
 * it edits, and putting an edited variant back (the first or the one marked default is default).
 */
export function useVariantEditing(form: ProductFormApi) {
  const [editing, setEditing] = useState<VariantValues | null>(null);
  const variants = form.values.variants;
  const errors = form.errors as Record<string, string | undefined>;
  const errorsOf = (index: number): Record<string, string> =>
    Object.fromEntries(
      Object.entries(errors).flatMap(([key, message]) =>
        key.startsWith(`variants.${index}.`) && message
          ? [[key.slice(`variants.${index}.`.length), message]]
          : [],
      ),
    );
  const invalid = new Set(
    variants.map((_, i) => i).filter((i) => Object.keys(errorsOf(i)).length > 0),
  );

  const save = (variant: VariantValues) => {
    const exists = variants.some((x) => x.key === variant.key);
    const list = exists
      ? variants.map((x) => (x.key === variant.key ? variant : x))
      : [...variants, variant];
    const index = list.findIndex((x) => x.key === variant.key);
    form.setFieldValue(
      'variants',
      variant.is_default || list.length === 1
        ? list.map((x, i) => ({ ...x, is_default: i === index }))
        : list,
    );
    // The variant's old server errors no longer apply once it has been edited.
    const { variants: _listError, ...rest } = withoutErrorsUnder(errors, `variants.${index}.`);
    form.setErrors(rest);
    setEditing(null);
  };

  return {
    editing,
    edit: setEditing,
    close: () => setEditing(null),
    invalid,
    editingErrors: editing ? errorsOf(variants.findIndex((x) => x.key === editing.key)) : {},
    save,
  };
}
