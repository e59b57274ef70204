import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from '../core/ports';

/**
 * Mailer on Amazon SES v2 (AWS): one plain-text e-mail per message from `from` (env MAIL_FROM,
 * a verified SES identity), answered to `replyTo` when given. Nothing is logged: bodies hold
 * codes and links.
 */
export class SesMailer implements Mailer {
  constructor(
    private readonly ses: Pick<SESv2Client, 'send'>,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [message.to] },
        ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  }
}
