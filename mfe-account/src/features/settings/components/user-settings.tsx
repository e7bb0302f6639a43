// /user (the account overview: invitations waiting for an answer, maps, favourite places) and
// /user/settings (picture, display name, language, e-mail). Both need a signed-in user with an e-mail (the shell's guard).
import { usePlatform, useOnReconnect, useLocation } from '@guestmap/shared-ui/contracts';
import { AntdProvider } from '../../../lib/components/antd-provider.tsx';
import { useAccountCheck } from '../hooks/use-account-check.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { MapsSection } from './maps-section.tsx';
import { PartnersSection } from './partners-section.tsx';
import { FavouritesSection } from './favourites-section.tsx';
import { useRefreshOverview } from '../hooks/overview-data.ts';
import { PictureSection } from './picture-section.tsx';
import { NameSection } from './name-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { Header, Nav } from './user-header.tsx';

export function UserScreen() {
  const { hrefFor } = usePlatform();
  const location = useLocation();
  const settings = location.pathname.replace(/\/+$/, '') === hrefFor('UserSettings');
  // An invitation accepted: the maps list is read again with the new map and its dashboard (and the partners).
  const refresh = useRefreshOverview();
  // After the API was unreachable, the lists (maps, partner businesses) are read again: one that failed
  // meanwhile recovers without a reload (docs/reliability.md; the data layer reads the failed ones itself).
  useOnReconnect(refresh);
  useAccountCheck();
  return (
    <AntdProvider>
      <main style={{ maxWidth: 880, margin: '24px auto', padding: '0 16px' }}>
        <Header />
        <Nav settings={settings} />
        {settings ? (
          <>
            <PictureSection />
            <NameSection />
            <LanguageSection />
            <TwoFactorSection />
          </>
        ) : (
          <>
            <InvitationsSection onAccepted={refresh} />
            <PartnersSection />
            <MapsSection />
            <FavouritesSection />
          </>
        )}
      </main>
    </AntdProvider>
  );
}
