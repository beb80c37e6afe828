import { checkImportRow, hasErrors, IMPORT_MAX_ROWS, type ImportField, type ImportMatchMode, autoMapColumns } from '@almoner/contracts';
import { Alert, Anchor, Breadcrumbs, Button, Center, FileInput, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/route-errors.tsx';
import { isScreenKind, type ScreenKind, useImportFields, useImportJob, useSegmentRules, useSubmitImport } from './api.ts';
import { JobResult, kindLabel } from './job-result.tsx';
import { RowsTable } from './rows-table.tsx';
import { columnOf, mappedRow, readSheetFile, type Sheet } from './sheet.ts';

export function ImportPage() {
  const { kind } = useParams();
  if (!isScreenKind(kind)) return <NotFoundPage />;
  return <ImportScreen key={kind} kind={kind} />;
}

/**
 * Kinds whose rows are matched to existing records: how they match, what each mode does to a
 * matched one, and a note where "Create new" cannot create.
 */
type MatchModes = { question: string; labels: Record<ImportMatchMode, string>; hint?: string };
const matching: Partial<Record<ScreenKind, MatchModes>> = {
  supporters: {
    question: 'When a row matches an existing supporter (by id, then e-mail, then name and address)',
    labels: { create: 'Create new', update: 'Update match', skip: 'Skip match' },
  },
  contributions: {
    question: "When a gift's donor matches an existing supporter (by id, then e-mail, then name and address)",
    labels: { create: 'Add the gift', update: 'Add the gift and update the supporter', skip: 'Skip the row' },
  },
  sponsorships: {
    question: 'When a row matches an existing sponsee (by reference number)',
    labels: { create: 'Create new', update: 'Update match', skip: 'Skip match' },
    hint: 'Reference numbers are unique, so with "Create new" a row that matches is rejected.',
  },
};

/**
 * Columns named custom_* or segment_* that are no field of this import: offered under their own
 * name, so the list shows what they were matched to and the row check can say why they are refused.
 */
const extraOptions = (mapping: Record<string, string | null>, known: Set<string>) =>
  [...new Set(Object.values(mapping))]
    .filter((key): key is string => Boolean(key) && !known.has(key as string))
    .map((key) => ({ value: key, label: key.startsWith('custom_') ? `${key} (custom field)` : `${key} (unknown segment)` }));

/** Upload → map columns → fix rows → dry run or import → progress → outcome (spec part 1 §2, §7). */
function ImportScreen({ kind }: { kind: ScreenKind }) {
  const fields = useImportFields(kind);
  const segments = useSegmentRules();
  const submit = useSubmitImport();
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  // Sponsees are matched by reference number and updated, as the incumbent's import did.
  const [mode, setMode] = useState<ImportMatchMode>(kind === 'sponsorships' ? 'update' : 'create');
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useImportJob(jobId);
  const title = `Import ${kindLabel(kind).toLowerCase()}`;
  const matchModes = matching[kind];

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setSheet(null);
    setReadError(null);
    setJobId(null);
    if (!chosen) return;
    try {
      const read = await readSheetFile(chosen);
      if (read.rows.length === 0) throw new Error('This file has no rows under its header row.');
      if (read.rows.length > IMPORT_MAX_ROWS) throw new Error(`An import can hold at most ${IMPORT_MAX_ROWS} rows.`);
      setSheet(read);
      setMapping(autoMapColumns(read.headers, fields.data ?? []));
    } catch (error) {
      setReadError(error instanceof Error && error.message ? error.message : 'This file could not be read as a CSV or XLSX spreadsheet.');
    }
  };

  const onEdit = useCallback((row: number, column: number, value: string) => {
    setSheet((s) => {
      if (!s) return s;
      const rows = s.rows.slice();
      const next = (rows[row] ?? []).slice();
      next[column] = value;
      rows[row] = next;
      return { ...s, rows };
    });
  }, []);

  const keyed = useMemo(() => (sheet ? sheet.rows.map((r) => mappedRow(sheet.headers, r, mapping)) : []), [sheet, mapping]);
  // The same rules the server runs again on submit (contracts), with the segment values fetched.
  const checks = useMemo(() => keyed.map((row) => checkImportRow(kind, row, { segments: segments.data ?? {} })), [keyed, kind, segments.data]);
  const rejected = checks.filter(hasErrors).length;
  const columns = useMemo(
    () => (sheet ? (fields.data ?? []).map((field) => ({ field, index: columnOf(sheet.headers, mapping, field.key) })).filter((c) => c.index >= 0) : []),
    [sheet, fields.data, mapping],
  );
  const running = submit.isPending || (job.data !== undefined && ['acknowledged', 'processing'].includes(job.data.status));

  const start = async (dryRun: boolean) => {
    if (!sheet || !file) return;
    try {
      const started = await submit.mutateAsync({ kind, filename: file.name, mode, dryRun, rows: keyed });
      setJobId(started.id);
    } catch {
      // The mutation's error is shown below the buttons.
    }
  };

  if (fields.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack maw={1400}>
      <Breadcrumbs>
        <Anchor component={Link} to="/imports">
          Imports
        </Anchor>
        <Text>{title}</Text>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
      {fields.data?.length === 0 && <Alert color="red">The fields of this import could not be loaded. Reload the page to try again.</Alert>}
      <FileInput
        label="Spreadsheet file"
        description="CSV or XLSX; the first row names the columns."
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconUpload size={16} />}
        value={file}
        onChange={(f) => void choose(f)}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear file' }}
        maw={480}
        error={readError}
      />
      {sheet && (
        <>
          <ColumnMapping sheet={sheet} fields={fields.data ?? []} mapping={mapping} onChange={setMapping} />
          <Text size="sm" role="status">
            {sheet.rows.length} rows · {sheet.rows.length - rejected} ready · {rejected} with errors (they will be rejected)
          </Text>
          <RowsTable columns={columns} rows={sheet.rows} checks={checks} onEdit={onEdit} />
          <Paper withBorder p="md">
            <Stack gap="sm">
              {matchModes && <MatchModeChooser modes={matchModes} value={mode} onChange={setMode} />}
              <Group>
                <Button variant="default" onClick={() => void start(true)} disabled={running}>
                  Dry run
                </Button>
                <Button onClick={() => void start(false)} loading={running}>
                  Import {sheet.rows.length} rows
                </Button>
              </Group>
              {submit.isError && <Alert color="red">{submit.error.message}</Alert>}
              {job.data && <JobResult job={job.data} />}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** Which field each column of the sheet goes to; a field can be chosen for one column only. */
function ColumnMapping({ sheet, fields, mapping, onChange }: {
  sheet: Sheet;
  fields: ImportField[];
  mapping: Record<string, string | null>;
  onChange: (update: (mapping: Record<string, string | null>) => Record<string, string | null>) => void;
}) {
  const fieldOptions = [
    { value: '', label: "Don't import" },
    ...fields.map((f) => ({ value: f.key, label: f.label })),
    ...extraOptions(autoMapColumns(sheet.headers, fields), new Set(fields.map((f) => f.key))),
  ];
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        Columns
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {sheet.headers.map((h) => (
          <Select
            key={h}
            label={`Column “${h}”`}
            data={fieldOptions.filter((o) => o.value === '' || o.value === mapping[h] || !Object.values(mapping).includes(o.value))}
            value={mapping[h] ?? ''}
            onChange={(v) => onChange((m) => ({ ...m, [h]: v || null }))}
            allowDeselect={false}
            size="xs"
          />
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** What a row that matches an existing record does, for the kinds that match. */
function MatchModeChooser({ modes, value, onChange }: { modes: MatchModes; value: ImportMatchMode; onChange: (mode: ImportMatchMode) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="import-mode-label">
        {modes.question}
      </Text>
      {modes.hint && (
        <Text size="xs" c="dimmed">
          {modes.hint}
        </Text>
      )}
      <SegmentedControl
        aria-labelledby="import-mode-label"
        value={value}
        onChange={(v) => onChange(v as ImportMatchMode)}
        data={(Object.keys(modes.labels) as ImportMatchMode[]).map((m) => ({ value: m, label: modes.labels[m] }))}
        w="fit-content"
      />
    </Stack>
  );
}
