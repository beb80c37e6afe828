import { z } from 'zod';

/**
 * The data-sync connector (spec part 1 §2 "Data-sync connector", §8): staff link or unlink a
 * target system; each is a POST with `target`, and an error answer carries an `error` field.
 */
export const dataSyncTargets = ['hubspot', 'salesforce', 'mailchimp'] as const;
export type DataSyncTarget = (typeof dataSyncTargets)[number];

export const dataSyncTargetLabels: Record<DataSyncTarget, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  mailchimp: 'Mailchimp',
};

export const dataSyncMessages = {
  // The spec's words (part 1 §8).
  connected: 'Connected successfully',
  disconnected: 'Disconnected successfully',
  unlinkFailed: 'An error occurred, please try again',
  // Ours.
  target: 'Choose one of the listed connectors.',
  alreadyConnected: (label: string) => `${label} is already connected.`,
  notConnected: (label: string) => `${label} is not connected.`,
} as const;

export const dataSyncTargetSchema = z.object({ target: z.enum(dataSyncTargets, { error: dataSyncMessages.target }) });

export const dataSyncConnectorSchema = z.object({
  target: z.enum(dataSyncTargets),
  label: z.string(),
  linked: z.boolean(),
  changed_at: z.string().nullable(),
});
export type DataSyncConnector = z.infer<typeof dataSyncConnectorSchema>;

export const dataSyncListSchema = z.object({ connectors: z.array(dataSyncConnectorSchema) });
export const dataSyncChangedSchema = z.object({ message: z.string(), connector: dataSyncConnectorSchema });
