import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform, type RouteName, type RouteParams } from '@guestmap/shared-ui/contracts';
import { isPlainLeftClick } from './is-plain-left-click.ts';
import type { AccountItems } from './use-account.ts';

/** The account menu's entries, rendered as menu items (desktop) or as a list (drawer). */
export function AccountEntries({
  account,
  role,
  onNavigate,
}: {
  account: AccountItems;
  role?: 'menuitem';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { navigateTo, hrefFor, signOut, user } = usePlatform();
  const item = (key: string, label: ReactNode, to: RouteName, params?: RouteParams) => (
    <a
      key={key}
      role={role}
      className="gm-menu-item"
      href={hrefFor(to, params)}
      tabIndex={role ? -1 : undefined}
      onClick={(e) => {
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        navigateTo(to, params);
        onNavigate?.();
      }}
    >
      {label}
    </a>
  );
  return (
    <>
      {user?.email && !user.isAnonymous && item('settings', t('nav.settings'), 'UserSettings')}
      {account.myCustomers.length > 0 && (
        <div className="gm-menu-group" role={role ? 'group' : undefined} aria-label={t('nav.myMaps')}>
          <div className="gm-menu-heading" aria-hidden={role ? 'true' : undefined}>
            {t('nav.myMaps')}
          </div>
          {account.myCustomers.map((c) => item(`map-${c.id}`, c.name, 'Map', { customerId: c.id }))}
        </div>
      )}
      {account.moderated.length > 0 && (
        <div className="gm-menu-group" role={role ? 'group' : undefined} aria-label={t('nav.dashboards')}>
          <div className="gm-menu-heading" aria-hidden={role ? 'true' : undefined}>
            {t('nav.dashboards')}
          </div>
          {account.moderated.map((c) =>
            item(`dash-${c.id}`, t('nav.dashboardOf', { name: c.name }), 'Dashboard', { customerId: c.id }),
          )}
        </div>
      )}
      {account.partnerStaff && item('partner', t('nav.partnerPortal'), 'PartnerPortal')}
      {user?.email && !user.isAnonymous && item('create', t('nav.createMap'), 'CustomerCreate')}
      <button
        type="button"
        role={role}
        tabIndex={role ? -1 : undefined}
        className="gm-menu-item gm-menu-signout"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        {t('nav.signOut')}
      </button>
    </>
  );
}
