import type { EditableMailTemplate } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTemplateEngine } from '../../templates/liquid.ts';

/**
 * Merge tags through Liquid. The HTML engine escapes every output unless a template says `| raw`,
 * so a name typed by a person can never become markup; the text engine writes plain text as is.
 */
const htmlEngine = createTemplateEngine({ output: 'html' });
const textEngine = createTemplateEngine({ output: 'text' });

export type MailTemplate = { subject: string; html: string; text: string };
export type RenderedMail = { subject: string; html: string; text: string };

export async function renderMail(template: MailTemplate, values: Record<string, unknown>): Promise<RenderedMail> {
  const [subject, html, text] = await Promise.all([
    textEngine.parseAndRender(template.subject, values),
    htmlEngine.parseAndRender(template.html, values),
    textEngine.parseAndRender(template.text, values),
  ]);
  // A subject is one line: a merged value must not start a header of its own.
  return { subject: subject.replace(/[\r\n]+/g, ' ').trim(), html, text };
}

const layout = (body: string) =>
  `<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5">${body}<p style="color:#555">— {{ organisation }}</p></body></html>`;

/** The staff e-mails Almoner sends itself. */
export const mailTemplates = {
  invitation: {
    subject: "You're invited to {{ organisation }} on Almoner",
    html: layout(
      '<p>Hello {{ first_name }},</p><p>{{ inviter }} has added you to {{ organisation }}\'s back-office. Choose a password to sign in:</p>' +
        '<p><a href="{{ link }}">Set your password</a></p><p>This link expires in {{ minutes }} minutes. If it has expired, use "Forgot your password?" on the sign-in page.</p>',
    ),
    text:
      'Hello {{ first_name }},\n\n{{ inviter }} has added you to {{ organisation }}\'s back-office. Choose a password to sign in:\n\n{{ link }}\n\n' +
      'This link expires in {{ minutes }} minutes. If it has expired, use "Forgot your password?" on the sign-in page.\n',
  },
  passwordReset: {
    subject: 'Reset your password',
    html: layout(
      '<p>Hello {{ first_name }},</p><p>You are receiving this e-mail because we received a password reset request for your account.</p>' +
        '<p><a href="{{ link }}">Reset password</a></p><p>This password reset link will expire in {{ minutes }} minutes.</p>' +
        '<p>If you did not request a password reset, no further action is required.</p>',
    ),
    text:
      'Hello {{ first_name }},\n\nYou are receiving this e-mail because we received a password reset request for your account.\n\n{{ link }}\n\n' +
      'This password reset link will expire in {{ minutes }} minutes.\n\nIf you did not request a password reset, no further action is required.\n',
  },
  /** To each active sponsor when a public timeline update is posted with "notify sponsors". */
  timelineUpdated: {
    subject: 'An update from {{ sponsee_name }}: {{ headline }}',
    html: layout(
      '<p>Dear {{ sponsor_name }},</p><p>There is news from {{ sponsee_name }}, whom you sponsor.</p>' +
        '<h2 style="font-size:18px">{{ headline }}</h2><p style="color:#555">{{ posted_on }}</p><p style="white-space:pre-wrap">{{ message }}</p>' +
        '<p>Thank you for your support.</p>',
    ),
    text:
      'Dear {{ sponsor_name }},\n\nThere is news from {{ sponsee_name }}, whom you sponsor.\n\n{{ headline }} ({{ posted_on }})\n\n{{ message }}\n\n' +
      'Thank you for your support.\n',
  },
  /** With an issued receipt's PDF; values: the receipt merge tags (spec part 2 §3) plus organisation. */
  taxReceipt: {
    subject: 'Your tax receipt {{ receipt.number }} from {{ organisation }}',
    html: layout(
      '<p>Dear {{ receipt.name | default: "friend" }},</p><p>Thank you for your generosity. Your official receipt {{ receipt.number }} for income tax purposes is attached.</p>',
    ),
    text: 'Dear {{ receipt.name | default: "friend" }},\n\nThank you for your generosity. Your official receipt {{ receipt.number }} for income tax purposes is attached.\n\n— {{ organisation }}\n',
  },
  /** To the person a gift honours, when the tribute type has no template of its own; values: the tribute merge tags. */
  tributeNotice: {
    subject: 'A gift in your honour from {{ donor.first_name }} {{ donor.last_name }}',
    html: layout(
      '<p>Dear {{ tribute.notify_name | default: "friend" }},</p><p>{{ donor.first_name }} {{ donor.last_name }} has made a gift to {{ organisation }} {{ tribute.type | downcase }} {{ tribute.name }}.</p>' +
        '<p style="white-space:pre-wrap">{{ tribute.message }}</p>',
    ),
    text: 'Dear {{ tribute.notify_name | default: "friend" }},\n\n{{ donor.first_name }} {{ donor.last_name }} has made a gift to {{ organisation }} {{ tribute.type | downcase }} {{ tribute.name }}.\n\n{{ tribute.message }}\n\n— {{ organisation }}\n',
  },
  /** To the donor when a point-of-sale contribution completes with confirmation e-mails on. */
  contributionConfirmation: {
    subject: 'Thank you for your gift to {{ organisation }}',
    html: layout(
      '<p>Dear {{ donor.first_name | default: "friend" }},</p><p>Thank you for your contribution #{{ contribution.number }} of {{ contribution.total }} on {{ contribution.date }}.</p>' +
        '<p>Paid by {{ contribution.payment }}.</p>',
    ),
    text: 'Dear {{ donor.first_name | default: "friend" }},\n\nThank you for your contribution #{{ contribution.number }} of {{ contribution.total }} on {{ contribution.date }}.\nPaid by {{ contribution.payment }}.\n\n— {{ organisation }}\n',
  },
  /** To the donor when staff change a recurring gift's amount, schedule or payment method; values: termsMailValues. */
  recurringTermsChanged: {
    subject: 'Your recurring gift to {{ organisation }} has changed',
    html: layout(
      '<p>Dear {{ donor.first_name | default: "friend" }},</p><p>As agreed, your recurring gift #{{ recurring.number }} is now {{ recurring.amount }}, {{ recurring.schedule | downcase }}.</p>' +
        '<p>The next payment is on {{ recurring.next_billing_date }}{% if recurring.payment != "" %}, by {{ recurring.payment }}{% endif %}.</p><p>If this is not what you asked for, please reply to this e-mail.</p>',
    ),
    text:
      'Dear {{ donor.first_name | default: "friend" }},\n\nAs agreed, your recurring gift #{{ recurring.number }} is now {{ recurring.amount }}, {{ recurring.schedule | downcase }}.\n' +
      'The next payment is on {{ recurring.next_billing_date }}{% if recurring.payment != "" %}, by {{ recurring.payment }}{% endif %}.\n\nIf this is not what you asked for, please reply to this e-mail.\n\n— {{ organisation }}\n',
  },
  /** To the donor when a renewal is declined or waits for their bank's authentication, the card on file expires this month, or staff send it; values: cardLinkMailValues. */
  cardUpdateLink: {
    subject: 'Please update the card for your gift to {{ organisation }}',
    html: layout(
      '<p>Dear {{ donor.first_name | default: "friend" }},</p>' +
        '{% if card.authenticate %}<p>Your bank asks you to confirm the payment of {{ recurring.amount }} for your recurring gift #{{ recurring.number }} from {{ card.label }}. We will not try again until you do: please open your link and confirm your card.</p>' +
        '{% elsif card.expiring %}<p>{{ card.label }}, which pays your recurring gift #{{ recurring.number }} of {{ recurring.amount }}, expires this month.</p>' +
        '{% elsif card.declined %}<p>We could not charge {{ card.label }} for your recurring gift #{{ recurring.number }} of {{ recurring.amount }}. We will try again on {{ recurring.next_billing_date }}.</p>' +
        '{% else %}<p>As you asked, here is your link to change the card that pays your recurring gift #{{ recurring.number }} of {{ recurring.amount }}.</p>{% endif %}' +
        '<p><a href="{{ link }}">Update your card</a></p><p>This link is yours alone and works for 30 days. Thank you for your support.</p>',
    ),
    text:
      'Dear {{ donor.first_name | default: "friend" }},\n\n' +
      '{% if card.authenticate %}Your bank asks you to confirm the payment of {{ recurring.amount }} for your recurring gift #{{ recurring.number }} from {{ card.label }}. We will not try again until you do: please open your link and confirm your card.' +
      '{% elsif card.expiring %}{{ card.label }}, which pays your recurring gift #{{ recurring.number }} of {{ recurring.amount }}, expires this month.' +
      '{% elsif card.declined %}We could not charge {{ card.label }} for your recurring gift #{{ recurring.number }} of {{ recurring.amount }}. We will try again on {{ recurring.next_billing_date }}.' +
      '{% else %}As you asked, here is your link to change the card that pays your recurring gift #{{ recurring.number }} of {{ recurring.amount }}.{% endif %}\n\n' +
      'Update your card: {{ link }}\n\nThis link is yours alone and works for 30 days. Thank you for your support.\n\n— {{ organisation }}\n',
  },
  /** To a member whose membership expires soon or just did, when staff send renewal reminders; values: renewalMailValues. */
  membershipRenewal: {
    subject: 'Your {{ membership.level }} membership of {{ organisation }}',
    html: layout(
      '<p>Dear {{ member.first_name | default: "friend" }},</p>' +
        '{% if membership.expired %}<p>Your {{ membership.level }} membership ended on {{ membership.expires_on }}. We would love to have you back.</p>' +
        '{% else %}<p>Your {{ membership.level }} membership expires on {{ membership.expires_on }}.</p>{% endif %}' +
        '<p>To renew{% if membership.price != "" %} ({{ membership.price }}){% endif %}, reply to this e-mail or call us{% if member.number != "" %} with your member number {{ member.number }}{% endif %}. Thank you for your support.</p>',
    ),
    text:
      'Dear {{ member.first_name | default: "friend" }},\n\n' +
      '{% if membership.expired %}Your {{ membership.level }} membership ended on {{ membership.expires_on }}. We would love to have you back.' +
      '{% else %}Your {{ membership.level }} membership expires on {{ membership.expires_on }}.{% endif %}\n\n' +
      'To renew{% if membership.price != "" %} ({{ membership.price }}){% endif %}, reply to this e-mail or call us{% if member.number != "" %} with your member number {{ member.number }}{% endif %}. Thank you for your support.\n\n— {{ organisation }}\n',
  },
} satisfies Record<string, MailTemplate>;

export type MailTemplateKey = keyof typeof mailTemplates;

/** Staff's saved wording of a template (Settings › Mail templates), else the built-in one. */
export async function mailTemplateFor(q: Queryable, key: MailTemplateKey | EditableMailTemplate): Promise<MailTemplate> {
  const [saved] = await queryRows(q, sql`select subject, html, text from mail_templates where key = ${key}`);
  return saved ? { subject: String(saved.subject), html: String(saved.html), text: String(saved.text) } : mailTemplates[key];
}
