import type { Tag } from '@almoner/contracts';
import { Badge } from '@mantine/core';

/** A tag as staff see it everywhere: its name on its colour. */
export function TagBadge({ tag }: { tag: Pick<Tag, 'name' | 'colour'> }) {
  return (
    <Badge color={tag.colour} variant="light" style={{ textTransform: 'none' }}>
      {tag.name}
    </Badge>
  );
}
