import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { NAV_LABELS } from '@lp/domain/labels';
import { clearDrafts } from '../../../lib/form-drafts';
import { clearSession, getAccessToken } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { revokeToken } from '../api/revoke-token';

/**
 * 'Abmelden...', the session is cleared at once, then the login screen (spec route table); the
 * server revokes the token meanwhile.
 */
export function LogoutPage() {
  usePageTitle(NAV_LABELS.logout);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    // Read before clearing: run twice (React's strict mode), the second run finds no token.
    const token = getAccessToken();
    clearSession();
    // Signing out on purpose leaves no typed values behind for the next person at this computer.
    clearDrafts();
    if (token) void revokeToken(token);
    queryClient.removeQueries();
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  return (
    <p className="logout" role="status">
      {NAV_LABELS.loggingOut}
    </p>
  );
}
