import { messages } from '@almoner/contracts';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING } from '../../components/use-unsaved-changes.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useDeleteProduct, useProduct, useProductFormOptions } from './api.ts';
import { ProductForm } from './product-form.tsx';

/** /products/new and /products/:id. */
export function ProductFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  return (
    <ProductFormScreen
      key={id ?? 'new'}
      id={id !== null && Number.isInteger(id) ? id : -1}
      isNew={id === null}
    />
  );
}

function ProductFormScreen({ id, isNew }: { id: number; isNew: boolean }) {
  const navigate = useNavigate();
  const can = useCan();
  const query = useProduct(isNew ? null : id);
  const options = useProductFormOptions();
  const remove = useDeleteProduct();
  const product = query.data;
  const title = isNew ? 'Add product' : (product?.name ?? 'Product');

  const header = (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Breadcrumbs>
          <Anchor component={Link} to="/products" size="sm">
            Products
          </Anchor>
          <Text size="sm">{title}</Text>
        </Breadcrumbs>
        <Title order={2}>{title}</Title>
      </Stack>
      {product && can('product.edit') && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={async () => {
            const ok = await confirm({
              title: 'Delete product',
              message: `Delete ${product.name}? Its SKU stays reserved.`,
              confirmLabel: 'Delete',
              danger: true,
            });
            if (!ok) return;
            try {
              const answer = await remove.mutateAsync(product.id);
              toast.success(answer.message);
              void navigate('/products', { state: LEAVE_WITHOUT_ASKING });
            } catch (error) {
              toast.error(error instanceof Error ? error.message : String(error));
            }
          }}
        >
          Delete
        </Button>
      )}
    </Group>
  );

  if ((!isNew && query.isPending) || options.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isNew && !product) {
    return (
      <Stack>
        {header}
        <LoadErrorAlert error={query.error} />
      </Stack>
    );
  }
  if (isNew && !can('product.add')) {
    return (
      <Stack>
        {header}
        <Alert color="red" role="alert" title="No access">
          {messages.forbidden}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={1100}>
      {header}
      <ProductForm
        product={product}
        options={options.data}
        readOnly={!isNew && !can('product.edit')}
        onSaved={(saved) =>
          isNew &&
          void navigate(`/products/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING })
        }
      />
    </Stack>
  );
}
