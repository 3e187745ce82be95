// The Account page (/account, players only; issue 19): one section per concern, in this order. Each
// section is its own component in this folder, so adding one is a line here.

import { useSession } from '@starport/ui/session';
import { AccountSectionsSkeleton } from '../../components/skeletons.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { EmailSection } from './email-section.tsx';
import { ItemsSection } from './items-section.tsx';
import { LeaderboardPrivacySection } from './leaderboard-privacy-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

export function AccountPage() {
  const { user } = useSession();
  usePageTitle('Account');
  // The guard only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <div className="page container account-page">
      <AccountIntro />
      <div className="account-sections">
        <ProfileSection user={user} />
        <EmailSection />
        <PasswordSection />
        <TwoFactorSection />
        <DevicesSection />
        <ItemsSection />
        <LeaderboardPrivacySection />
        <YourDataSection />
        <DeleteAccountSection user={user} />
      </div>
    </div>
  );
}

const accountLead = 'Your profile, how you sign in, where you are signed in, your data, and closing your account.';

function AccountIntro() {
  return (
    <header className="page-header">
      <h1>Account</h1>
      <p>{accountLead}</p>
    </header>
  );
}

/** The Account page's section cards, at the heights of a short section each. */
export function AccountShell() {
  return (
    <div className="page container account-page">
      <AccountIntro />
      <AccountSectionsSkeleton />
    </div>
  );
}
