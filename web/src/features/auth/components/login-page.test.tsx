// The login's second step (decisions.md section 15): after a correct password of a user with a second
// factor the screen asks for the code and sends it with name and password.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_LABELS, MFA_LABELS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { admin, renderRoutes } from '../../../lib/testing/render-routes';
import { authRoutes } from '../routes';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The token endpoint of a user with a second factor whose current code is 123456. */
function fakeServer() {
  const tokenRequests: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/getsecuretoken') {
        const form = new URLSearchParams(init.body as URLSearchParams);
        tokenRequests.push(form);
        const otp = form.get('otp');
        if (otp === '123456') return json(200, { access_token: 't', token_type: 'bearer', expires_in: 60 });
        return json(400, {
          error: 'invalid_grant',
          error_description: otp ? MESSAGES.mfaCodeInvalid : MESSAGES.mfaCodeNeeded,
          mfa_required: true,
          code: otp ? 'MFA_CODE_INVALID' : 'MFA_REQUIRED',
        });
      }
      if (path.startsWith('/api/users/single')) return json(200, admin);
      return json(404, { errors: [] });
    }),
  );
  return tokenRequests;
}

describe('login with a second factor', () => {
  it('asks for the Bestätigungscode after the password and sends it with name and password', async () => {
    const user = userEvent.setup();
    const tokenRequests = fakeServer();
    const { router } = renderRoutes(authRoutes, '/login');
    await user.type(await screen.findByLabelText(LOGIN_LABELS.username), admin.emailAddress);
    await user.type(screen.getByLabelText(LOGIN_LABELS.password), 'Geheim-Passwort-1');
    await user.click(screen.getByRole('button', { name: LOGIN_LABELS.submit }));

    expect(await screen.findByText(MFA_LABELS.loginStep)).toBeInTheDocument();
    expect(screen.queryByLabelText(LOGIN_LABELS.password)).toBeNull();
    const code = screen.getByLabelText(MFA_LABELS.code);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    // A wrong code: the German reason, still on the code step.
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: LOGIN_LABELS.submit }));
    expect(await screen.findByText(new RegExp(MESSAGES.mfaCodeInvalid))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loginFailedAdvice)).toBeNull();

    await user.clear(screen.getByLabelText(MFA_LABELS.code));
    await user.type(screen.getByLabelText(MFA_LABELS.code), '123456');
    await user.click(screen.getByRole('button', { name: LOGIN_LABELS.submit }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(tokenRequests.map((form) => form.get('otp'))).toEqual([null, '000000', '123456']);
    expect(tokenRequests[2]!.get('username')).toBe(admin.emailAddress);
    expect(tokenRequests[2]!.get('password')).toBe('Geheim-Passwort-1');
  });

  it('goes back to name and password with Abbrechen', async () => {
    const user = userEvent.setup();
    fakeServer();
    renderRoutes(authRoutes, '/login');
    await user.type(await screen.findByLabelText(LOGIN_LABELS.username), admin.emailAddress);
    await user.type(screen.getByLabelText(LOGIN_LABELS.password), 'Geheim-Passwort-1');
    await user.click(screen.getByRole('button', { name: LOGIN_LABELS.submit }));
    await user.click(await screen.findByRole('button', { name: MFA_LABELS.cancel }));
    expect(screen.getByLabelText(LOGIN_LABELS.password)).toBeInTheDocument();
    expect(screen.queryByLabelText(MFA_LABELS.code)).toBeNull();
  });
});
