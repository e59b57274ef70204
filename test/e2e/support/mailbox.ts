import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_LOCAL_DIR } from './e2e-env';

/** The local stack's outbox (bin/start.ts writes each e-mail under `<LOCAL_DIR>/mail`). */
export const MAIL_DIR = `${E2E_LOCAL_DIR}/mail`;

/** One e-mail as the local mailer saves it: a JSON file per message. */
export interface SavedMail {
  to: string;
  subject: string;
  text: string;
  /** ISO time the stack sent it. */
  sent_at: string;
}

/** Every saved e-mail to `address` (case-insensitive), newest first. */
export async function mailsTo(address: string, dir = MAIL_DIR): Promise<SavedMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const mails: SavedMail[] = [];
  for (const name of names) {
    try {
      const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as SavedMail;
      if (String(mail.to).toLowerCase().includes(address.toLowerCase())) mails.push(mail);
    } catch {
      // A file still being written: the next poll reads it.
    }
  }
  return mails.sort((a, b) => b.sent_at.localeCompare(a.sent_at));
}

/**
 * Waits for the newest e-mail to `address` whose subject matches `subject` and that was sent
 * after `since` (ISO), and returns the first capture group of `pattern` in its text.
 * @throws when no such e-mail arrives within 30 s.
 */
export async function readFromMail(
  address: string,
  subject: RegExp,
  pattern: RegExp,
  since = '',
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).find(
          (m) => subject.test(m.subject) && m.sent_at > since,
        );
        found = mail?.text.match(pattern)?.[1] ?? '';
        return found;
      },
      { message: `an e-mail to ${address} matching ${subject}`, timeout: 30_000 },
    )
    .not.toBe('');
  return found;
}

/** The 6-character verification code of the newest verification e-mail. */
export function verificationCode(address: string, since = ''): Promise<string> {
  return readFromMail(address, /verif/i, /code is ([0-9A-Za-z]{6})/i, since);
}

/** The path and query (`/reset-password?xrg=…`) of the newest reset link e-mailed. */
export async function resetLinkPath(address: string, since = ''): Promise<string> {
  const link = await readFromMail(
    address,
    /reset/i,
    /(\S*\/reset-password\?xrg=[^\s"'<>]+)/,
    since,
  );
  const url = new URL(link, 'http://placeholder.invalid');
  return `${url.pathname}${url.search}`;
}
