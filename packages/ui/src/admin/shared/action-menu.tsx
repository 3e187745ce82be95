// A row's actions behind one button (issue 23), the WAI-ARIA menu button pattern: the button says it
// opens a menu (aria-haspopup, aria-expanded); opening moves the focus to the first action (ArrowUp on
// the button: the last); ArrowUp, ArrowDown, Home and End move between the actions; Enter or Space runs
// one; Escape closes and gives the focus back to the button; Tab closes and goes on to the next control;
// a click elsewhere closes. The menu is fixed to the window under the button (above it near the bottom),
// so no scrolling table box cuts it off. After an action the focus is on the button again, so a dialog
// the action opens gives it back there when it closes.

import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

export interface RowAction {
  /** What the action says: "Edit", "Send Mail". */
  label: string;
  /** Its accessible name where the label alone is vague outside its row: "Edit Ships". */
  name?: string;
  onSelect: () => void;
  tone?: 'danger';
  /** Shown but not run; `title` says why. */
  disabled?: boolean;
  title?: string;
}

export interface ActionMenuProps {
  /** The button's accessible name, with its row's: "Actions for nova". */
  name: string;
  actions: RowAction[];
}

const GAP = 4;

const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/** Where the menu goes: under the button, its right edge on the button's, inside the window. */
function placeMenu(button: HTMLElement, menu: HTMLElement) {
  const anchor = button.getBoundingClientRect();
  const { width, height } = menu.getBoundingClientRect();
  const below = anchor.bottom + GAP;
  const top = below + height > window.innerHeight && anchor.top - GAP - height >= 0 ? anchor.top - GAP - height : below;
  const left = Math.max(GAP, Math.min(anchor.right - width, window.innerWidth - width - GAP));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
}

export function ActionMenu({ name, actions }: ActionMenuProps) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which action takes the focus when the menu opens; null: closed.
  const [openAt, setOpenAt] = useState<number | null>(null);
  const open = openAt !== null;

  useLayoutEffect(() => {
    const button = buttonRef.current;
    const menu = menuRef.current;
    if (openAt === null || !button || !menu) return;
    placeMenu(button, menu);
    menuItems(menu)[openAt]?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!open) return;
    const follow = () => {
      if (buttonRef.current && menuRef.current) placeMenu(buttonRef.current, menuRef.current);
    };
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpenAt(null);
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  function close(refocus: boolean) {
    setOpenAt(null);
    if (refocus) buttonRef.current?.focus();
  }

  function handleButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(event.key === 'ArrowDown' ? 0 : actions.length - 1);
    }
  }

  function handleMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  function run(action: RowAction) {
    if (action.disabled) return;
    close(true);
    action.onSelect();
  }

  return (
    <div className="action-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary btn-sm action-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={name}
        onClick={() => (open ? close(false) : setOpenAt(0))}
        onKeyDown={handleButtonKey}
      >
        Actions
        <svg className="action-menu-caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={name}
          className="action-menu-list"
          onKeyDown={handleMenuKey}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={action.tone === 'danger' ? 'action-menu-item is-danger' : 'action-menu-item'}
              aria-label={action.name}
              aria-disabled={action.disabled || undefined}
              title={action.title}
              onClick={() => run(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
