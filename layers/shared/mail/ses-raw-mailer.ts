import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { composeMime } from './mime';
import type { RawMail, RawMailer } from './raw-mail';

/**
 * RawMailer on Amazon SES v2 (AWS): each e-mail is composed as raw MIME (mime.ts) and sent with
 * SendEmail Content.Raw from `from` (env MAIL_FROM, a verified SES identity) to its one
 * recipient. SES takes raw messages up to 40 MB; a delivery attaches at most 7 MB (base64:
 * under 10 MB). Nothing is logged: bodies hold signed links.
 */
export class SesRawMailer implements RawMailer {
  constructor(
    private readonly ses: Pick<SESv2Client, 'send'>,
    private readonly from: string,
  ) {}

  async send(mail: RawMail): Promise<void> {
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
