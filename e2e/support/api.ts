// Talks to the API directly, to prepare data and sessions faster than through the screens.
// Master-data creation helpers for later specs belong here.
import { expect, type APIRequestContext } from '@playwright/test';
import type { User } from '@lp/domain/entities';
import { ADMIN } from './environment';

/** A bearer token for the given credentials (POST /api/getsecuretoken, form-encoded). */
export async function requestToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/getsecuretoken', {
    form: { grant_type: 'password', username: email, password },
  });
  expect(response.status(), `token for ${email}`).toBe(200);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export function adminToken(request: APIRequestContext): Promise<string> {
  return requestToken(request, ADMIN.email, ADMIN.password);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The user record the login screen stores (GET /api/users/single?name=). */
export async function fetchUser(request: APIRequestContext, token: string, email: string): Promise<User> {
  const response = await request.get('/api/users/single', {
    params: { name: email },
    headers: bearer(token),
  });
  expect(response.status(), `user ${email}`).toBe(200);
  return (await response.json()) as User;
}
