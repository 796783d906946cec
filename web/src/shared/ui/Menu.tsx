import {
  type AnchorHTMLAttributes,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link, type To } from 'react-router';
import { CheckIcon, ChevronDownIcon } from './icons.js';
import './menu.css';

interface MenuContextValue {
  close: (restoreFocus: boolean) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const value = useContext(MenuContext);
  if (!value) throw new Error('Menu items must be rendered inside <Menu>');
  return value;
}

const ITEM_SELECTOR = '[role^="menuitem"]:not([aria-disabled="true"])';

export interface MenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** Non-interactive content above the items (kept outside role=menu, which allows only items). */
  header?: ReactNode;
  align?: 'start' | 'end';
  children: ReactNode;
}

/**
 * Menu button following the WAI-ARIA menu pattern: arrows, Home/End and type-ahead move between
 * items, Escape closes and returns focus to the trigger, Tab and outside clicks close it.
 */
export function Menu({ label, trigger, triggerClassName, header, align = 'end', children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const triggerId = useId();
  const menuId = useId();

  const items = useCallback(
    () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []),
    [],
  );

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  useLayoutEffect(() => {
    if (!open) return;
    const list = items();
    const checked = list.find((item) => item.getAttribute('aria-checked') === 'true');
    const target = focusOnOpen.current === 'last' ? list.at(-1) : (checked ?? list[0]);
    target?.focus();
  }, [open, items]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Escape':
        // Keep an enclosing dialog open: Escape closes only the innermost layer.
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const char = event.key.toLowerCase();
        const order = [...list.slice(index + 1), ...list.slice(0, index + 1)];
        order.find((item) => item.textContent?.trim().toLowerCase().startsWith(char))?.focus();
      }
    }
    event.preventDefault();
  };

  return (
    <MenuContext.Provider value={{ close }}>
      <div className="menu" ref={rootRef}>
        <button
          ref={triggerRef}
          id={triggerId}
          type="button"
          className={triggerClassName}
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => (open ? close(false) : openMenu('first'))}
          onKeyDown={onTriggerKeyDown}
        >
          {trigger}
          <ChevronDownIcon className="menu__chevron" />
        </button>
        {open && (
          <div className={`menu__popover menu__popover--${align}`}>
            {header && <div className="menu__header">{header}</div>}
            <div id={menuId} role="menu" aria-labelledby={triggerId} ref={menuRef} onKeyDown={onMenuKeyDown}>
              {children}
            </div>
          </div>
        )}
      </div>
    </MenuContext.Provider>
  );
}

interface ItemProps {
  children: ReactNode;
  onSelect: () => void;
  lang?: string;
}

/** An item of the menu (a radio one when `checked` is given): it closes the menu, then does its work. */
function MenuButton({ children, onSelect, lang, checked }: ItemProps & { checked?: boolean }) {
  const { close } = useMenu();
  // A checked state makes it one of a group of choices.
  const kind =
    checked === undefined ? { role: 'menuitem' } : { role: 'menuitemradio', 'aria-checked': checked };
  return (
    <button
      type="button"
      {...kind}
      tabIndex={-1}
      lang={lang}
      className="menu__item"
      onClick={() => {
        close(true);
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

export function MenuItem(props: ItemProps) {
  return <MenuButton {...props} />;
}

export function MenuItemRadio({ children, checked, ...props }: ItemProps & { checked: boolean }) {
  return (
    <MenuButton checked={checked} {...props}>
      <span className="menu__check">{checked && <CheckIcon />}</span>
      {children}
    </MenuButton>
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; children: ReactNode };

/** A navigation item; Space activates it like Enter, as menu items do. */
export function MenuLink({ to, children, ...rest }: LinkProps) {
  const { close } = useMenu();
  return (
    <Link
      {...rest}
      to={to}
      role="menuitem"
      tabIndex={-1}
      className="menu__item"
      onClick={() => close(true)}
      onKeyDown={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      {children}
    </Link>
  );
}

export function MenuSeparator() {
  return <hr className="menu__separator" />;
}
