import { formatDate } from '@almoner/contracts';
import { Badge } from '@mantine/core';

type Props = { deceasedOn: string | null | undefined; doNotContact: boolean | null | undefined; size?: 'xs' | 'sm' | 'md' };

/**
 * Marks a supporter who died or asked not to be contacted, wherever they are named (their page,
 * the supporters list, a contribution's donor), so nobody writes to them by mistake.
 */
export function ContactBadges({ deceasedOn, doNotContact, size = 'sm' }: Props) {
  return (
    <>
      {deceasedOn && (
        <Badge size={size} color="dark" variant="filled" miw="max-content" title={`Died ${formatDate(deceasedOn)}`}>
          Deceased {formatDate(deceasedOn)}
        </Badge>
      )}
      {doNotContact && !deceasedOn && (
        <Badge size={size} color="orange" variant="light" miw="max-content">
          Do not contact
        </Badge>
      )}
    </>
  );
}
