import { SimpleGrid, TextInput, type MantineSpacing, type TextInputProps } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';

/** One text input bound to a form value (`name`), with TextInput's own props (label, description …). */
export type TextField<Values> = Omit<TextInputProps, 'name'> & { name: LooseKeys<Values>; label: string };

type FieldsProps<Values> = {
  form: Pick<UseFormReturnType<Values>, 'getInputProps'>;
  /** The inputs in order, each on the form value it names. */
  fields: TextField<Values>[];
};

/** A form's text inputs, one after the other, each bound to the form value it names. */
export function TextFields<Values>({ form, fields }: FieldsProps<Values>) {
  return fields.map(({ name, ...props }) => <TextInput key={name} {...props} {...form.getInputProps(name)} />);
}

/** Text inputs in a grid: one column on a phone, `cols` from a tablet's width up. */
export function FieldGrid<Values>({ cols, mt, ...fields }: FieldsProps<Values> & { cols: number; mt?: MantineSpacing }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} {...(mt ? { mt } : {})}>
      <TextFields {...fields} />
    </SimpleGrid>
  );
}
