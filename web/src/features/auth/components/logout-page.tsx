import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { NAV_LABELS } from '@lp/domain/labels';
import { clearSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

/** 'Abmelden...', the session is cleared at once, then the login screen (spec route table). */
export function LogoutPage() {
  usePageTitle(NAV_LABELS.logout);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    clearSession();
    queryClient.removeQueries();
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  return (
    <p className="logout" role="status">
      {NAV_LABELS.loggingOut}
    </p>
  );
}
