import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { UserProfile } from '@portal/contracts';
import { AppSwitcher } from '../../features/apps/AppSwitcher.tsx';
import { DefaultRedirectSelector } from '../../features/apps/DefaultRedirectSelector.tsx';
import { TrialBanner } from '../../features/apps/TrialBanner.tsx';
import { NotificationBell } from '../../features/notification/NotificationBell.tsx';
import { sectionCodeOf, useMenuTitle } from '../menu-model.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';

/** The header: on phones it starts with the drawer's button, and its tools wrap onto a second line rather than widen the page. */
export function AppHeader({ profile, menuToggle }: { profile: UserProfile; menuToggle?: ReactNode }) {
  const title = useMenuTitle();
  const { pathname } = useLocation();
  const section = sectionCodeOf(pathname);
  return (
    <header className="shell-header">
      {menuToggle}
      {/* No empty heading where no menu entry names the page (an unknown address). */}
      {section ? <h1 className="shell-title">{title(section)}</h1> : <div className="shell-title" />}
      <div className="shell-header-tools">
        <TrialBanner profile={profile} />
        <DefaultRedirectSelector profile={profile} />
        <NotificationBell />
        <AppSwitcher />
        <LanguageSwitcher />
        <AccountMenu profile={profile} />
      </div>
    </header>
  );
}
