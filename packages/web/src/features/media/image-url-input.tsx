import { Button, Group, Image, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useCan } from '../../app/session.ts';
import { PickOneImageModal } from './pick-one-image-modal.tsx';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange: (value: string) => void;
};

/**
 * An image address field (page background, featured image, podcast cover): typed as an address,
 * or chosen from the images library, which fills in the file's lasting address (/media/{id}/{name})
 * so the saved value never expires. The library button needs file.view; a preview shows the choice.
 */
export function ImageUrlInput({ value, onChange, label, disabled, ...rest }: Props) {
  const can = useCan();
  const [opened, library] = useDisclosure(false);
  const pick = can('file.view') && !disabled;
  return (
    <Stack gap={6}>
      {value && <Image src={value} alt={`Preview of ${String(label ?? 'the image')}`} h={90} w={160} fit="cover" radius="sm" />}
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput label={label} placeholder="https://…" disabled={disabled} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} style={{ flex: 1 }} {...rest} />
        {pick && (
          // Lined up with the input below the label (the label's line height plus its gap).
          <Button mt={25} variant="default" leftSection={<IconPhoto size={14} />} onClick={library.open}>
            Choose from library
          </Button>
        )}
      </Group>
      {pick && (
        <PickOneImageModal opened={opened} onClose={library.close} onPick={onChange} />
      )}
    </Stack>
  );
}
