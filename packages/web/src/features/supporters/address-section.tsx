import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FormPageLayout } from '../../components/form-page/index.ts';
import { CountrySelect, SubdivisionSelect, useSubdivisions } from '../locale/index.ts';
import type { SupporterFormValues } from './supporter-form-values.ts';

/**
 * One address of the supporter form (`bill_*` or `ship_*`): the lines, the city, the country
 * from the locale service and its states or provinces (free text where it lists none).
 */
export function AddressSection({ form: f, prefix, title }: { form: UseFormReturnType<SupporterFormValues>; prefix: 'bill' | 'ship'; title: string }) {
  const key = <N extends string>(name: N) => `${prefix}_${name}` as keyof SupporterFormValues;
  const country = f.values[key('country')] || null;
  const subdivisions = useSubdivisions(country);
  const listed = (subdivisions.data?.list.length ?? 0) > 0;
  return (
    <FormPageLayout.Section title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {prefix === 'ship' && (
          <>
            <TextInput label="Ship to first name" maxLength={45} {...f.getInputProps(key('first_name'))} />
            <TextInput label="Ship to last name" maxLength={45} {...f.getInputProps(key('last_name'))} />
          </>
        )}
        <TextInput label={`${title}: street`} maxLength={450} {...f.getInputProps(key('address_01'))} />
        <TextInput label={`${title}: line 2`} maxLength={450} {...f.getInputProps(key('address_02'))} />
        <TextInput label={`${title}: city`} maxLength={45} {...f.getInputProps(key('city'))} />
        <CountrySelect
          label={`${title}: country`}
          value={country}
          error={f.errors[key('country')]}
          onChange={(code) => {
            f.setFieldValue(key('country'), code ?? '');
            f.setFieldValue(key('state'), '');
          }}
        />
        {listed ? (
          <SubdivisionSelect
            label={`${title}: ${subdivisions.data?.subdivision_type.toLowerCase() ?? 'region'}`}
            country={country}
            value={f.values[key('state')] || null}
            error={f.errors[key('state')]}
            onChange={(code) => f.setFieldValue(key('state'), code ?? '')}
          />
        ) : (
          <TextInput label={`${title}: region`} maxLength={45} {...f.getInputProps(key('state'))} />
        )}
        <TextInput label={`${title}: postcode`} maxLength={45} {...f.getInputProps(key('zip'))} />
        {prefix === 'ship' && <TextInput label="Ship to phone" type="tel" maxLength={45} {...f.getInputProps(key('phone'))} />}
      </SimpleGrid>
    </FormPageLayout.Section>
  );
}
