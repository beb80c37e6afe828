import { PASSWORD_RESET_MINUTES, passwordResetMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor } from '../../db/actor.ts';
import type { Tx } from '../../db/client.ts';
import { browsableUrl, type Config } from '../../config.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { sha256, randomToken } from './crypto.ts';
import { hashPassword } from './passwords.ts';
import { reserveAttempt } from './throttle.ts';
import { endUserSessions } from './session.ts';

/**
 * Links in e-mails use the configured address (ALMONER_URL), never the request's Host header:
 * a forged Host would otherwise mail a victim a reset link to someone else's server.
 */
export const appBaseUrl = (config: Config): string => config.publicUrl ?? browsableUrl(config.host, config.port);

type Recipient = { id: number; email: string; firstName: string };

/** Stores a new token (only its hash; one per e-mail, replacing an older one) and mails the link. */
async function mailToken(tx: Tx, config: Config, user: Recipient, kind: 'passwordReset' | 'invitation', inviter?: string): Promise<void> {
  const token = randomToken(32);
  const email = user.email.toLowerCase();
  await tx.execute(sql`insert into password_reset_tokens (email, token_hash, created_at) values (${email}, ${sha256(token)}, now())
                       on conflict (email) do update set token_hash = excluded.token_hash, created_at = now()`);
  const link = `${appBaseUrl(config)}/jpanel/reset-password/${token}?email=${encodeURIComponent(user.email)}${kind === 'invitation' ? '&invite=1' : ''}`;
  const mail = await renderMail(await mailTemplateFor(tx, kind), {
    first_name: user.firstName,
    link,
    minutes: PASSWORD_RESET_MINUTES,
    organisation: await getOrgName(tx),
    inviter: inviter ?? '',
  });
  await queueMail(tx, { to: user.email, ...mail, kind: 'password_reset' });
}

/** A user created without a password gets an invitation with a set-password link, in the creating transaction. */
export async function inviteUser(tx: Tx, config: Config, user: Recipient, inviter: string): Promise<void> {
  await mailToken(tx, config, user, 'invitation', inviter);
  await recordEvent(tx, 'user.invited', { user_id: user.id });
}

const throttled = async (work: () => Promise<void>) => {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'too_many_requests') throw new AppError('too_many_requests', passwordResetMessages.throttled, undefined, error.headers);
    throw error;
  }
};

/**
 * POST /jpanel/forgot-password: the same answer whether or not the e-mail belongs to a staff
 * member, throttled per e-mail and per address so it cannot flood a mailbox or probe for users.
 */
export async function sendResetLink(ctx: AppContext, email: string, ip: string): Promise<string> {
  const normalised = email.trim().toLowerCase();
  await throttled(() => reserveAttempt(ctx.db, [{ key: `forgot:${normalised}`, max: 3 }, { key: `forgot-ip:${ip}`, max: 20 }]));
  await withActor(ctx.db, { userId: null, ip }, async (tx) => {
    const [user] = await queryRows(tx, sql`select id, email, first_name from users where lower(email) = ${normalised} and deleted_at is null and is_admin_user`);
    if (user) await mailToken(tx, ctx.config, { id: Number(user.id), email: String(user.email), firstName: String(user.first_name) }, 'passwordReset');
  });
  return passwordResetMessages.sent;
}

/**
 * POST /jpanel/reset-password: a token works once (it is deleted in the transaction that sets
 * the password) and for PASSWORD_RESET_MINUTES; the user's other sessions end.
 */
export async function resetPassword(ctx: AppContext, input: { token: string; email: string; password: string }, ip: string): Promise<string> {
  await throttled(() => reserveAttempt(ctx.db, [{ key: `reset-ip:${ip}`, max: 20 }]));
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  await withActor(ctx.db, { userId: null, ip }, async (tx) => {
    const used = await queryRows(
      tx,
      sql`delete from password_reset_tokens
           where email = ${email} and token_hash = ${sha256(input.token)}
             and created_at > now() - make_interval(mins => ${PASSWORD_RESET_MINUTES})
       returning email`,
    );
    const [user] = used.length
      ? await queryRows(tx, sql`select id from users where lower(email) = ${email} and deleted_at is null and is_admin_user`)
      : [];
    if (!user) throw fieldError('email', passwordResetMessages.token);
    await tx.execute(sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${user.id}`);
    await endUserSessions(tx, Number(user.id), null);
  });
  return passwordResetMessages.reset;
}
