import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

type Keyed = { key: string };

/**
 * Rows that staff reorder by dragging a handle, or from the keyboard (Tab to the handle, Space,
 * arrows, Space). Each row calls `useSortableRow` with its key; the list answers the new order.
 */
export function SortableList<T extends Keyed>({
  items,
  onReorder,
  children,
}: {
  items: T[];
  onReorder: (items: T[]) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(
      arrayMove(
        items,
        items.findIndex((i) => i.key === active.id),
        items.findIndex((i) => i.key === over.id),
      ),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What one row of a `SortableList` needs: its element's ref and style, and its handle's props. */
export function useSortableRow(key: string) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: key,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
  };
  return { setNodeRef, style, handleProps: { ...attributes, ...listeners } };
}

/** The grip a row is dragged by, named for the row ("Move option 2"). */
export function DragHandle({
  label,
  handleProps,
  ...props
}: ActionIconProps & { label: string; handleProps: object }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      {...handleProps}
      style={{ cursor: 'grab' }}
      {...props}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
}
