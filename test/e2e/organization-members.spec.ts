import { expect, test } from '@playwright/test';
import { newAdvertiser } from './support/account-helpers';
import { logInWithForm } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';
import { mailsTo } from './support/mailbox';

test('an organisation owner invites a colleague, sees the seat taken, and cancels the invitation', async ({
  page,
}) => {
  // Prepare: a new owner of a new organisation (invitations a failed earlier run left in another
  // organisation would use its seats up).
  const owner = await newAdvertiser('owner');
  const orgName = owner.organization;
  await logInWithForm(page, owner);
  await page.goto('/ss/account');
  const invite = page.getByRole('form', { name: `Invite someone to ${orgName}` });
  await expect(invite).toBeVisible({ timeout: 15_000 });
  const seats = page.getByText(/\d+ of 10 seats used/).first();
  const before = Number((await seats.textContent())?.match(/(\d+) of 10/)?.[1]);
  const email = `colleague+${Date.now()}@example.com`;

  // Act: invite
  await invite.getByLabel('E-mail address').fill(email);
  await invite.getByRole('button', { name: 'Invite' }).click();

  // Assert: a pending row, one more seat used, an invitation e-mail with a sign-up link
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await expect(seats).toHaveText(`${before + 1} of 10 seats used`);
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.text).join('\n'), { timeout: 15_000 })
    .toMatch(/\/register\?email=/);
  await shoot(page, 'account-members');

  // Act: cancel it (confirmed)
  await page.getByRole('button', { name: `Cancel the invitation of ${email}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Cancel invitation/ })
    .click();

  // Assert
  await expect(page.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
  await expect(seats).toHaveText(`${before} of 10 seats used`);
});
