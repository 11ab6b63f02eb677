// Mein Profil (/profil): the signed-in user's own settings, one section each (SECTIONS).
import { PROFILE_LABELS as L } from '@lp/domain/labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { MailSettingsSection } from './mail-settings-section';
import { SecondFactorSection } from './second-factor-section';

const SECTIONS = [MailSettingsSection, SecondFactorSection];

export function ProfilePage() {
  usePageTitle(L.heading);
  return (
    <section className="page">
      <h1>{L.heading}</h1>
      {SECTIONS.map((Section) => (
        <Section key={Section.name} />
      ))}
    </section>
  );
}
