import { ActionIcon, Table, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/**
 * The heading of a column whose cells are buttons (a row's drag handle, its remove button): named
 * for screen readers, empty on screen.
 */
export function HiddenColumnHeader({ label, w }: { label: string; w?: number }) {
  return (
    <Table.Th {...(w === undefined ? {} : { w })}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}

/** The cell at the end of a row staff may take out of a list they edit ("Remove choice 2"). */
export function RemoveRowCell({
  name,
  onRemove,
  iconSize = 16,
}: {
  /** What the row is, after "Remove" ("choice 2"); absent where the row cannot go (a blank last row). */
  name: string | null;
  onRemove: () => void;
  iconSize?: number;
}) {
  return (
    <Table.Td>
      {name !== null && (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
          <IconTrash size={iconSize} />
        </ActionIcon>
      )}
    </Table.Td>
  );
}
