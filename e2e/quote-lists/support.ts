import { randomUUID } from 'node:crypto';
import type { TQuote } from '@cpq/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueTag } from '../admin/support/admin';
import { apiCall, DEMO, passwordToken, strongPassword, uniqueEmail } from '../support/api';

export type TQuoteUser = { username: string; password: string; token: string };

/** A new user of the `default` platform (registered, or public for quote requests), signed in through the API. */
export async function freshUser(
  request: APIRequestContext,
  tag: string,
  roleId: 'registered' | 'public' = 'registered',
): Promise<TQuoteUser> {
  const admin = await passwordToken(request, DEMO.superAdmin.username, DEMO.superAdmin.password);
  const user = { username: uniqueEmail(tag), password: strongPassword(), firstName: 'Quinn', lastName: 'Lister' };
  await apiCall(request, 'userManagement/createUser', { input: { ...user, pid: 'default', roleId } }, admin);
  return {
    username: user.username,
    password: user.password,
    token: await passwordToken(request, user.username, user.password),
  };
}

/** A quote of the user's with a project name and, when given, a customer (the quote's contact) and a status by name. */
export async function seedQuote(
  request: APIRequestContext,
  token: string,
  name: string,
  { customer, status }: { customer?: { firstName: string; lastName: string }; status?: string } = {},
): Promise<TQuote> {
  const quote = await apiCall(request, 'quoteManagement/createQuote', { input: { _id: randomUUID(), name } }, token);
  if (!customer && !status) return quote;
  let statusTypeId: number | undefined;
  if (status) {
    const statuses = await apiCall(request, 'statusTypesMgmt/getStatusTypes', { search: status }, token);
    statusTypeId = statuses.rows.find((row) => row.name === status)?.id;
    if (statusTypeId === undefined) throw new Error(`No status type ${status}`);
  }
  return apiCall(
    request,
    'quoteManagement/updateQuote',
    { id: quote.id, version: quote.version, input: { ...customer, statusTypeId } },
    token,
  );
}

/** A project name no other test shares. */
export const projectName = (what: string): string => `${what} ${uniqueTag('p')}`;

/** The dashboard's getQuotes answer. */
export const quotesAnswered = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/quoteManagement/getQuotes'));
