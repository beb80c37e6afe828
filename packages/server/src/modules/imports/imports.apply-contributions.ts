import { registerImportKind, type RowResult } from './imports.kinds.ts';
import { applyContributionsBatch } from './imports.apply-contributions-batch.ts';
import { prepareContributions } from './imports.contribution-rows.ts';
import { undoContributions } from './imports.undo-contributions.ts';

/*
 * The contributions import's kind: its row checks and the helpers the batch and the undo share
 * live in imports.contribution-rows.ts, so neither imports this registration back.
 */

// Contributions are always applied a batch at a time; a single row is a batch of one.
registerImportKind('contributions', {
  apply: async (tx, job, row, lookups) => (await applyContributionsBatch(tx, job, [row], lookups))[0] as RowResult,
  applyBatch: applyContributionsBatch,
  prepare: prepareContributions,
  undo: undoContributions,
  grows: ['contributions', 'supporters', 'payments', 'payment_links', 'contribution_items'],
});
