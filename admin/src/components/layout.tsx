import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { LOCALES, useI18n, type Locale } from '../i18n/i18n.js';
import { useSession } from '../session.js';
import { SessionEnded } from './session-ended.js';
import { mayLeave } from '../guard.js';
import { ErrorMessage } from './feedback.js';
import { LiveProvider, LiveStatus } from '../live.js';
import type { MessageKey } from '../i18n/en.js';

/** The screens of the navigation, in order; `admin` entries show only to administrators. */
const SECTIONS: { href: string; key: MessageKey; admin?: boolean }[] = [
  { href: '/admin', key: 'nav.home' },
  { href: '/admin/products', key: 'nav.products' },
  { href: '/admin/bookings', key: 'nav.bookings' },
  { href: '/admin/calendars', key: 'nav.calendars' },
  { href: '/admin/webhooks', key: 'nav.webhooks' },
  { href: '/admin/media', key: 'nav.library' },
  { href: '/admin/transfer', key: 'nav.transfer' },
  { href: '/admin/account', key: 'nav.account' },
  { href: '/admin/accounts', key: 'nav.accounts', admin: true },
];

export function LanguageSwitch() {
  const { t, locale, setLocale } = useI18n();
  return (
    <div class="language">
      <label for="language">{t('app.language')}</label>
      <select id="language" value={locale} onChange={(event) => setLocale(event.currentTarget.value as Locale)}>
        {LOCALES.map((item) => (
          <option key={item.code} value={item.code} lang={item.code}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The frame of every signed-in screen: a skip link, the header with navigation, the main area; live updates while it is shown. */
export function Layout({ children }: { children: ComponentChildren }) {
  return (
    <LiveProvider>
      <Frame>{children}</Frame>
    </LiveProvider>
  );
}

function Frame({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  const session = useSession();
  const { path, route } = useLocation();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const user = session.state.status === 'signed-in' ? session.state.user : null;
  const current = (href: string) => (href === '/admin' ? path === '/admin' : path === href || path.startsWith(`${href}/`));
  const signOut = async () => {
    if (!mayLeave()) return;
    try {
      await session.signOut();
      route('/admin/sign-in?signed-out=1');
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <>
      <a class="skip" href="#main">
        {t('app.skip')}
      </a>
      <header class="top">
        <a class="brand" href="/admin">
          {t('app.title')}
        </a>
        <button type="button" class="menu-button" aria-expanded={open} aria-controls="main-nav" onClick={() => setOpen(!open)}>
          {t('app.menu')}
        </button>
        <div id="main-nav" class={`top-nav ${open ? 'open' : ''}`}>
          <nav aria-label={t('nav.main')}>
            <ul>
              {SECTIONS.filter((section) => !section.admin || session.isAdmin).map((section) => (
                <li key={section.href}>
                  <a href={section.href} aria-current={current(section.href) ? 'page' : undefined} onClick={() => setOpen(false)}>
                    {t(section.key)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <LiveStatus />
          <LanguageSwitch />
          {user && (
            <div class="who">
              <span class="who-name">{t('app.signedInAs', { name: user.rentNameSystem })}</span>
              <button type="button" onClick={signOut}>
                {t('nav.signOut')}
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <ErrorMessage error={failure} />
        {children}
      </main>
      <SessionEnded />
    </>
  );
}

/** The frame of the screens before sign-in. */
export function PublicLayout({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  return (
    <>
      <header class="top top-public">
        <span class="brand">{t('app.title')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" class="narrow" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
