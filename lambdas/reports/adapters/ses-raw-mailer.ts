import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { RichMail, RichMailer } from '../core/summary-email';
import { composeMime } from './mime-mail';

/**
 * RichMailer on Amazon SES v2 (AWS): the MIME message (mime-mail.ts) as `Content.Raw`, from
 * `from` (env MAIL_FROM, a verified SES identity), to the one recipient. Nothing is logged.
 */
export class SesRawMailer implements RichMailer {
  constructor(
    private readonly ses: Pick<SESv2Client, 'send'>,
    private readonly from: string,
  ) {}

  async send(mail: RichMail): Promise<void> {
    const raw = await composeMime(this.from, mail);
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [mail.to] },
        Content: { Raw: { Data: raw } },
      }),
    );
  }
}
