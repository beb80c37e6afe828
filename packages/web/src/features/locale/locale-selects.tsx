import { Select, type SelectProps } from '@mantine/core';
import { useCountries, useSubdivisions } from './api.ts';

type Common = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (code: string | null) => void;
};

/**
 * A searchable country list from the locale service. A failed load leaves an empty list (spec
 * part 3 §7) rather than an error: the rest of the form still works.
 */
export function CountrySelect({ value, onChange, label = 'Country', ...rest }: Common) {
  const countries = useCountries();
  return (
    <Select
      label={label}
      searchable
      clearable
      nothingFoundMessage="No country matches."
      {...rest}
      data={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** The whole-country choice inside the select (an empty value would read as "nothing chosen"). */
const WHOLE = '*';

/**
 * The subdivisions of `country`, labelled with what that country calls them ("State",
 * "Province"). `wholeCountryLabel` adds a first choice that answers '' (the whole country).
 */
export function SubdivisionSelect({
  country,
  value,
  onChange,
  label,
  wholeCountryLabel,
  ...rest
}: Common & { country: string | null; wholeCountryLabel?: string }) {
  const answer = useSubdivisions(country);
  const items = (answer.data?.list ?? []).map((s) => ({ value: s.code, label: s.name }));
  const data = wholeCountryLabel ? [{ value: WHOLE, label: wholeCountryLabel }, ...items] : items;
  return (
    <Select
      label={label ?? answer.data?.subdivision_type ?? 'Region'}
      searchable
      nothingFoundMessage={country ? 'Nothing matches.' : 'Choose a country first.'}
      disabled={!country}
      {...rest}
      data={data}
      value={wholeCountryLabel && value === '' ? WHOLE : value}
      onChange={(code) => onChange(code === WHOLE ? '' : code)}
    />
  );
}
