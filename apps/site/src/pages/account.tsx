// The Account page (issue 19): the player's own settings, one section each. This branch holds the
// password and email sections (pages/account/); the rest of the page comes with them.

import { usePageTitle } from '../components/use-page-title.ts';
import { EmailSection } from './account/email-section.tsx';
import { PasswordSection } from './account/password-section.tsx';
import { AccountIntro } from './page-shells.tsx';

export function AccountPage() {
  usePageTitle('Account');
  return (
    <div className="page container account-page">
      <AccountIntro />
      <div className="account-sections">
        <EmailSection />
        <PasswordSection />
      </div>
    </div>
  );
}
