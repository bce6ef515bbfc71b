import type { FastifyBaseLogger } from 'fastify';
import { WITHDRAWAL_REVIEW_HOURS, caracasDateTime } from '@domino/contracts';
import type { ClientInfo } from './request';
import type { Mailer } from '../mail/mailer';
import type { ChangeNoticeLine } from '../mail/templates';
import { accountChangeMail } from '../mail/templates';
import { describeDevice } from './device';

/**
 * Notices of sensitive account changes (docs/decisions/013). Sent after the change
 * commits, to the address the account had before it. A notice that cannot be sent is logged and
 * does not undo the change: the owner is still protected by the withdrawal review.
 */

export interface NoticeContext {
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** "0414-***4567": enough for the owner to recognise a phone without spelling it out. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 4)}-***${phone.slice(7)}` : '***';
}

/** "terminada en 1234". */
export function maskAccountNumber(accountNumber: string): string {
  return `terminada en ${accountNumber.slice(-4)}`;
}

/**
 * Sends one notice listing `lines` to `to`. Resolves true when the mail was handed over, false
 * (after logging) when it could not be; never rejects.
 */
export async function sendChangeNotice(
  ctx: NoticeContext,
  input: { to: string; name: string; lines: ChangeNoticeLine[]; at: Date; client: ClientInfo },
): Promise<boolean> {
  try {
    await ctx.mailer.send(
      accountChangeMail({
        to: input.to,
        name: input.name,
        lines: input.lines,
        when: caracasDateTime(input.at.toISOString()),
        device: describeDevice(input.client.userAgent),
        ip: input.client.ip ?? 'desconocida',
        reviewHours: WITHDRAWAL_REVIEW_HOURS,
        loginLink: `${ctx.publicUrl}/login`,
      }),
    );
    return true;
  } catch (err) {
    ctx.log.error({ err }, 'account change notice could not be sent');
    return false;
  }
}
