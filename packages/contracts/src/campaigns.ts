import { z } from 'zod';
import { messages } from './messages.ts';
import { decimalAmountSchema } from './money.ts';
import { optionalText, requiredText, specDate, text } from './rules.ts';
import { THANK_YOU_LETTER_MAX } from './thanks.ts';

/**
 * Campaigns and their appeals (issue 37 item 5): what a gift is credited to. A campaign has a
 * goal in the organisation currency and a period; an appeal (a mailing, an event, a page) sits in
 * one campaign and is known by a short code that imports and batches type. The spec is silent:
 * the words are ours.
 */
export const campaignMessages = {
  created: (name: string) => `Campaign "${name}" has been created.`,
  saved: (name: string) => `Campaign "${name}" has been saved.`,
  notFound: 'This campaign does not exist.',
  nameTaken: (name: string) => `There is already a campaign named "${name}": give this one another name.`,
  appealNotFound: 'This appeal does not exist.',
  appealElsewhere: 'This appeal belongs to another campaign: choose one of this campaign\'s appeals.',
  appealCode: 'Use letters, digits, - and _ only.',
  appealCodeTwice: (code: string) => `Two appeals of this campaign have the code ${code}: give each its own.`,
  appealCodeTaken: (code: string, campaign: string) => `The code ${code} is already used by an appeal of "${campaign}".`,
  appealHasGifts: (name: string, gifts: number) =>
    `The appeal "${name}" has ${gifts} ${gifts === 1 ? 'gift' : 'gifts'} credited to it: it cannot be removed. Move the gifts first.`,
  goal: 'Enter the goal as an amount greater than zero.',
  unknownAppealCode: (code: string) => `No appeal has the code ${code}: add it to a campaign first, or leave the cell blank.`,
  unknownCampaign: (name: string) => `No campaign is named "${name}": add it first, or leave the cell blank.`,
  appealOutsideCampaign: (code: string, campaign: string) => `The appeal ${code} is not part of the campaign "${campaign}".`,
  emptyList: 'No campaigns yet. Add one to credit gifts to it.',
} as const;

export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const APPEAL_NAME_MAX = 100;
export const APPEAL_CODE_MAX = 30;
export const APPEALS_PER_CAMPAIGN_MAX = 100;

/** An appeal code as stored: trimmed, upper case ("spring-25" → "SPRING-25"). */
export const normaliseAppealCode = (code: string) => code.trim().toUpperCase();

export const appealCodeSchema = requiredText(APPEAL_CODE_MAX)
  .transform(normaliseAppealCode)
  .refine((v) => /^[A-Z0-9_-]+$/.test(v), { error: campaignMessages.appealCode });

const id = z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1);

export const appealInputSchema = z.object({
  /** An appeal already saved keeps its id; one without is added. */
  id: id.optional(),
  name: requiredText(APPEAL_NAME_MAX),
  code: appealCodeSchema,
});

/** POST /jpanel/campaigns and /jpanel/campaigns/{id}: the whole form, appeals included. */
export const campaignInputSchema = z
  .object({
    name: requiredText(CAMPAIGN_NAME_MAX),
    /** In the organisation currency. */
    goal: decimalAmountSchema.refine((v) => v > 0 && v < 1e11, { error: campaignMessages.goal }),
    starts_on: specDate(),
    /** Blank: the campaign has no end yet. */
    ends_on: z.preprocess((v) => (v === '' ? null : v), specDate().nullable()).optional().transform((v) => v ?? null),
    description: optionalText(CAMPAIGN_DESCRIPTION_MAX).optional().transform((v) => v ?? null),
    appeals: z.array(appealInputSchema).max(APPEALS_PER_CAMPAIGN_MAX).default([]),
    /** Its own thank-you letter (Liquid); blank: the default one in Settings; left out: kept. */
    thank_you_letter: optionalText(THANK_YOU_LETTER_MAX).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.ends_on && c.ends_on < c.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: messages.startBeforeEnd(c.starts_on, c.ends_on) });
    const seen = new Set<string>();
    c.appeals.forEach((a, i) => {
      if (seen.has(a.code)) ctx.addIssue({ code: 'custom', path: ['appeals', i, 'code'], message: campaignMessages.appealCodeTwice(a.code) });
      seen.add(a.code);
    });
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignValues = z.output<typeof campaignInputSchema>;

export const appealSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  /** Gifts credited to the appeal (any state): an appeal with gifts cannot be removed. */
  gifts: z.number(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** Raised, gifts and donors: the Campaign results report's own summary (one derivation). */
export const campaignProgressSchema = z.object({
  raised: z.number().meta({ description: 'Net of refunds, in the organisation currency.' }),
  gifts: z.number(),
  donors: z.number(),
});

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  goal: z.number(),
  currency: z.string(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  description: z.string().nullable(),
  thank_you_letter: z.string().nullable(),
  appeals: z.array(appealSchema),
  progress: campaignProgressSchema,
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ data: z.array(campaignSchema) });
export const campaignAnswerSchema = z.object({ message: z.string(), campaign: campaignSchema });
export type CampaignAnswer = z.infer<typeof campaignAnswerSchema>;

/** The choices a gift can be credited to (POS, gift edit, import help). */
export const campaignChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  appeals: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
});
export type CampaignChoice = z.infer<typeof campaignChoiceSchema>;

/**
 * A gift's campaign and appeal as a form sends them: null clears. An appeal alone is enough (its
 * campaign follows); both must agree.
 */
export const attributionFields = {
  campaign_id: z.preprocess((v) => (v === '' ? null : v), id.nullable()).optional(),
  appeal_id: z.preprocess((v) => (v === '' ? null : v), id.nullable()).optional(),
};

/** Shown beside an appeal code in lists: "Spring mailing (SPRING25)". */
export const appealLabel = (a: { name: string; code: string }) => `${a.name} (${a.code})`;

/** A campaign name typed in an import cell: compared case-insensitively, trimmed. */
export const campaignNameKey = (name: string) => name.trim().toLowerCase();

export const campaignIdQuerySchema = z.object({ campaign_id: id });
export const appealNameSchema = text().trim();
