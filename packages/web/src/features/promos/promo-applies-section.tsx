import { FormPageLayout } from '../../components/form-page/index.ts';
import { ProductIdsField } from '../products/product-picker.tsx';
import { CategoryChooser } from './category-chooser.tsx';
import type { PromoFormApi } from './promo-form-values.ts';

/** The products and categories the code is limited to (none: the whole order qualifies). */
export function PromoAppliesSection({ form }: { form: PromoFormApi }) {
  return (
    <FormPageLayout.Section title="Applies to">
      <ProductIdsField form={form} label="Products" />
      <CategoryChooser
        value={form.values.category_ids}
        onChange={(ids) => form.setFieldValue('category_ids', ids)}
        error={form.errors.category_ids}
      />
    </FormPageLayout.Section>
  );
}
