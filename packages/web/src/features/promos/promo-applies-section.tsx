import { FormSection } from '../../components/form-page/index.ts';
import { ProductPicker } from '../products/product-picker.tsx';
import { CategoryChooser } from './category-chooser.tsx';
import type { PromoFormApi } from './promo-form-values.ts';

/** The products and categories the code is limited to (none: the whole order qualifies). */
export function PromoAppliesSection({ form }: { form: PromoFormApi }) {
  return (
    <FormSection title="Applies to">
      <ProductPicker
        multiple
        label="Products"
        value={form.values.product_ids}
        onChange={(ids) => form.setFieldValue('product_ids', ids)}
        error={form.errors.product_ids as string | undefined}
      />
      <CategoryChooser
        value={form.values.category_ids}
        onChange={(ids) => form.setFieldValue('category_ids', ids)}
        error={form.errors.category_ids}
      />
    </FormSection>
  );
}
