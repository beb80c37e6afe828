import { type DuplicateReason, duplicateReasonLabels } from '@almoner/contracts';
import { Badge, Group, Text } from '@mantine/core';

const reasonColor: Record<DuplicateReason, string> = { email: 'blue', phone: 'grape', name: 'teal', address: 'orange' };

/** Why a pair was proposed, one readable badge per reason. */
export function ReasonBadges({ reasons }: { reasons: DuplicateReason[] }) {
  return (
    <Group gap={4}>
      {reasons.map((r) => (
        <Badge key={r} color={reasonColor[r]} variant="light" tt="none" miw="max-content">
          {duplicateReasonLabels[r]}
        </Badge>
      ))}
    </Group>
  );
}

/** The confidence score (0–100) as a percentage; the likeliest in green. */
export function ScoreText({ score }: { score: number }) {
  return (
    <Text size="sm" fw={600} c={score >= 75 ? 'teal.9' : undefined} ff="monospace" span>
      {score}%
    </Text>
  );
}

/** What a merge moves, per `table.column` reference the API reports. */
export const movedLabels: Record<string, string> = {
  'contributions.supporter_id': 'Contributions',
  'contributions.referred_by_supporter_id': 'Referred contributions',
  'recurring_payment_profiles.supporter_id': 'Recurring profiles',
  'sponsors.supporter_id': 'Sponsorships',
  'tax_receipts.supporter_id': 'Tax receipts',
  'payment_methods.supporter_id': 'Payment methods',
  'payments.supporter_id': 'Payments',
  'supporter_memberships.supporter_id': 'Memberships',
  'fundraising_pages.author_supporter_id': 'Fundraising pages',
  'messenger_conversations.supporter_id': 'Text-to-give conversations',
  'supporters.referred_by_supporter_id': 'Referred supporters',
  'notes.commentable_id': 'Notes',
};
