import {
  ajaxModalAnswerSchema,
  ajaxModalSchema,
  messages,
  type AjaxModal,
  type AjaxModalAnswer,
  type AjaxModalField,
} from '@almoner/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../lib/api.ts';
import { flash } from './flash.tsx';
import { toast } from './toast.ts';

type Values = Record<string, string | boolean>;
export type Handlers = { onRefresh: () => void; onRedirect: (path: string) => void };

/** "/jpanel/users/5" → "/users/5": the router's paths are relative to its /jpanel basename. */
export const routerPath = (href: string) =>
  href.startsWith('/jpanel/') ? href.slice('/jpanel'.length) : href;

/** The spec's failure text: every validation message, joined. */
export const joinedMessages = (error: ApiError) =>
  error.errors ? Object.values(error.errors).flat().join(' ') : error.message;

function initialValues(fields: AjaxModalField[]): Values {
  return Object.fromEntries(
    fields.map((f) => [f.name, f.type === 'checkbox' ? (f.value ?? false) : (f.value ?? '')]),
  );
}

function validateField(field: AjaxModalField, value: string | boolean | undefined): string | null {
  if (typeof value !== 'string' || field.type === 'hidden') return null;
  if (field.required && !value.trim()) return messages.required;
  if ('max_length' in field && field.max_length && value.length > field.max_length)
    return messages.maxLength(field.max_length);
  return null;
}

function FieldInput({ field, form }: { field: AjaxModalField; form: UseFormReturnType<Values> }) {
  const common = { label: field.label, description: field.description, required: field.required };
  switch (field.type) {
    case 'hidden':
      return null;
    case 'text':
      return (
        <TextInput
          {...common}
          placeholder={field.placeholder}
          maxLength={field.max_length}
          {...form.getInputProps(field.name)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          placeholder={field.placeholder}
          maxLength={field.max_length}
          autosize
          minRows={field.rows ?? 3}
          maxRows={10}
          {...form.getInputProps(field.name)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          allowDeselect={false}
          {...form.getInputProps(field.name)}
        />
      );
    case 'checkbox':
      return <Checkbox {...common} {...form.getInputProps(field.name, { type: 'checkbox' })} />;
  }
}

export function AjaxModalForm({
  modal,
  modalId,
  handlers,
}: {
  modal: AjaxModal;
  modalId: string;
  handlers: Handlers;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The content arrives after the modal opened: move focus from the close button to the form,
  // or to Cancel when the action destroys something (as every destructive dialog does).
  useEffect(() => {
    const target = modal.danger ? '[data-cancel]' : 'input:not([type=hidden]), textarea, button[type=submit]';
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  }, [modal.danger]);
  const form = useForm<Values>({
    initialValues: initialValues(modal.fields),
    validate: (values) =>
      Object.fromEntries(
        modal.fields.map((f) => [f.name, validateField(f, values[f.name])]).filter(([, e]) => e),
      ),
  });

  const handleAnswer = (answer: AjaxModalAnswer) => {
    const action = answer['ajax-modal-action'];
    const redirect = answer['ajax-modal-redirect'];
    // After a redirect the message belongs to the page the user lands on: a flash message.
    if (answer.success) {
      if (redirect) flash(answer.success, 'success');
      else toast.success(answer.success);
    }
    if (answer.error) toast.error(answer.error);
    // With no instruction, a success closes the modal and an error leaves it open to retry.
    if (action || redirect || !answer.error) modals.close(modalId);
    if (action === 'refresh') handlers.onRefresh();
    if (redirect) handlers.onRedirect(routerPath(redirect));
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const raw = await api<unknown>(modal.action, { method: modal.method, body: values });
      handleAnswer(ajaxModalAnswerSchema.parse(raw ?? {}));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        form.setErrors(
          Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, v[0]])),
        );
        setFailure(joinedMessages(error));
      } else {
        toast.error(error instanceof Error ? error.message : messages.unknownError);
      }
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      // Enter in a field must not trigger a destructive action: that needs a deliberate click.
      onKeyDown={(event) => {
        if (modal.danger && event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <Stack gap="md">
        {modal.intro?.split(/\n\s*\n/).map((paragraph) => (
          <Text key={paragraph} size="sm" c="dimmed">
            {paragraph}
          </Text>
        ))}
        {failure && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} aria-hidden />}
            data-ajax-modal-failure
          >
            {failure}
          </Alert>
        )}
        {modal.fields.map((field) => (
          <FieldInput key={field.name} field={field} form={form} />
        ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={() => modals.close(modalId)} data-cancel>
            Cancel
          </Button>
          <Button type="submit" color={modal.danger ? 'red' : undefined} loading={form.submitting}>
            {modal.submit_label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Fetches and checks a modal's description (the zod schema lives here, off the first screen). */
export async function fetchAjaxModal(href: string): Promise<AjaxModal> {
  return ajaxModalSchema.parse(await api<unknown>(href));
}
