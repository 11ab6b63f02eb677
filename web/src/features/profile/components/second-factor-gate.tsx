// MFA_FOR_ADMINS=required (decisions.md section 15): an admin without a second factor sees nothing
// but its enrolment until it is done; every other screen would be refused by the server anyway.
import type { ReactNode } from 'react';
import { MFA_LABELS, PROFILE_LABELS } from '@lp/domain/labels';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSecondFactorStatus } from '../api/second-factor';
import { SecondFactorSection } from './second-factor-section';

export function SecondFactorGate({ children }: { children: ReactNode }) {
  // Only admins can be held here; suppliers never ask.
  return useCurrentUser().isAdmin ? <AdminGate>{children}</AdminGate> : children;
}

function AdminGate({ children }: { children: ReactNode }) {
  const status = useSecondFactorStatus();
  if (status.isPending) return <Spinner />;
  // A failed status read lets the screens load: the server still refuses what it must.
  if (!status.data?.enrolmentRequired) return children;
  return <EnrolmentFirst />;
}

function EnrolmentFirst() {
  usePageTitle(PROFILE_LABELS.heading);
  return (
    <section className="page">
      <h1>{PROFILE_LABELS.heading}</h1>
      <Alert variant="info">
        <p>{MFA_LABELS.enrolmentRequired}</p>
      </Alert>
      <SecondFactorSection />
    </section>
  );
}
