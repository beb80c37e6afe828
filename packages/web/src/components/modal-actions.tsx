import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type ModalActionsProps = {
  submitLabel: ReactNode;
  onCancel: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** The action ends or destroys something: the submit button is red. */
  danger?: boolean;
  /** False for someone who may only look: Cancel alone is offered. */
  canSubmit?: boolean;
  /** Another action at the start of the row (e.g. Delete), apart from the form's own. */
  start?: ReactNode;
};

/**
 * The footer of a modal form: Cancel, then the submit button. The submit button is the form's
 * own (type="submit"), so Enter in a field submits; Escape is the Modal's and closes it.
 */
export function ModalActions({ submitLabel, onCancel, loading, disabled, danger, canSubmit = true, start }: ModalActionsProps) {
  const buttons = (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {canSubmit && (
        <Button type="submit" color={danger ? 'red' : undefined} loading={loading} disabled={disabled}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
  if (start === undefined) return buttons;
  return (
    <Group justify="space-between">
      <div>{start}</div>
      {buttons}
    </Group>
  );
}
