import {
  type SponseeDetail,
  type SponseeFormOptions,
  type SponseeUpdate,
  SPONSEE_PHOTO_COLLECTION,
  SPONSEE_REFERENCE_MAX,
  sponseeUpdateSchema,
} from '@almoner/contracts';
import { Avatar, Button, FileButton, Group, Loader, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { uploadPhoto } from '../timeline/api.ts';
import { schemaResolver, useForm } from '@mantine/form';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useSaveSponsee, useSponseeFormOptions } from './api.ts';
import { type ChoiceValues, choiceBody, choiceValues, SegmentFields } from './sponsee-segment-fields.tsx';
import { ModalActions } from '../../components/modal-actions.tsx';

type Sponsee = SponseeDetail['sponsee'];
type Values = { [K in Exclude<keyof SponseeUpdate, 'is_enabled' | 'media_id' | keyof ChoiceValues>]: string } & {
  is_enabled: boolean;
} & ChoiceValues;
type Photo = { id: number; url: string | null; filename: string } | null;

/** The form's values: the sponsee's, or blank for a new one (offered for sponsorship from the start). */
const toValues = (s: Sponsee | null) => ({
  reference_number: s?.reference_number ?? '',
  first_name: s?.first_name ?? '',
  last_name: s?.last_name ?? '',
  gender: s?.gender ?? '',
  birth_date: s?.birth_date ?? '',
  enrollment_date: s?.enrollment_date ?? '',
  biography: s?.biography ?? '',
  private_notes: s?.private_notes ?? '',
  street_number: s?.street_number ?? '',
  street_name: s?.street_name ?? '',
  village: s?.village ?? '',
  region: s?.region ?? '',
  country: s?.country ?? '',
  project: s?.project ?? '',
  school: s?.school ?? '',
  is_enabled: s ? s.is_enabled : true,
});

const genders = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
];

/** `detail` null: adding a sponsee; `onSaved` hears the saved page (the list opens a new one's). */
type FormProps = { detail: SponseeDetail | null; options: SponseeFormOptions; onClose: () => void; onSaved?: (saved: SponseeDetail) => void };

function SponseeForm({ detail, options, onClose, onSaved }: FormProps) {
  const sponsee = detail?.sponsee ?? null;
  const save = useSaveSponsee(sponsee?.id ?? null);
  const form = useForm<Values>({
    initialValues: { ...toValues(sponsee), ...choiceValues(options, sponsee?.payment_option_group_id ?? null, detail?.segment_values ?? []) },
    validate: schemaResolver(sponseeUpdateSchema, { sync: true }),
  });
  // The photo is sent only when changed: a new upload's id, or null to remove it.
  const [photo, setPhoto] = useState<Photo>(sponsee?.photo ?? null);
  const [photoChanged, setPhotoChanged] = useState(false);
  const [uploading, setUploading] = useState(false);
  const handlePhoto = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadPhoto(file, { prefix: '/jpanel/sponsorships/cdn', collection: SPONSEE_PHOTO_COLLECTION });
      setPhoto({ id: uploaded.id, url: uploaded.public_url, filename: uploaded.filename });
      setPhotoChanged(true);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Error. Try again.');
    } finally {
      setUploading(false);
    }
  };
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      // The schema has just checked the values (gender is F or M).
      const body = {
        ...values,
        ...choiceBody(options, values),
        ...(photoChanged ? { media_id: photo?.id ?? null } : {}),
      } as SponseeUpdate;
      const { message, ...saved } = await save.mutateAsync(body);
      toast.success(message);
      onClose();
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });
  const field = (key: keyof ReturnType<typeof toValues>, label: string, maxLength: number) => (
    <TextInput label={label} maxLength={maxLength} {...form.getInputProps(key)} />
  );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group gap="md">
          <Avatar src={photo?.url ?? null} alt={photo ? `Photo of ${sponsee?.full_name || 'the sponsee'}` : undefined} size={64} radius="md" color="teal" />
          <Stack gap={4}>
            <Group gap="xs">
              <FileButton onChange={(file) => void handlePhoto(file)} accept="image/*">
                {(props) => (
                  <Button {...props} variant="default" size="xs" loading={uploading}>
                    {photo ? 'Replace photo' : 'Upload photo'}
                  </Button>
                )}
              </FileButton>
              {photo && (
                <Button variant="subtle" color="red" size="xs" onClick={() => { setPhoto(null); setPhotoChanged(true); }}>
                  Remove photo
                </Button>
              )}
            </Group>
            <Text size="xs" c={form.errors.media_id ? 'red' : 'dimmed'}>
              {form.errors.media_id ? String(form.errors.media_id) : photoChanged ? 'Saved with the sponsee.' : 'An image up to 10 MB.'}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Reference number" required maxLength={SPONSEE_REFERENCE_MAX} data-autofocus {...form.getInputProps('reference_number')} />
          <Select label="Gender" required data={genders} allowDeselect={false} {...form.getInputProps('gender')} />
          {field('first_name', 'First name', 45)}
          {field('last_name', 'Last name', 45)}
          <TextInput type="date" label="Birth date" {...form.getInputProps('birth_date')} />
          <TextInput type="date" label="Enrollment date" {...form.getInputProps('enrollment_date')} />
        </SimpleGrid>
        <Textarea label="Biography" autosize minRows={3} maxRows={10} {...form.getInputProps('biography')} />
        <Textarea label="Private notes" description="Staff only; never shown to sponsors." autosize minRows={2} maxRows={8} {...form.getInputProps('private_notes')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('street_number', 'Street number', 45)}
          {field('street_name', 'Street name', 100)}
          {field('village', 'Village', 100)}
          {field('region', 'Region', 100)}
          {field('country', 'Country', 100)}
          {field('project', 'Project', 100)}
          {field('school', 'School', 100)}
        </SimpleGrid>
        <SegmentFields form={form} options={options} />
        <Switch
          label="Enabled (offered for sponsorship)"
          disabled={Boolean(sponsee?.retired_at)}
          description={sponsee?.retired_at ? 'Retired: bring the sponsee back first.' : undefined}
          {...form.getInputProps('is_enabled', { type: 'checkbox' })}
        />
        <ModalActions submitLabel={sponsee ? 'Save' : 'Add sponsee'} loading={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Waits for the segments and payment groups the form offers, then shows the form. */
function SponseeFormLoader(props: Omit<FormProps, 'options'>) {
  const options = useSponseeFormOptions();
  if (options.isError) return <Text c="red">{options.error.message}</Text>;
  if (!options.data) return <Loader size="sm" aria-label="Loading the form" />;
  return <SponseeForm {...props} options={options.data} />;
}

/**
 * Add a sponsee (`detail` null) or edit one's fields, payment options and segments; Enter saves,
 * Escape closes, the first field takes focus.
 */
export function SponseeEditModal({ opened, ...props }: Omit<FormProps, 'options'> & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={props.detail ? 'Edit sponsee' : 'Add sponsee'} size="lg">
      {opened && <SponseeFormLoader {...props} />}
    </Modal>
  );
}
