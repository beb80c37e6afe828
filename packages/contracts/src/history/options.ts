import { paymentTypeOptions } from '../listings/contributions.ts';

/** Labels for the coded values the histories show. */
export const paymentTypeLabels: Record<string, string> = Object.fromEntries(paymentTypeOptions.map((o) => [o.value, o.label]));
export const paymentStatusLabels: Record<string, string> = { succeeded: 'Succeeded', pending: 'Pending', failed: 'Failed' };
export const taxReceiptTypeLabels: Record<string, string> = { single: 'One per contribution', consolidated: 'Consolidated', none: 'None' };
