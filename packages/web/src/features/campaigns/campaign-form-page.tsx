import {
  APPEAL_CODE_MAX,
  APPEAL_NAME_MAX,
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_NAME_MAX,
  type Campaign,
  type CampaignInput,
  THANK_YOU_LETTER_MAX,
  campaignInputSchema,
} from '@almoner/contracts';
import { ActionIcon, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconChartBar, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { FormPageLayout, useFormPage, useRouteRecord } from '../../components/form-page/index.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { useCampaign, useSaveCampaign } from './api.ts';

type AppealRow = { key: string; id?: number; name: string; code: string; gifts: number };
type Values = { name: string; goal: string; starts_on: string; ends_on: string; description: string; thank_you_letter: string; appeals: AppealRow[] };

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const toValues = (c: Campaign | undefined): Values => ({
  name: c?.name ?? '',
  goal: c ? String(c.goal) : '',
  starts_on: c?.starts_on ?? '',
  ends_on: c?.ends_on ?? '',
  description: c?.description ?? '',
  thank_you_letter: c?.thank_you_letter ?? '',
  appeals: (c?.appeals ?? []).map((a) => ({ key: `appeal-${a.id}`, id: a.id, name: a.name, code: a.code, gifts: a.gifts })),
});

const toInput = (v: Values): CampaignInput => ({
  name: v.name,
  goal: v.goal,
  starts_on: v.starts_on,
  ends_on: v.ends_on,
  description: v.description,
  thank_you_letter: v.thank_you_letter,
  appeals: v.appeals.map((a) => ({ ...(a.id ? { id: a.id } : {}), name: a.name, code: a.code })),
});

/** /campaigns/new and /campaigns/:id. */
export function CampaignFormPage() {
  const { record, gate, key } = useRouteRecord(useCampaign);
  return gate ?? <CampaignForm key={key} campaign={record} />;
}

function CampaignForm({ campaign }: { campaign: Campaign | undefined }) {
  const can = useCan();
  const save = useSaveCampaign(campaign?.id ?? null);
  const page = useFormPage({
    initialValues: toValues(campaign),
    schema: campaignInputSchema,
    toInput,
    save: (values: Values) => save.mutateAsync(toInput(values)),
    savedMessage: (saved) => saved.message,
    valuesAfterSave: (saved) => toValues(saved.campaign),
    createdPath: campaign ? null : (saved) => `/campaigns/${saved.campaign.id}`,
  });
  const { form } = page;
  const canEdit = can('campaign.edit');

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/campaigns', label: 'Campaigns' }}
      record={{ noun: 'campaign', name: campaign?.name }}
      canEdit={canEdit}
      actions={
        campaign && can('reports.payments_details') ? (
          <Button component={Link} to={`/reports/campaign-results/${campaign.id}`} variant="light" leftSection={<IconChartBar size={16} aria-hidden />}>
            Campaign results
          </Button>
        ) : undefined
      }
      below={campaign && <RecordHistory table="campaigns" id={campaign.id} description="Changes to this campaign and its appeals, field by field." />}
    >
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required maxLength={CAMPAIGN_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <TextInput label={`Goal (${campaign?.currency ?? 'organisation currency'})`} required inputMode="decimal" {...form.getInputProps('goal')} />
          <TextInput type="date" label="Start date" required {...form.getInputProps('starts_on')} />
          <TextInput type="date" label="End date" description="Blank: no end yet." {...form.getInputProps('ends_on')} />
        </SimpleGrid>
        <Textarea mt="md" label="Description" autosize minRows={2} maxLength={CAMPAIGN_DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <Textarea
          mt="md"
          label="Thank-you letter"
          description="Liquid merge tags as in Settings › Thank-you letters. Blank: gifts to this campaign get the default letter."
          autosize
          minRows={3}
          maxRows={16}
          maxLength={THANK_YOU_LETTER_MAX}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
          {...form.getInputProps('thank_you_letter')}
        />
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} size="h4">
          Appeals
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          A mailing, an event or a page of this campaign. Imports name an appeal by its code, which no other appeal may use.
        </Text>
        <Stack gap="xs">
          {form.values.appeals.map((appeal, i) => (
            <Group key={appeal.key} align="flex-start" wrap="nowrap" gap="xs">
              <TextInput style={{ flex: 2 }} label="Appeal name" required maxLength={APPEAL_NAME_MAX} {...form.getInputProps(`appeals.${i}.name`)} />
              <TextInput style={{ flex: 1 }} label="Code" required maxLength={APPEAL_CODE_MAX} {...form.getInputProps(`appeals.${i}.code`)}
                error={form.errors[`appeals.${i}.code`] ?? form.errors[`appeals.${i}.id`]} />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove appeal ${appeal.name || i + 1}`}
                disabled={appeal.gifts > 0 || !canEdit}
                title={appeal.gifts > 0 ? 'Gifts are credited to this appeal' : undefined}
                onClick={() => form.removeListItem('appeals', i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {typeof form.errors.appeals === 'string' && (
            <Text size="sm" c="red" role="alert">
              {form.errors.appeals}
            </Text>
          )}
          {canEdit && (
            <div>
              <Anchor component="button" type="button" size="sm" onClick={() => form.insertListItem('appeals', { key: newKey(), name: '', code: '', gifts: 0 })}>
                <Group gap={4} component="span">
                  <IconPlus size={14} aria-hidden />
                  Add appeal
                </Group>
              </Anchor>
            </div>
          )}
        </Stack>
      </Paper>
    </FormPageLayout>
  );
}
