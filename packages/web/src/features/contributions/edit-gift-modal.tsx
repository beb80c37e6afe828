import { type ContributionEditInput, contributionNumber, formatAmount } from '@almoner/contracts';
import { Alert, Fieldset, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOrgToday } from '../../app/session.ts';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { type Attribution, AttributionSelect } from '../campaigns/attribution-select.tsx';
import { useCampaignChoices } from '../campaigns/api.ts';
import { SupporterPicker } from '../supporters/supporter-picker.tsx';
import { type ContributionDetail, contributionKeys, useEditContribution, useFundOptions } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Line = { id: number; description: string; total: number; gl_code: string | null; tribute_name: string; tribute_message: string; tribute_type_id: number | null };

/** The browser's calendar day of an instant (what the page's date shows). */
const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Values = ReturnType<typeof initial>;

function initial(data: ContributionDetail) {
  const c = data.contribution;
  return {
    ordered_at: dayOf(c.ordered_at),
    supporter: c.supporter_id ? String(c.supporter_id) : undefined,
    comments: c.comments ?? '',
    attribution: { campaign_id: c.campaign_id, appeal_id: c.appeal_id } as Attribution,
    lines: data.items.filter((i) => i.is_donation).map((i): Line => ({
      id: i.id, description: i.description, total: i.total, gl_code: i.gl_code, tribute_name: i.tribute_name ?? '', tribute_message: i.tribute_message ?? '', tribute_type_id: i.tribute_type_id,
    })),
  };
}

/**
 * Correct a gift after entry: its date, supporter, special notes, the campaign and appeal it is
 * credited to, and each donation line's fund and tribute. Only what staff changed is sent, with
 * the `updated_at` the page loaded: a save over someone else's is refused and the page reloads theirs.
 */
