import { Alert, Modal, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';

export type FieldErrors = Record<string, string[] | undefined>;

/** A check made before sending: shown on `field` like the server's own 422. */
export const fieldRefusal = (field: string, message: string) =>
  new ApiError(422, message, 'validation', { [field]: [message] });

type FormModalProps = {
  title: string;
  submitLabel?: string;
  size?: string;
  /** Runs the change; throws to keep the modal open with the error shown. */
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  onErrors?: (errors: FieldErrors) => void;
  /** Fields this modal shows errors on (others are named in the message above the form). */
  fieldNames?: string[];
  children: ReactNode;
};

/**
 * One of the order's modals: Enter submits, Escape closes, a refused change keeps the modal
 * open with the server's reasons on the fields and its message above them.
 */
export function FormModal({
  title,
  submitLabel = 'Save',
  size = 'lg',
  onSubmit,
  onClose,
  onErrors,
  fieldNames,
  children,
}: FormModalProps) {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaving(true);
          setMessage(null);
          onSubmit()
            .then(onClose)
            .catch((error: unknown) => {
              const fields = error instanceof ApiError ? error.errors : undefined;
              if (fields && onErrors) {
                onErrors(fields);
                // The reasons show on their fields; the message too unless every one has its field here.
                const keys = Object.keys(fields);
                if (keys.length && keys.every((key) => fieldNames?.includes(key))) return;
              }
              setMessage(error instanceof Error ? error.message : String(error));
            })
            .finally(() => setSaving(false));
        }}
      >
        <Stack gap="md">
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          {children}
          <ModalActions submitLabel={submitLabel} loading={saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
