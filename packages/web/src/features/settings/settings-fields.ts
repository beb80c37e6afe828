import { P2P_DEFAULT_IMAGE_KEYS, type SettingsKey, thankYouLetterTags } from '@almoner/contracts';
import { IconBuilding, IconCreditCard, IconHeartHandshake, IconMailHeart, IconPhoto, IconReceipt, IconSparkles, type Icon } from '@tabler/icons-react';

export const settingsTabs = [
  {
    value: 'organisation',
    label: 'Organisation',
    icon: IconBuilding,
    description: 'How your organisation is named and which currency it works in.',
  },
  {
    value: 'editions',
    label: 'Editions & features',
    icon: IconSparkles,
    description:
      'Your editions and optional features change which areas and columns every staff member sees.',
  },
  {
    value: 'payments',
    label: 'Payments',
    icon: IconCreditCard,
    description: 'The payment gateway that takes card payments and bank debits.',
  },
  {
    value: 'sponsorship',
    label: 'Sponsorship',
    icon: IconHeartHandshake,
    description: 'When a sponsee counts as sponsored, and whether sponsors hear about timeline updates.',
  },
  {
    value: 'receipts',
    label: 'Tax receipts',
    icon: IconReceipt,
    description: 'How tax receipts are numbered, who gets one, and the identity printed on them.',
  },
  {
    value: 'thanks',
    label: 'Thank-you letters',
    icon: IconMailHeart,
    description: 'The letter printed to thank donors, for gifts whose campaign has no letter of its own.',
  },
  {
    value: 'p2p',
    label: 'Peer-to-peer',
    icon: IconPhoto,
    description: 'Whether fundraisers may upload their own page image, and the default images they choose from.',
  },
] as const satisfies readonly { value: string; label: string; icon: Icon; description: string }[];

export type SettingsTab = (typeof settingsTabs)[number]['value'];
export const DEFAULT_TAB: SettingsTab = 'organisation';

export const isSettingsTab = (value: string): value is SettingsTab =>
  settingsTabs.some((t) => t.value === value);
export const tabLabel = (tab: SettingsTab) =>
  settingsTabs.find((t) => t.value === tab)?.label ?? tab;

export type SettingRow = {
  key: SettingsKey;
  tab: SettingsTab;
  label: string;
  description: string;
  control: 'text' | 'currency' | 'timezone' | 'month' | 'switch' | 'gateway' | 'count' | 'image' | 'template';
  /** Other words staff might search for. */
  keywords: string[];
};

/** Every setting row of the page, in display order. */
export const settingRows: SettingRow[] = [
  {
    key: 'org_name',
    tab: 'organisation',
    label: 'Organisation name',
    description: 'Shown in the header of every page, on receipts and in emails to supporters.',
    control: 'text',
    keywords: ['charity', 'nonprofit', 'title', 'name'],
  },
  {
    key: 'site_currency',
    tab: 'organisation',
    label: 'Organisation currency',
    description:
      'The currency your books are kept in: gifts in other currencies are converted with your exchange rates, and every total adds the converted amounts. It cannot change once gifts are recorded.',
    control: 'currency',
    keywords: ['money', 'dollar', 'pound', 'euro', 'usd', 'cad', 'gbp', 'eur', 'site', 'functional'],
  },
  {
    key: 'time_zone',
    tab: 'organisation',
    label: 'Time zone',
    description: 'Days in date filters, listings, reports and CSV files start and end at midnight in this zone.',
    control: 'timezone',
    keywords: ['timezone', 'clock', 'date', 'day', 'midnight', 'utc'],
  },
  {
    key: 'fiscal_year_start_month',
    tab: 'organisation',
    label: 'Financial year starts in',
    description:
      'The giving reports (totals by fund, LYBUNT and SYBUNT, donor retention) count years from this month, each named by the calendar year it ends in. Tax receipts keep calendar years.',
    control: 'month',
    keywords: ['fiscal', 'financial', 'year', 'accounts', 'year end', 'april', 'july'],
  },
  {
    key: 'edition_express',
    tab: 'editions',
    label: 'Express edition',
    description:
      'The simpler edition for online giving: sponsorships, fundraising pages, the point of sale and some report columns are hidden.',
    control: 'switch',
    keywords: ['plan', 'lite', 'basic', 'subscription'],
  },
  {
    key: 'edition_dp',
    tab: 'editions',
    label: 'Donor CRM (DP) edition',
    description:
      'Syncs supporters and gifts with your donor CRM and shows donor and gift code columns in listings.',
    control: 'switch',
    keywords: ['dp', 'dpo', 'donorperfect', 'crm', 'sync', 'plan', 'subscription'],
  },
  {
    key: 'referral_sources_enabled',
    tab: 'editions',
    label: 'Referral sources',
    description:
      'Ask supporters how they heard about you, and show the answer in listings and reports.',
    control: 'switch',
    keywords: ['heard about', 'source', 'marketing', 'feature'],
  },
  {
    key: 'nps_enabled',
    tab: 'editions',
    label: 'Net Promoter Score (NPS)',
    description: 'After a gift, ask supporters how likely they are to recommend you.',
    control: 'switch',
    keywords: ['nps', 'survey', 'score', 'feedback', 'recommend', 'feature'],
  },
  {
    key: 'payment_gateway',
    tab: 'payments',
    label: 'Payment gateway',
    description: 'Cards and bank debits go through this gateway. The sandbox takes test cards only: no real money moves.',
    control: 'gateway',
    keywords: ['card', 'credit', 'stripe', 'sandbox', 'ach', 'bank', 'processor', 'test'],
  },
  {
    key: 'sponsorship_num_sponsors',
    tab: 'sponsorship',
    label: 'Sponsors per sponsee',
    description:
      'A sponsee counts as sponsored once it has this many active sponsors. Saving a new number updates every sponsee at once.',
    control: 'count',
    keywords: ['sponsor', 'sponsee', 'child', 'sponsored', 'number', 'count', 'needed'],
  },
  {
    key: 'timeline_updated_email_enabled',
    tab: 'sponsorship',
    label: 'Timeline update e-mails',
    description:
      'When staff post a public timeline update, offer to e-mail the sponsee\'s active sponsors about it.',
    control: 'switch',
    keywords: ['timeline', 'update', 'email', 'notify', 'sponsor', 'post'],
  },
  ...receiptRows(),
  {
    key: 'thank_you_letter',
    tab: 'thanks',
    label: 'Default thank-you letter',
    description: `HTML with Liquid merge tags: ${thankYouLetterTags.map((t) => `{{ ${t} }}`).join(', ')}. One letter a page; a template that does not parse is refused.`,
    control: 'template',
    keywords: ['thank', 'thanks', 'letter', 'acknowledge', 'acknowledgement', 'template', 'liquid'],
  },
  ...p2pRows(),
];