export function EditGiftModal({ data, opened, onClose }: { data: ContributionDetail; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit gift ${contributionNumber(data.contribution.id)}`} size="lg" centered>
      {/* Keyed on the loaded version: a reload after someone else's save starts the form afresh. */}
      {opened && <EditGiftForm key={data.contribution.updated_at} data={data} onClose={onClose} />}
    </Modal>
  );
}

function EditGiftForm({ data, onClose }: { data: ContributionDetail; onClose: () => void }) {
  const c = data.contribution;
  const today = useOrgToday();
  const start = initial(data);
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const edit = useEditContribution();
  const funds = useFundOptions(start.lines.length > 0);
  const campaigns = useCampaignChoices();
  const queryClient = useQueryClient();

  const setLine = (index: number, patch: Partial<Line>) =>
    setValues((v) => ({ ...v, lines: v.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));


  const submit = async () => {
    setErrors({});
    setConflict(null);
    try {
      const answer = await edit.mutateAsync({ id: c.id, body: editBody(values, start, c.updated_at) });
      toast.success(answer.message);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setConflict(e.message);
        await queryClient.invalidateQueries({ queryKey: contributionKeys.detail(c.id) });
        return;
      }
      if (e instanceof ApiError && e.errors) {
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([field, list]) => [field, list[0] ?? ''])));
        return;
      }
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  const fundData = (line: Line) => {
    const list = (funds.data ?? []).map((f) => ({ value: f.code, label: f.label }));
    if (line.gl_code && !list.some((f) => f.value === line.gl_code)) list.unshift({ value: line.gl_code, label: line.gl_code });
    return list;
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {conflict && (
          <Alert color="yellow" role="alert">
            {conflict}
          </Alert>
        )}
        <TextInput
          type="date"
          label="Date"
          description="The day the gift was made; the time of day is kept."
          data-autofocus
          required
          // The server refuses a day after the organisation's today.
          max={today}
          value={values.ordered_at}
          onChange={(e) => setValues({ ...values, ordered_at: e.currentTarget.value })}
          error={errors.ordered_at}
        />
        <SupporterPicker
          label="Supporter"
          placeholder="Guest (no supporter)"
          fullWidth
          value={values.supporter}
          onChange={(supporter) => setValues({ ...values, supporter: supporter ?? start.supporter })}
          error={errors.supporter_id}
        />
        <AttributionSelect
          choices={campaigns.data ?? []}
          loading={campaigns.isPending}
          value={values.attribution}
          onChange={(attribution) => setValues({ ...values, attribution })}
          error={errors.appeal_id ?? errors.campaign_id}
        />
        <Textarea
          label="Special notes"
          autosize
          minRows={2}
          maxRows={6}
          value={values.comments}
          onChange={(e) => setValues({ ...values, comments: e.currentTarget.value })}
          error={errors.comments}
        />
        {values.lines.map((line, i) => (
          <LineFields key={line.id} line={line} index={i} currency={c.currency_code} fundData={fundData(line)} fundsLoading={funds.isPending} errors={errors} onChange={(patch) => setLine(i, patch)} />
        ))}
        {values.lines.length === 0 && (
          <Text size="sm" c="dimmed">
            This gift has no donation lines: there is no fund or tribute to change.
          </Text>
        )}
        <ModalActions submitLabel="Save" loading={edit.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Only what staff changed, with the version the page loaded. */
function editBody(values: Values, start: Values, updatedAt: string): ContributionEditInput {
  const out: ContributionEditInput = { updated_at: updatedAt };
  if (values.ordered_at !== start.ordered_at) out.ordered_at = values.ordered_at;
  if (values.supporter && values.supporter !== start.supporter) out.supporter_id = Number(values.supporter);
  if (values.comments !== start.comments) out.comments = values.comments;
  if (values.attribution.campaign_id !== start.attribution.campaign_id || values.attribution.appeal_id !== start.attribution.appeal_id) {
    out.campaign_id = values.attribution.campaign_id;
    out.appeal_id = values.attribution.appeal_id;
  }
  const lines = values.lines.flatMap((line, i) => {
    const was = start.lines[i];
    const change: NonNullable<ContributionEditInput['lines']>[number] = { id: line.id };
    if (line.gl_code && line.gl_code !== was?.gl_code) change.gl_code = line.gl_code;
    if (line.tribute_name !== was?.tribute_name || line.tribute_message !== was.tribute_message) {
      change.tribute = line.tribute_name.trim() ? { tribute_type_id: line.tribute_type_id, name: line.tribute_name, message: line.tribute_message } : null;
    }
    return Object.keys(change).length > 1 ? [change] : [];
  });
  if (lines.length) out.lines = lines;
  return out;
}

type LineProps = {
  line: Line;
  index: number;
  currency: string;
  fundData: { value: string; label: string }[];
  fundsLoading: boolean;
  errors: Record<string, string>;
  onChange: (patch: Partial<Line>) => void;
};

/** One donation line's fund and tribute. */
function LineFields({ line, index, currency, fundData, fundsLoading, errors, onChange }: LineProps) {
  return (
    <Fieldset legend={`${line.description} · ${formatAmount(line.total, currency)}`} variant="filled">
      <Stack gap="xs">
        <Select
          label="Fund"
          searchable
          data={fundData}
          value={line.gl_code}
          onChange={(code) => onChange({ gl_code: code ?? line.gl_code })}
          nothingFoundMessage={fundsLoading ? 'Loading funds…' : 'No fund found'}
          error={errors[`lines.${index}.gl_code`] ?? errors[`lines.${index}.id`]}
        />
        <TextInput
          label="Tribute: in honour or memory of"
          description="Leave blank for no tribute."
          value={line.tribute_name}
          onChange={(e) => onChange({ tribute_name: e.currentTarget.value })}
          error={errors[`lines.${index}.tribute.name`]}
        />
        {line.tribute_name.trim() && (
          <Textarea
            label="Tribute message"
            autosize
            minRows={1}
            value={line.tribute_message}
            onChange={(e) => onChange({ tribute_message: e.currentTarget.value })}
            error={errors[`lines.${index}.tribute.message`]}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
