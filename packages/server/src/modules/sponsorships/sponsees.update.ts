import { SPONSEE_PHOTO_COLLECTION, sponseeMessages, sponsorMessages, type sponseeUpdateSchema } from '@almoner/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { media } from '../media/media.tables.ts';
import { checkSponseeChoices, replaceSponseeSegments } from './sponsees.segments.ts';
import { sponsorships } from './sponsorships.tables.ts';

type SponseeUpdateInput = z.output<typeof sponseeUpdateSchema>;

const referenceTaken = () =>
  new AppError('validation', sponseeMessages.referenceTaken, { reference_number: [sponseeMessages.referenceTaken] });

/** The unique index on lower(reference_number) among sponsees not deleted: a race ends here. */
const isReferenceConflict = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return (e.cause?.code ?? e.code) === '23505' && (e.cause?.constraint ?? e.constraint) === 'sponsorships_reference_unique';
};

/** The form's fields as the table's columns (the photo and payment group only when sent). */
function columnsOf(input: SponseeUpdateInput) {
  return {
    referenceNumber: input.reference_number,
    firstName: input.first_name,
    lastName: input.last_name,
    gender: input.gender,
    birthDate: input.birth_date ?? null,
    enrollmentDate: input.enrollment_date ?? null,
    biography: input.biography,
    privateNotes: input.private_notes,
    streetNumber: input.street_number,
    streetName: input.street_name,
    village: input.village,
    region: input.region,
    country: input.country,
    project: input.project,
    school: input.school,
    isEnabled: input.is_enabled,
    ...(input.media_id === undefined ? {} : { mediaId: input.media_id }),
    ...(input.payment_option_group_id === undefined ? {} : { paymentOptionGroupId: input.payment_option_group_id }),
  };
}

/** What both the add and the edit form check first: a free reference number and a photo of this area's uploads. */
async function checkSponseeInput(tx: Tx, id: number | null, input: SponseeUpdateInput): Promise<void> {
  const [taken] = await tx
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(and(sql`lower(${sponsorships.referenceNumber}) = ${input.reference_number.toLowerCase()}`, id === null ? sql`true` : ne(sponsorships.id, id), isNull(sponsorships.deletedAt)));
  if (taken) throw referenceTaken();
  if (typeof input.media_id === 'number') {
    // Only a photo uploaded through the sponsee upload flow may be the photo.
    const [photo] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, input.media_id), eq(media.collectionName, SPONSEE_PHOTO_COLLECTION)));
    if (!photo) throw fieldError('media_id', sponseeMessages.photo);
  }
}

/**
 * `POST /jpanel/sponsorships` (`sponsorship.add`, issue 38 item 2): a sponsee added by hand with
 * the import row's fields, photo and segment values, in one transaction (inside withActor, so
 * the history names the user). Answers the new id.
 */
export async function createSponsee(tx: Tx, input: SponseeUpdateInput): Promise<number> {
  await checkSponseeInput(tx, null, input);
  const segmentRows = await checkSponseeChoices(tx, input);
  try {
    const [row] = await tx.insert(sponsorships).values(columnsOf(input)).returning({ id: sponsorships.id });
    const id = Number(row?.id);
    if (segmentRows) await replaceSponseeSegments(tx, id, segmentRows);
    return id;
  } catch (error) {
    if (isReferenceConflict(error)) throw referenceTaken();
    throw error;
  }
}

/**
 * Saves a sponsee's own fields, payment option group and segment values, in one transaction
 * (run inside withActor, so the audit trail names the user).
 * Reference numbers are unique ignoring case among sponsees not deleted. A retired sponsee
 * cannot be turned back on here: they are brought back first.
 */
export async function updateSponsee(tx: Tx, id: number, input: SponseeUpdateInput): Promise<void> {
  await checkSponseeInput(tx, id, input);
  const [current] = await tx.select({ retiredAt: sponsorships.retiredAt }).from(sponsorships).where(and(eq(sponsorships.id, id), isNull(sponsorships.deletedAt)));
  if (!current) throw new AppError('not_found', sponsorMessages.sponseeNotFound);
  if (current.retiredAt && input.is_enabled) throw fieldError('is_enabled', sponseeMessages.retiredNotEnabled);
  const segmentRows = await checkSponseeChoices(tx, input);
  try {
    const updated = await tx
      .update(sponsorships)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(and(eq(sponsorships.id, id), isNull(sponsorships.deletedAt)))
      .returning({ id: sponsorships.id });
    if (!updated.length) throw new AppError('not_found', sponsorMessages.sponseeNotFound);
    // Absent segments keep their values; present ones are the whole set.
    if (segmentRows) await replaceSponseeSegments(tx, id, segmentRows);
  } catch (error) {
    if (isReferenceConflict(error)) throw referenceTaken();
    throw error;
  }
}
