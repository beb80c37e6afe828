import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput marks its inner input `data-invalid` but not `aria-invalid` (it turns
 * its own aria off to wrap the visibility toggle), so a screen reader announced an erroring
 * password field as valid. Every password field goes through here to say it.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
