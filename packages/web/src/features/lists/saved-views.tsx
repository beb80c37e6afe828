import { type ListingColumn, type SavedView, type SavedViewState, SAVED_VIEW_NAME_MAX, defaultHiddenColumns, savedViewMessages } from '@almoner/contracts';
import { Button, Checkbox, Group, Menu, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconColumns, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatOrder, parseOrder } from '../../components/data-table/listing-state.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError, api } from '../../lib/api.ts';
import { useLiveSearchParams } from '../../lib/live-search-params.ts';

const viewsKey = (list: string) => ['saved-views', list] as const;

/** The `hide` list of the address; `hide=` (empty) says every column shows. */
const hiddenIn = (params: URLSearchParams) => (params.get('hide') ?? '').split(',').filter(Boolean);

/**
 * Hidden columns live in the address (`hide=a,b`) like the rest of the table's state; null
 * when the person has not chosen, so the table leaves out its optional columns.
 */
export function useHiddenColumns(): string[] | null {
  const [params] = useSearchParams();
  return useMemo(() => (params.has('hide') ? hiddenIn(params) : null), [params]);
}

/** The columns hidden now: the person's choice, else the list's optional ones. */
const hiddenNow = (params: URLSearchParams, columns: readonly ListingColumn[]) => (params.has('hide') ? hiddenIn(params) : defaultHiddenColumns(columns));

/** What the address holds now, as a view's state. */
function currentState(params: URLSearchParams, columns: readonly ListingColumn[]): SavedViewState {
  const filters: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!key.startsWith('f.')) continue;
    const values = params.getAll(key);
    filters[key.slice(2)] = values.length > 1 ? values : (values[0] as string);
  }
  return { filters, search: params.get('q') ?? '', sort: parseOrder(params.get('sort')), hidden_columns: hiddenNow(params, columns) };
}

function toParams(state: SavedViewState): URLSearchParams {
  const next = new URLSearchParams();
  if (state.sort.length) next.set('sort', formatOrder(state.sort));
  if (state.search) next.set('q', state.search);
  // Always set: a view that shows every column shows the optional ones too.
  next.set('hide', state.hidden_columns.join(','));
  for (const [key, value] of Object.entries(state.filters)) for (const v of [value].flat()) next.append(`f.${key}`, v);
  return next;
}

type Props = { list: string; columns: readonly ListingColumn[] };

/** Pick, save and delete your own named views of a list, and choose which columns show. */
export function SavedViews({ list, columns }: Props) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const views = useQuery({ queryKey: viewsKey(list), queryFn: () => api<{ data: SavedView[] }>(`/jpanel/saved-views.json?list=${encodeURIComponent(list)}`) });
  const save = useMutation({
    mutationFn: (body: { list: string; name: string; state: SavedViewState }) => api<{ message: string; view: SavedView }>('/jpanel/saved-views', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey(list) }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/jpanel/saved-views/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey(list) }),
  });
  const data = views.data?.data ?? [];
  const selected = data.find((v) => String(v.id) === chosen) ?? null;

  const apply = (value: string | null) => {
    setChosen(value);
    const view = data.find((v) => String(v.id) === value);
    if (view) setParams(toParams(view.state));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({ list, name, state: currentState(params, columns) });
      toast.success(saved.message);
      setChosen(String(saved.view.id));
      setNaming(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  const destroy = async () => {
    if (!selected) return;
    if (!(await confirm({ title: 'Delete view', message: savedViewMessages.confirmDelete(selected.name), confirmLabel: 'Delete', danger: true }))) return;
    try {
      toast.success((await remove.mutateAsync(selected.id)).message);
      setChosen(null);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Saved view"
        placeholder={data.length ? 'Choose a view' : 'No saved views'}
        data={data.map((v) => ({ value: String(v.id), label: v.name }))}
        value={chosen}
        onChange={apply}
        clearable
        w={200}
      />
      <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => { setName(selected?.name ?? ''); setError(null); setNaming(true); }}>
        Save view
      </Button>
      {selected && (
        <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => void destroy()}>
          Delete view
        </Button>
      )}
      <ColumnsMenu columns={columns} />
      <Modal opened={naming} onClose={() => setNaming(false)} title="Save view">
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <TextInput label="Name" required maxLength={SAVED_VIEW_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNaming(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}

/** Which columns show: each offered with a tick; the choice lives in the address (`hide=`). */
export function ColumnsMenu({ columns }: { columns: readonly ListingColumn[] }) {
  const [params, setParams] = useLiveSearchParams();
  const hidden = new Set(hiddenNow(params, columns));
  const toggleColumn = (key: string) => {
    const next = new Set(hidden);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setParams((current) => {
      const updated = new URLSearchParams(current);
      // Kept even when empty: no `hide` would bring back the optional columns' defaults.
      updated.set('hide', [...next].join(','));
      return updated;
    });
  };

  return (
    <Menu closeOnItemClick={false} position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {columns
          .filter((c) => c.key !== 'select')
          .map((c) => (
            <Menu.Item key={c.key} onClick={() => toggleColumn(c.key)} leftSection={<Checkbox checked={!hidden.has(c.key)} readOnly tabIndex={-1} aria-hidden size="xs" />}>
              {c.label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
