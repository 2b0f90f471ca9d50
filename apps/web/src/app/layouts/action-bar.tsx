import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  IconBell,
  IconChartBar,
  IconLayoutDashboard,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { dashboardSectionPath, routes } from '../routes.ts';
import classes from './dark-layout.module.css';

interface ActionBarProps {
  onOpenAlerts: () => void;
  onOpenAccount: () => void;
}

/** The bottom action bar of the dark layout (§2). */
export function ActionBar({ onOpenAlerts, onOpenAccount }: ActionBarProps) {
  const { pathname, search } = useLocation();
  const go = new URLSearchParams(search).get('go');
  const isDashboard = pathname === routes.dashboard.path;

  return (
    <nav aria-label="Actions" className={classes.bar}>
      <ul className={classes.list}>
        <li>
          <ActionLink
            to={routes.dashboard.path}
            isCurrent={isDashboard && go !== 'commissions'}
            icon={<IconLayoutDashboard size={22} stroke={1.6} aria-hidden />}
            label="Dashboard"
          />
        </li>
        <li>
          <ActionButton
            onClick={onOpenAlerts}
            icon={<IconBell size={22} stroke={1.6} aria-hidden />}
            label="Alerts"
          />
        </li>
        <li>
          <ActionLink
            to={routes.clients.path}
            isCurrent={pathname === routes.clients.path}
            icon={<IconUsers size={22} stroke={1.6} aria-hidden />}
            label="Clients"
          />
        </li>
        <li>
          <ActionLink
            to={dashboardSectionPath('commissions')}
            isCurrent={isDashboard && go === 'commissions'}
            icon={<IconChartBar size={22} stroke={1.6} aria-hidden />}
            label="Reports"
          />
        </li>
        <li>
          <ActionButton
            onClick={onOpenAccount}
            icon={<IconUserCircle size={22} stroke={1.6} aria-hidden />}
            label="Account"
          />
        </li>
      </ul>
    </nav>
  );
}

interface ActionContentProps {
  icon: ReactNode;
  label: string;
}

function ActionLink({
  to,
  isCurrent,
  icon,
  label,
}: ActionContentProps & { to: string; isCurrent: boolean }) {
  return (
    <Link to={to} className={classes.action} aria-current={isCurrent ? 'page' : undefined}>
      {icon}
      <span>{label}</span>
    </Link>
  );
}

function ActionButton({ onClick, icon, label }: ActionContentProps & { onClick: () => void }) {
  return (
    <button type="button" className={classes.action} onClick={onClick} aria-haspopup="dialog">
      {icon}
      <span>{label}</span>
    </button>
  );
}
