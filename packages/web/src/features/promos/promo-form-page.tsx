import type { Promo } from '@almoner/contracts';
import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/session.ts';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { LEAVE_WITHOUT_ASKING } from '../../components/use-unsaved-changes.ts';
import { useDeletePromo, useDuplicatePromo, usePromo, usePromos, useSavePromo } from './api.ts';
import { PromoAppliesSection } from './promo-applies-section.tsx';
import { PromoDiscountSection } from './promo-discount-section.tsx';
import { toInput, toValues, validate, type PromoValues } from './promo-form-values.ts';
import { PromoLimitsSection } from './promo-limits-section.tsx';

/** /promos/new and /promos/:id. */
export function PromoFormPage() {
  // The list only says the site's currency, which a new promo starts in: without it, USD.
  const list = usePromos();
  const { record, gate, key } = useRouteRecord(usePromo, { alsoWaitFor: [list] });
  return (
    gate ?? <PromoForm key={key} promo={record} currency={list.data?.site_currency ?? 'USD'} />
  );
}

/**
 * The promo form (spec part 1 §4): the description and fields follow the discount type. Each
 * section draws and edits its own fields; this page only saves, deletes and duplicates.
 */
function PromoForm({ promo, currency }: { promo: Promo | undefined; currency: string }) {
  const can = useCan();
  const save = useSavePromo(promo?.id ?? null);
  const remove = useDeletePromo();
  const page = useFormPage({
    initialValues: toValues(promo, currency),
    validate,
    save: (values: PromoValues) => save.mutateAsync(toInput(values)),
    savedMessage: 'Promo code saved.',
    valuesAfterSave: (saved) => toValues(saved, currency),
    createdPath: promo ? null : (saved) => `/promos/${saved.id}`,
    remove: promo && {
      title: 'Delete promo code',
      message: `Delete ${promo.code}?`,
      run: () => remove.mutateAsync(promo.id),
      listPath: '/promos',
    },
  });

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/promos', label: 'Promo codes' }}
      record={{ noun: 'promo code', name: promo?.code }}
      actions={promo && <DuplicateButton promo={promo} />}
    >
      <PromoDiscountSection form={page.form} />
      <PromoLimitsSection form={page.form} />
      {can('product.view') && <PromoAppliesSection form={page.form} />}
    </FormPageLayout>
  );
}

/** Copies the promo as stored (not the unsaved edits) and opens the copy. */
function DuplicateButton({ promo }: { promo: Promo }) {
  const navigate = useNavigate();
  const duplicate = useDuplicatePromo();
  const handleDuplicate = async () => {
    try {
      const copy = await duplicate.mutateAsync(promo.id);
      toast.success(copy.message);
      void navigate(`/promos/${copy.id}`, { state: LEAVE_WITHOUT_ASKING });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconCopy size={16} />}
      onClick={() => void handleDuplicate()}
      loading={duplicate.isPending}
    >
      Duplicate
    </Button>
  );
}
