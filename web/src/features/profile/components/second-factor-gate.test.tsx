// MFA_FOR_ADMINS=required in the web: an admin without a second factor sees only its enrolment.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MfaStatus } from '@lp/domain/mfa';
import { MFA_LABELS } from '@lp/domain/labels';
import { admin, renderRoutes, supplier } from '../../../lib/testing/render-routes';
import { SecondFactorGate } from './second-factor-gate';

afterEach(() => vi.unstubAllGlobals());

function answerStatus(status: MfaStatus) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(status), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const routes = [
  {
    path: 'transactions',
    element: (
      <SecondFactorGate>
        <p>Buchungsliste</p>
      </SecondFactorGate>
    ),
  },
];

describe('second-factor gate', () => {
  it('holds an admin who must enrol at the enrolment', async () => {
    answerStatus({ enabled: false, recoveryCodesLeft: 0, enrolmentRequired: true });
    renderRoutes(routes, '/transactions', admin);
    expect(await screen.findByText(MFA_LABELS.enrolmentRequired)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: MFA_LABELS.start })).toBeInTheDocument();
    expect(screen.queryByText('Buchungsliste')).toBeNull();
  });

  it('lets an admin with a second factor, or any supplier, through', async () => {
    answerStatus({ enabled: true, recoveryCodesLeft: 10, enrolmentRequired: false });
    renderRoutes(routes, '/transactions', admin);
    expect(await screen.findByText('Buchungsliste')).toBeInTheDocument();
    vi.unstubAllGlobals();
    const fetch = answerStatus({ enabled: false, recoveryCodesLeft: 0, enrolmentRequired: false });
    renderRoutes(routes, '/transactions', supplier);
    expect((await screen.findAllByText('Buchungsliste')).length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
