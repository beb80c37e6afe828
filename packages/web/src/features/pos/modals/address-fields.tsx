import { subdivisionTypeOf } from '@almoner/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useCountries, useSubdivisions } from '../../locale/api.ts';

export type AddressValues = Record<string, string>;

type Props = {
  /** 'billing', 'shipping' or 'tax': the order fields' prefix. */
  prefix: 'billing' | 'shipping' | 'tax';
  values: AddressValues;
  errors?: Record<string, string[] | undefined> | undefined;
  withContact?: boolean;
  onChange: (key: string, value: string) => void;
};

/** An address with the locale service's countries and subdivisions (free text if it has none). */
export function AddressFields({ prefix, values, errors, withContact = true, onChange }: Props) {
  const key = (name: string) => `${prefix}_${name}`;
  const country = values[key('country')] || null;
  const countries = useCountries();
  const subdivisions = useSubdivisions(country);
  const regions = subdivisions.data?.list ?? [];
  const input = (name: string, label: string, max = 45) => ({
    label,
    maxLength: max,
    value: values[key(name)] ?? '',
    error: errors?.[key(name)]?.[0],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange(key(name), event.currentTarget.value),
  });
  return (
    <SimpleGrid cols={2} spacing="sm">
      {withContact && (
        <>
          <TextInput {...input('first_name', 'First name')} />
          <TextInput {...input('last_name', 'Last name')} />
          <TextInput {...input('email', 'Email')} type="email" />
          <TextInput {...input('phone', 'Phone')} type="tel" />
        </>
      )}
      <TextInput {...input('address1', 'Address', 450)} style={{ gridColumn: 'span 2' }} />
      <TextInput {...input('address2', 'Address line 2', 450)} style={{ gridColumn: 'span 2' }} />
      <TextInput {...input('city', 'City')} />
      <Select
        label="Country"
        searchable
        data={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
        value={country}
        // Picking the country already chosen keeps it (Mantine would clear it otherwise).
        allowDeselect={false}
        onChange={(v) => {
          onChange(key('country'), v ?? '');
          onChange(key('state'), '');
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {regions.length > 0 ? (
        <Select
          label={subdivisionTypeOf(country ?? '')}
          searchable
          data={regions.map((r) => ({ value: r.code, label: r.name }))}
          value={values[key('state')] || null}
          allowDeselect={false}
          onChange={(v) => onChange(key('state'), v ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <TextInput {...input('state', 'State or region')} />
      )}
      <TextInput {...input('zip', 'Postal code')} />
    </SimpleGrid>
  );
}
