import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

type ThumbProps = {
  src: string | null | undefined;
  h: number;
  w?: number | string;
  radius?: string | number;
};

/** A product picture, or a quiet placeholder when there is none or it does not load. */
export function Thumb({ src, h, w = '100%', radius = 0 }: ThumbProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Center h={h} w={w} bg="gray.1" style={{ borderRadius: radius, flexShrink: 0 }}>
        <IconPhoto size={Math.min(32, h / 2)} color="var(--mantine-color-gray-5)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt=""
      h={h}
      w={w}
      radius={radius}
      fit="cover"
      onError={() => setFailed(true)}
      style={{ flexShrink: 0 }}
    />
  );
}
