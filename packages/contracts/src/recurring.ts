import { z } from 'zod';
import { requiredText } from './rules.ts';

/** The recurring profile page (incumbent §1.2, §9): suspend, cancel with a reason, re-enable. */
export const recurringMessages = {
  suspended: (ref: string) => `Recurring profile #${ref} has been suspended.`,
  cancelled: (ref: string) => `Recurring profile #${ref} has been cancelled.`,
  enabled: (ref: string) => `Recurring profile #${ref} is active again.`,
  notFound: 'This recurring profile does not exist.',
  cannot: (ref: string, status: string, action: string) => `Recurring profile #${ref} is ${status.toLowerCase()}: it cannot be ${action}.`,
  locked: (ref: string) => `Recurring profile #${ref} is a legacy subscription held at the gateway: change it there.`,
  confirmCancel: 'Cancel this recurring profile? No further payments will be charged.',
  /** The batch's reason on a charge it could not attempt. */
  noPaymentMethod: 'No active saved payment method to charge.',
} as const;

export const cancelProfileSchema = z.object({ reason: requiredText(64) });
