import type { Region } from '@almoner/contracts';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CountrySelect, SubdivisionSelect } from './locale-selects.tsx';

export type RegionRow = { country: string; region: string };

/** What the server sent, as the form's rows (the place names are the server's, for lists). */
export const toRegionRows = (regions: Region[] | undefined): RegionRow[] => (regions ?? []).map((r) => ({ country: r.country, region: r.region }));

type Props = {
  label: string;
  description?: string;
  value: RegionRow[];
  onChange: (rows: RegionRow[]) => void;
  /** Field errors keyed like the server's ('regions.0.region'). */
  errors: Record<string, unknown>;
  name: string;
  /** Offer "whole country" as a subdivision choice (shipping) or require a subdivision (taxes). */
  allowWholeCountry?: boolean;
};

/** A list of country + subdivision pairs, added and removed row by row. */
export function RegionListField({ label, description, value, onChange, errors, name, allowWholeCountry = false }: Props) {
  const set = (index: number, row: RegionRow) => onChange(value.map((r, i) => (i === index ? row : r)));
  const error = (key: string) => errors[key] as string | undefined;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {value.map((row, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <CountrySelect
            label={`Country ${index + 1}`}
            value={row.country || null}
            onChange={(country) => set(index, { country: country ?? '', region: '' })}
            error={error(`${name}.${index}.country`)}
            flex={1}
          />
          <SubdivisionSelect
            label={`Region ${index + 1}`}
            country={row.country || null}
            value={row.region === '' && !allowWholeCountry ? null : row.region}
            onChange={(region) => set(index, { ...row, region: region ?? '' })}
            wholeCountryLabel={allowWholeCountry ? 'The whole country' : undefined}
            error={error(`${name}.${index}.region`)}
            flex={1}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove region ${index + 1}`}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error(name) && (
        <Text size="xs" c="red" role="alert">
          {error(name)}
        </Text>
      )}
      <Group>
        <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, { country: '', region: '' }])}>
          Add region
        </Button>
      </Group>
    </Stack>
  );
}
