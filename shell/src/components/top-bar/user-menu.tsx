import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountEntries } from './account-entries.tsx';
import { Avatar } from './avatar.tsx';
import type { AccountItems } from './use-account.ts';

/** The account menu of the wide bar: a button with the account's picture opening a menu. */
export function UserMenu({ account }: { account: AccountItems }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(i + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(i - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      list[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      list[list.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="gm-user-menu">
      <button
        ref={button}
        type="button"
        className="gm-icon-btn gm-user-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('nav.account')}
        title={account.email ?? account.name}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar name={account.name} url={account.picture} />
      </button>
      {open && (
        <div ref={menu} id={menuId} className="gm-menu" role="menu" aria-label={t('nav.account')} onKeyDown={onKeyDown}>
          <div className="gm-menu-who" aria-hidden="true">
            <strong>{account.name}</strong>
            {account.email && account.email !== account.name && <span>{account.email}</span>}
          </div>
          <AccountEntries account={account} role="menuitem" onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
