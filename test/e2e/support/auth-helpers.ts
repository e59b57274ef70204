import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_LOCAL_DIR } from './e2e-env';

/** A login the e2e can use. */
export interface Login {
  email: string;
  password: string;
}

/**
 * The local stack's demo user (a normal advertiser who sees the seeded demo client). The stack
 * creates it on first start and keeps its random password in `<LOCAL_DIR>/local-logins.json`.
 */
export function demoLogin(localDir = E2E_LOCAL_DIR): Login {
  const logins = JSON.parse(readFileSync(`${localDir}/local-logins.json`, 'utf8')) as {
    demo: Login;
  };
  return logins.demo;
}

/** The local stack's call-centre agent (Cognito group `agent`), kept beside the demo user. */
export function agentLogin(localDir = E2E_LOCAL_DIR): Login {
  const logins = JSON.parse(readFileSync(`${localDir}/local-logins.json`, 'utf8')) as {
    agent: Login;
  };
  return logins.agent;
}

/**
 * Logs in through the /login screen the way a person does and waits for the report page.
 * @param next the page to land on. @default '/ss'
 */
export async function logInWithForm(page: Page, login: Login, next = '/ss'): Promise<void> {
  await page.goto(next === '/ss' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail or username').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/\//g, '\\/')}(\\?.*)?$`));
}

/** Logs out from the header's user menu and waits for /login. */
export async function logOutWithMenu(page: Page): Promise<void> {
  await page.locator('.user-menu__button').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Resolves a route's method and path from the route table, as the browser does (spec §7). */
async function route(request: APIRequestContext, name: string) {
  const response = await request.get('/ss_rest/routes');
  const routes = (await response.json()).result as Record<string, { method: string; path: string }>;
  const found = routes[name];
  if (!found) throw new Error(`no route ${name}`);
  return found;
}

/**
 * Logs in through the API (rest_login) and returns the ID token, for helpers that call private
 * routes directly (e.g. polling fetch_companies until the demo report is ready).
 */
export async function apiIdToken(request: APIRequestContext, login: Login): Promise<string> {
  const { method, path } = await route(request, 'rest_login');
  const response = await request.fetch(path, {
    method,
    data: { email_address: login.email, password: login.password, stay_logged_in: false },
  });
  const body = await response.json();
  const token = body.result?.token?.id_token;
  if (typeof token !== 'string') throw new Error(`rest_login failed: ${JSON.stringify(body)}`);
  return token;
}
