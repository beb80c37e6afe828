import { APPEAL_CODE_MAX, APPEAL_NAME_MAX, type LapsedAppealAnswer, type LapsedAppealInput } from '@almoner/contracts';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { toast } from '../../components/toast.ts';
import { ApiError, api } from '../../lib/api.ts';
import { campaignKeys, useCampaignChoices } from '../campaigns/api.ts';

/**
 * "Start an appeal" from the LYBUNT / SYBUNT list as filtered and searched now: an appeal in a
 * chosen campaign, asked of exactly these donors, and a saved view of Supporters showing them.
 */
export function StartAppealButton() {
  const can = useCan();
  const [params] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const [started, setStarted] = useState<LapsedAppealAnswer | null>(null);
  if (!can('campaign.edit')) return null;
  const list = { kind: (params.get('f.kind') ?? 'lybunt') as LapsedAppealInput['kind'], year: params.get('f.year') ?? undefined, search: params.get('q') ?? undefined };
  return (
    <Stack gap="xs">
      <Group>
        <Button leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => setOpened(true)}>
          Start an appeal
        </Button>
      </Group>
      {started && (
        <Alert color="teal" title="Appeal started" withCloseButton onClose={() => setStarted(null)} closeButtonLabel="Dismiss">
          {started.message}{' '}
          <Anchor component={Link} to={started.supporters_url} underline="always">
            See these donors
          </Anchor>
          {' · '}
          <Anchor component={Link} to={`/campaigns/${started.campaign_id}`} underline="always">
            Open the campaign
          </Anchor>
        </Alert>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Start an appeal with these donors" centered>
        {opened && <StartAppealForm list={list} onDone={(answer) => { setStarted(answer); setOpened(false); }} onCancel={() => setOpened(false)} />}
      </Modal>
    </Stack>
  );
}

type FormProps = { list: Pick<LapsedAppealInput, 'kind' | 'year' | 'search'>; onDone: (answer: LapsedAppealAnswer) => void; onCancel: () => void };

function StartAppealForm({ list, onDone, onCancel }: FormProps) {
  const choices = useCampaignChoices();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ campaign_id: '', name: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    setErrors({});
    try {
      const answer = await api<LapsedAppealAnswer>('/jpanel/reports/lapsed-donors/appeal', { method: 'POST', body: { ...list, ...values } satisfies LapsedAppealInput });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      onDone(answer);
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? ''])));
      else toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
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
        {errors._ && (
          <Alert color="red" role="alert">
            {errors._}
          </Alert>
        )}
        <Select
          label="Campaign"
          required
          data-autofocus
          searchable
          placeholder={choices.isPending ? 'Loading campaigns…' : 'Choose a campaign'}
          data={(choices.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.campaign_id || null}
          onChange={(v) => setValues({ ...values, campaign_id: v ?? '' })}
          error={errors.campaign_id}
          nothingFoundMessage="No campaign found"
        />
        <TextInput label="Appeal name" required maxLength={APPEAL_NAME_MAX} value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} error={errors.name} />
        <TextInput label="Appeal code" description="Letters, digits, - and _; used by no other appeal." required maxLength={APPEAL_CODE_MAX} value={values.code}
          onChange={(e) => setValues({ ...values, code: e.currentTarget.value })} error={errors.code} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Start appeal
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