/** Peer-to-peer page images: custom uploads, and the six defaults (spec part 1 §5, §9). */
function p2pRows(): SettingRow[] {
  return [
    {
      key: 'p2p_custom_images_enabled',
      tab: 'p2p',
      label: 'Allow custom image uploads',
      description: 'Fundraisers may upload their own image for their peer-to-peer page. When this is off, provide at least one default image.',
      control: 'switch',
      keywords: ['peer', 'p2p', 'fundraiser', 'image', 'upload', 'photo', 'custom'],
    },
    ...P2P_DEFAULT_IMAGE_KEYS.map((key, index): SettingRow => ({
      key,
      tab: 'p2p',
      label: `Default image ${index + 1}`,
      description: 'An image fundraisers can choose for their page, from the images library.',
      control: 'image',
      keywords: ['peer', 'p2p', 'fundraiser', 'image', 'default', 'photo', 'picture'],
    })),
  ];
}

/** The tax receipt settings: numbering and eligibility, then the merge tags of the receipt template. */
function receiptRows(): SettingRow[] {
  const row = (key: SettingsKey, label: string, description: string, keywords: string[], control: SettingRow['control'] = 'text'): SettingRow =>
    ({ key, tab: 'receipts', label, description, control, keywords: ['receipt', 'tax', ...keywords] });
  return [
    row('tax_receipt_number_format', 'Receipt number format', 'Each new receipt takes the next number of this pattern: [YY] or [YYYY] is the year it is issued, [000000000] the counter (each year counts from 1). Revisions add -R1, -R2 and so on.', ['number', 'numbering', 'sequence', 'format', 'prefix']),
    row('tax_receipt_country', 'Receipt country', 'Receipts are issued only for gifts billed to this country (a two-letter code such as US), or to any country with ANY.', ['country', 'billing', 'eligible']),
    row('tax_receipt_on_completion', 'Receipt on completion', 'Issue a receipt as soon as a contribution or recurring charge is paid (gifts that ask for a single receipt).', ['automatic', 'issue', 'recurring'], 'switch'),
    row('sponsorship_tax_receipts', 'Receipts for sponsorships', 'Sponsorship gifts are receiptable (their whole amount plus covered fees).', ['sponsorship', 'child', 'eligible'], 'switch'),
    row('org_legal_name', 'Legal name', 'The name printed on receipts; the organisation name is used while this is blank.', ['legal', 'registered', 'name', 'charity']),
    row('org_legal_address', 'Legal address', 'The registered address printed on receipts.', ['address', 'registered', 'office']),
    row('org_charity_number', 'Charity registration number', 'The number that makes gifts tax-deductible (EIN, charity number …), printed on receipts.', ['ein', 'registration', 'charity', 'number', 'tax id']),
    row('tax_receipt_authorized_name', 'Signed by', 'The person who signs receipts.', ['signature', 'signer', 'authorized', 'name']),
    row('tax_receipt_authorized_title', 'Signer\'s title', 'Their title, printed under the signature.', ['signature', 'signer', 'title', 'position']),
    row('tax_receipt_signature_url', 'Signature image address', 'The https:// address of the signature image, for receipt templates that show it.', ['signature', 'image', 'url', 'picture']),
    row('tax_receipt_issued_in', 'Place of issue', 'Where receipts are issued (the place printed on them).', ['place', 'city', 'location', 'issued']),
  ];
}

/**
 * Live search: a row matches when every word of the query appears in its label, description,
 * keywords or tab name (case-insensitive).
 */
export function searchSettings(rows: SettingRow[], query: string): SettingRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return rows;
  return rows.filter((row) => {
    const haystack = [row.label, row.description, tabLabel(row.tab), ...row.keywords]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
