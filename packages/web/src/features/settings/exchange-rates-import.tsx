import { EXCHANGE_RATE_IMPORT_MAX, exchangeRateMessages, messages } from '@almoner/contracts';
import { Alert, Button, FileInput, Group, List, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useImportExchangeRates } from './exchange-rates-api.ts';

type Parsed = { file: string; rows: Record<string, string>[] };
type RowProblem = { row: number; field: string; message: string };

const FIELD_LABELS: Record<string, string> = { currency: 'Currency', rate: 'Rate', effective_on: 'Effective from' };

/** "rows.3.rate" → row 3 of the file (the header is line 1, so it sits on line 5). */
function rowProblems(errors: Record<string, string[]>): RowProblem[] {
  return Object.entries(errors).flatMap(([key, list]) => {
    const [, index, field = ''] = key.split('.');
    return list.map((message) => ({ row: Number(index) + 1, field, message }));
  });
}

/** Reads a CSV in the browser (papaparse, loaded only when a file is chosen); headers are matched loosely. */
async function readRates(file: File): Promise<Parsed> {
  const { default: Papa } = await import('papaparse');
  const text = await file.text();
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase().replace(/[\s-]+/g, '_'),
  });
  return { file: file.name, rows: result.data };
}

/**
 * Settings › Exchange rates › Import: a spreadsheet of rates (currency, rate, effective_on) read
 * here and checked again by the server, all or nothing; bad rows are listed by their row number.
 */
export function ImportRatesCard() {
  const importRates = useImportExchangeRates();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const handleFile = async (chosen: File | null) => {
    setFile(chosen);
    setProblems([]);
    setFailure(null);
    setParsed(chosen ? await readRates(chosen) : null);
  };

  const handleImport = async () => {
    if (!parsed) return;
    try {
      const answer = await importRates.mutateAsync({ rows: parsed.rows });
      toast.success(answer.message);
      await handleFile(null);
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        setFailure(error.message);
        setProblems(rowProblems(error.errors).filter((p) => p.field !== ''));
        const whole = error.errors.rows?.[0];
        if (whole) setFailure(whole);
      } else {
        toast.error(error instanceof Error ? error.message : messages.settingsFailed);
      }
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label="Import exchange rates" component="section">
      <Text fw={600}>Import rates from a file</Text>
      <Text size="sm" c="dimmed" mb="md">
        A CSV with the columns currency, rate and effective_on (yyyy-mm-dd), up to {EXCHANGE_RATE_IMPORT_MAX} rows. Every row is checked
        first: one bad row imports none.
      </Text>
      <Group align="flex-end" wrap="wrap" gap="md">
        <FileInput
          label="Rates file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          value={file}
          onChange={(chosen) => void handleFile(chosen)}
          w={280}
        />
        <Button onClick={() => void handleImport()} disabled={!parsed || parsed.rows.length === 0} loading={importRates.isPending}>
          {parsed && parsed.rows.length > 0 ? `Import ${parsed.rows.length} ${parsed.rows.length === 1 ? 'rate' : 'rates'}` : 'Import'}
        </Button>
      </Group>
      {parsed && parsed.rows.length === 0 && (
        <Text size="sm" c="red.8" mt="sm" role="alert">
          {exchangeRateMessages.importEmpty}
        </Text>
      )}
      {failure && (
        <Alert color="red" variant="light" mt="md" title={failure} role="alert">
          {problems.length > 0 && (
            <List size="sm" spacing={2} aria-label="Rows to fix">
              {problems.map((p) => (
                <List.Item key={`${p.row}-${p.field}-${p.message}`}>
                  Row {p.row}, {FIELD_LABELS[p.field] ?? p.field}: {p.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Paper>
  );
}
