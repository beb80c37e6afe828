import type { ComponentType } from 'react';
import { NotesPanel } from '../../notes/notes-panel.tsx';
import { SupporterTagsCard } from '../../tags/supporter-tags-card.tsx';
import { SupporterTasksCard } from '../../tasks/supporter-tasks-card.tsx';
import { type SupporterRecord, supporterName } from '../api.ts';
import { ConsentCard } from '../consent-card.tsx';
import { MailCard } from '../mail-card.tsx';
import { EmailSupporterButton } from '../supporter-email.tsx';
import { SupporterStatusButtons } from '../supporter-status-buttons.tsx';
import { ActivitySection } from './activity-section.tsx';
import { AddressesSection } from './addresses-section.tsx';
import { GiftsSection } from './gifts-section.tsx';
import { ContributionsButton, EditSupporterButton } from './header-actions.tsx';
import { MembershipsSection } from './memberships-section.tsx';
import { PaymentMethodsSection } from './payment-methods-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { ReceiptsSection } from './receipts-section.tsx';
import { RecurringSection } from './recurring-section.tsx';
import { SponsorshipsSection } from './sponsorships-section.tsx';
import { TributesSection } from './tributes-section.tsx';
import { SupporterPrivacyActions } from '../privacy/supporter-privacy-actions.tsx';

/**
 * What the supporter's page is made of, in order. Every piece takes the supporter and loads its
 * own data, so adding one to the page is one line here (a button in `headerActions`, a section in
 * a column) and the page itself does not change.
 */
export type RecordPiece = ComponentType<{ s: SupporterRecord }>;
export type RecordSection = {
  /** The section's anchor (`#activity`) in the page's "On this page" links. */
  id: string;
  label: string;
  Component: RecordPiece;
  /** Shown only to staff with this permission (its route asks the same). */
  permission?: string;
  /**
   * Still shown once the person's data was erased: what the books keep (gifts, receipts …), read
   * only. The rest (contact, consent, notes, tags, tasks, saved methods) is gone or can take nothing new.
   */
  keptAfterErase?: boolean;
};

function ConsentSection({ s }: { s: SupporterRecord }) {
  return <ConsentCard supporterId={s.id} name={supporterName(s)} />;
}
function TagsSection({ s }: { s: SupporterRecord }) {
  return <SupporterTagsCard supporterId={s.id} />;
}
function TasksSection({ s }: { s: SupporterRecord }) {
  return <SupporterTasksCard supporterId={s.id} />;
}
function NotesSection({ s }: { s: SupporterRecord }) {
  return <NotesPanel supporterId={s.id} />;
}
function MailSection({ s }: { s: SupporterRecord }) {
  return <MailCard supporterId={s.id} />;
}

/** The buttons beside the name, left to right. */
export const headerActions: RecordPiece[] = [ContributionsButton, EmailSupporterButton, EditSupporterButton, SupporterStatusButtons, SupporterPrivacyActions];
/** An erased record's: its gifts, and the export of what is kept (no edit, contact, status or merge). */
export const erasedHeaderActions: RecordPiece[] = [ContributionsButton, SupporterPrivacyActions];

/** The wide column: what happened and what they gave. */
export const mainSections: RecordSection[] = [
  { id: 'activity', label: 'Activity', Component: ActivitySection, keptAfterErase: true },
  { id: 'gifts', label: 'Gifts', Component: GiftsSection, permission: 'order.view', keptAfterErase: true },
  { id: 'recurring', label: 'Recurring', Component: RecurringSection, keptAfterErase: true },
  { id: 'memberships', label: 'Memberships', Component: MembershipsSection, keptAfterErase: true },
  { id: 'sponsorships', label: 'Sponsorships', Component: SponsorshipsSection, permission: 'sponsor.view', keptAfterErase: true },
  { id: 'tributes', label: 'Tributes', Component: TributesSection, permission: 'tribute.view', keptAfterErase: true },
  { id: 'receipts', label: 'Receipts', Component: ReceiptsSection, permission: 'taxreceipt.view', keptAfterErase: true },
  { id: 'mail', label: 'Mail', Component: MailSection, keptAfterErase: true },
];

/** The narrow column (first on a phone): who they are, how to reach them, what staff keep on them. */
export const sideSections: RecordSection[] = [
  { id: 'profile', label: 'Profile', Component: ProfileSection },
  { id: 'consent', label: 'Consent', Component: ConsentSection },
  { id: 'payment-methods', label: 'Payment methods', Component: PaymentMethodsSection },
  { id: 'tags', label: 'Tags', Component: TagsSection },
  { id: 'tasks', label: 'Tasks', Component: TasksSection },
  { id: 'notes', label: 'Notes', Component: NotesSection },
  { id: 'addresses', label: 'Addresses', Component: AddressesSection },
];
