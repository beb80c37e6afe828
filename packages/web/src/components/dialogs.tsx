import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { overlaysReady } from '../app/overlays.tsx';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The action destroys or cannot be undone: the confirm button is red. */
  danger?: boolean;
};

export type AlertOptions = { title: string; message: ReactNode; okLabel?: string };

type AnswerProps = {
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string | undefined;
  danger?: boolean | undefined;
  onAnswer: (confirmed: boolean) => void;
};

/**
 * The body of both dialogs. Focus starts on the safe answer (`data-autofocus`): the confirm
 * button of an ordinary question, so Enter answers it, but Cancel when the action destroys
 * something, so Enter or Space keeps things as they are and the destructive button needs a
 * deliberate click or Tab. Escape and the close button cancel.
 */
function DialogBody({ message, confirmLabel, cancelLabel, danger, onAnswer }: AnswerProps) {
  const safeFirst = Boolean(danger && cancelLabel);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAnswer(true);
      }}
      // Enter in a field of the message would submit the form: never a destructive action.
      onKeyDown={(event) => {
        if (danger && event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          {cancelLabel && (
            <Button variant="default" onClick={() => onAnswer(false)} data-autofocus={safeFirst || undefined}>
              {cancelLabel}
            </Button>
          )}
          <Button type="submit" color={danger ? 'red' : undefined} data-autofocus={safeFirst ? undefined : true}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

async function open(
  title: string,
  body: (answer: (value: boolean) => void) => ReactNode,
): Promise<boolean> {
  await overlaysReady();
  return new Promise((resolve) => {
    let settled = false;
    const answer = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
      modals.close(id);
    };
    const id = modals.open({
      title,
      centered: true,
      size: 'md',
      // Escape, the close button and a click outside all mean "no".
      onClose: () => answer(false),
      children: body(answer),
    });
  });
}

/** Asks before acting: `if (await confirm({ title: 'Delete page?', … })) …`. */
export function confirm({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger,
}: ConfirmOptions): Promise<boolean> {
  return open(title, (answer) => (
    <DialogBody
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      danger={danger}
      onAnswer={answer}
    />
  ));
}

/** Tells the user something they must acknowledge. */
export async function alert({ title, message, okLabel = 'OK' }: AlertOptions): Promise<void> {
  await open(title, (answer) => (
    <DialogBody message={message} confirmLabel={okLabel} onAnswer={answer} />
  ));
}
