import { MultiSelect } from '@mantine/core';
import { categoryPaths } from '../categories/api.ts';
import { useProductFormOptions } from '../products/api.ts';

type Props = { value: string[]; onChange: (ids: string[]) => void; error?: unknown };

/** The categories a promo code also applies to (every product in them counts). */
export function CategoryChooser({ value, onChange, error }: Props) {
  const options = useProductFormOptions();
  const categories = options.data?.categories ?? [];
  const paths = categoryPaths(categories);
  const data = categories.map((c) => ({ value: String(c.id), label: paths.get(c.id) ?? c.name })).sort((a, b) => a.label.localeCompare(b.label));
  return (
    <MultiSelect
      mt="md"
      label="Categories"
      description="Products in these categories count too."
      placeholder={value.length ? undefined : 'No categories'}
      data={data}
      searchable
      clearable
      value={value}
      onChange={onChange}
      error={typeof error === 'string' ? error : undefined}
    />
  );
}
