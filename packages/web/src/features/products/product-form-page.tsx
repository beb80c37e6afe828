import { messages } from '@almoner/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import { loadingOrFailed, useRecordParam } from '../../components/form-page/index.ts';
import { useProduct, useProductFormOptions } from './api.ts';
import { ProductForm } from './product-form.tsx';

/** /products/new and /products/:id. */
export function ProductFormPage() {
  const { id, isNew, key } = useRecordParam();
  return <ProductFormScreen key={key} id={id} isNew={isNew} />;
}

function ProductFormScreen({ id, isNew }: { id: number; isNew: boolean }) {
  const can = useCan();
  const query = useProduct(isNew ? null : id);
  const options = useProductFormOptions();
  // The options fill the pickers; without them the form still opens, with empty lists.
  const gate = loadingOrFailed(isNew ? [] : [query], [options]);
  if (gate) return gate;
  if (isNew && !can('product.add')) {
    return (
      <Stack>
        <Title order={2}>Add product</Title>
        <Alert color="red" role="alert" title="No access">
          {messages.forbidden}
        </Alert>
      </Stack>
    );
  }
  return (
    <ProductForm
      product={query.data}
      options={options.data}
      canEdit={isNew || can('product.edit')}
    />
  );
}
