import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newAdvertiser } from './support/account-helpers';
import { logInWithForm } from './support/auth-helpers';
import { shoot } from './support/billing-helpers';
import { mailsTo } from './support/mailbox';

const HEADER = 'Advertiser,Station,Market,Air Date,Air Time,ISCI,Length,Cost';

/** Serious or critical WCAG 2 A/AA violations (axe-core) inside `selector`, as readable lines. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .include(selector)
    .analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The result file the drop writes beside `file`, once it is there. */
async function resultBeside(
  file: string,
): Promise<{ status: string; client?: { client_uid: string } }> {
  let body = '';
  await expect
    .poll(
      () => (existsSync(`${file}.result.json`) ? readFileSync(`${file}.result.json`, 'utf8') : ''),
      {
        timeout: 60_000,
      },
    )
    .not.toBe('');
  body = readFileSync(`${file}.result.json`, 'utf8');
  return JSON.parse(body);
}

test('an owner makes a post-log drop, the traffic system drops files into it, and the owner revokes it', async ({
  page,
}) => {
  // Prepare: a new owner of a new organisation, on the account page.
  const owner = await newAdvertiser('drops');
  const orgName = owner.organization;
  const advertiser = `Dropco ${Date.now()}`;
  await logInWithForm(page, owner);
  await page.goto('/ss/account');
  const drops = page.getByRole('region', { name: `Post-log drops of ${orgName}` });
  await expect(drops.getByText(/No drops yet/)).toBeVisible({ timeout: 15_000 });

  // Act: a drop for the whole organisation (the advertiser column names the client).
  await drops.getByLabel('Uploader').fill('WXYZ traffic system');
  await drops.getByRole('button', { name: 'Create drop' }).click();

  // Assert: its folder is shown once, with a Copy button.
  const folderField = drops.getByRole('textbox', { name: 'Folder', exact: true });
  await expect(folderField).toBeVisible();
  const folder = await folderField.inputValue();
  expect(folder).toMatch(/drops\/[^/]+\/_org\/$/);
  await drops.getByRole('button', { name: 'Copy folder' }).click();
  await expect(
    drops.getByRole('status').filter({ hasText: /Folder (copied|selected)/ }),
  ).toBeVisible();
  expect(await seriousViolations(page, `section[aria-labelledby^="drops-"]`)).toEqual([]);
  await shoot(page, 'post-log-drops-created');

  // Act: the traffic system copies a clean post-log, then one with a row error.
  await drops.getByRole('button', { name: 'I have copied them' }).click();
  await expect(drops.getByRole('textbox', { name: 'Folder', exact: true })).toHaveCount(0);
  const clean = join(folder, 'week-1.csv');
  writeFileSync(
    clean,
    `${HEADER}\n${advertiser},WABC,501,6/1/2016,8:30 PM,DC1,30,$100\n${advertiser},WGN,602,6/2/2016,7:00 PM,DC2,30,$50\n`,
  );
  const first = await resultBeside(clean);
  expect(first).toMatchObject({ status: 'applied', client: { name: advertiser } });
  const broken = join(folder, 'week-2.csv');
  writeFileSync(
    broken,
    `${HEADER}\n${advertiser},WABC,501,6/8/2016,8:30 PM,DC1,30,$100\n${advertiser},WGN,602,,7:00 PM,DC2,30,$50\n`,
  );
  expect(await resultBeside(broken)).toMatchObject({ status: 'review' });

  // Assert: the list shows the last file and its result; the owner got both e-mails.
  await page.reload();
  const row = drops.getByRole('row', { name: /WXYZ traffic system/ });
  await expect(row).toContainText('week-2.csv');
  await expect(row).toContainText('Waiting for review');
  await expect
    .poll(async () => (await mailsTo(owner.email)).map((m) => m.subject).join('\n'), {
      timeout: 15_000,
    })
    .toMatch(
      /week-1\.csv imported[\s\S]*week-2\.csv needs your review|week-2\.csv needs your review[\s\S]*week-1\.csv imported/,
    );
  await shoot(page, 'post-log-drops-list');

  // Act + Assert: the file with errors waits in the client's data uploads, like a browser upload.
  await page.goto(`/ss?client=${first.client?.client_uid}`);
  const uploads = page.getByRole('region', { name: 'Data uploads' });
  await expect(uploads.getByRole('heading', { name: /Waiting for your review/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(uploads.getByText('week-2.csv')).toBeVisible();
  await uploads.getByRole('button', { name: 'Review week-2.csv' }).click();
  await expect(uploads.getByText(/Nothing has been imported yet/)).toBeVisible();
  await uploads.scrollIntoViewIfNeeded();
  await shoot(page, 'post-log-drops-review');

  // Act: revoke, confirmed.
  await page.goto('/ss/account');
  await drops.getByRole('button', { name: 'Revoke WXYZ traffic system' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke drop' }).click();

  // Assert: revoked in the list; a file dropped afterwards is not imported and says why.
  await expect(drops.getByRole('row', { name: /WXYZ traffic system/ })).toContainText('Revoked');
  const late = join(folder, 'week-3.csv');
  writeFileSync(late, `${HEADER}\n${advertiser},WABC,501,6/15/2016,8:30 PM,DC1,30,$100\n`);
  expect(await resultBeside(late)).toMatchObject({ status: 'ignored' });
  await page.reload();
  await expect(drops.getByRole('row', { name: /WXYZ traffic system/ })).toContainText(
    /week-3\.csv\s*Ignored/,
  );
  await shoot(page, 'post-log-drops-revoked');
});
