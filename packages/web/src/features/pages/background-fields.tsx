import {
  BACKGROUND_ANIMATIONS,
  BACKGROUND_HEIGHTS,
  BACKGROUND_POSITIONS,
  BACKGROUND_SIZES,
  backgroundAnimationLabels,
} from '@almoner/contracts';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ImageUrlInput } from '../media/image-url-input.tsx';
import type { PageValues } from './page-values.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Spec part 1 §2: cover or contain; ten positions; height 10–90 % of the viewport in 10 % steps;
 * three animations. The image is chosen from the images library (kept by its lasting address) or
 * typed as an address elsewhere.
 */
export function BackgroundFields({ form }: { form: UseFormReturnType<PageValues> }) {
  return (
    <Stack>
      <ImageUrlInput label="Background image URL" {...form.getInputProps('background_options.image_url')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Image fit"
          data={BACKGROUND_SIZES.map((s) => ({ value: s, label: capital(s) }))}
          allowDeselect={false}
          {...form.getInputProps('background_options.size')}
        />
        <Select
          label="Position"
          data={BACKGROUND_POSITIONS.map((p) => ({ value: p, label: capital(p) }))}
          allowDeselect={false}
          {...form.getInputProps('background_options.position')}
        />
        <Select
          label="Height"
          data={BACKGROUND_HEIGHTS.map((h) => ({ value: String(h), label: `${h}% of the screen` }))}
          allowDeselect={false}
          value={String(form.values.background_options.height)}
          onChange={(v) => form.setFieldValue('background_options.height', Number(v))}
          error={form.errors['background_options.height']}
        />
        <Select
          label="Animation"
          placeholder="None"
          data={BACKGROUND_ANIMATIONS.map((a) => ({
            value: a,
            label: backgroundAnimationLabels[a],
          }))}
          clearable
          {...form.getInputProps('background_options.animation')}
        />
      </SimpleGrid>
    </Stack>
  );
}
