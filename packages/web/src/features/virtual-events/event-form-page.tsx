import {
  virtualEventMessages,
  virtualEventTitle,
  type VirtualEvent,
  type VirtualEventInput,
} from '@almoner/contracts';
import { useCan } from '../../app/session.ts';
import { FormPageLayout, loadingOrFailed, useFormPage, useRecordParam } from '../../components/form-page/index.ts';
import { toast } from '../../components/toast.ts';
import { useDeleteVirtualEvent, useSaveVirtualEvent, useVirtualEvent } from './api.ts';
import {
  EventDetailsSection,
  EventFeaturesSection,
  EventTabsSection,
  EventVideoSection,
} from './event-form-sections.tsx';
import { toValues, type EventValues } from './event-form-values.ts';
import { PublicUrlPanel } from './public-url.tsx';

/** /virtual-events/create and /virtual-events/:id/edit (spec part 3 §2.10). */
export function VirtualEventFormPage() {
  const { id, isNew, key } = useRecordParam();
  const query = useVirtualEvent(isNew ? null : id);
  return (
    loadingOrFailed(isNew ? [] : [query]) ?? (
      // Keyed by the saved time too: after an update the form starts again from what was stored.
      <EventForm
        key={`${key}-${query.data?.updated_at ?? ''}`}
        event={query.data}
        refetch={() => void query.refetch()}
      />
    )
  );
}

/** The event's form: each section draws and edits its own fields; this saves and deletes. */
function EventForm({ event, refetch }: { event: VirtualEvent | undefined; refetch: () => void }) {
  const can = useCan();
  const canEdit = can('virtualevents.edit');
  const save = useSaveVirtualEvent();
  const remove = useDeleteVirtualEvent();
  const page = useFormPage({
    initialValues: toValues(event),
    save: (values: EventValues) =>
      save.mutateAsync({
        ...values,
        id: event ? String(event.id) : '',
      } satisfies VirtualEventInput),
    savedMessage: virtualEventMessages.saved,
    valuesAfterSave: (_saved, values) => values,
    // An update is read back (the refetch re-keys the form); a new event moves to its own URL.
    onSaved: event ? refetch : undefined,
    createdPath: event ? null : (saved) => `/virtual-events/${saved.id}/edit`,
    onInvalid: () => toast.error(virtualEventMessages.fixForm),
    remove: event && {
      title: 'Delete virtual event',
      message: virtualEventMessages.deleteConfirm,
      run: async () => {
        await remove.mutateAsync(event.id);
        return { message: `${event.name} deleted.` };
      },
      listPath: '/virtual-events',
      failedMessage: virtualEventMessages.deleteFailed,
    },
  });
  const { form } = page;

  return (
    <FormPageLayout
      page={page}
      back={{ to: '/virtual-events', label: 'Virtual Events' }}
      title={virtualEventTitle(!event, form.values.name)}
      crumb={event ? event.name : 'Create'}
      above={event && <PublicUrlPanel event={event} canEdit={canEdit} />}
      submitLabel={event ? 'Save' : 'Create virtual event'}
      canEdit={canEdit}
    >
      <EventDetailsSection form={form} />
      <EventVideoSection form={form} event={event} />
      <EventFeaturesSection form={form} event={event} />
      <EventTabsSection form={form} />
    </FormPageLayout>
  );
}
