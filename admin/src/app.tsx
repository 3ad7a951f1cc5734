import { Component, type ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { LocationProvider, Route, Router, lazy, useLocation } from 'preact-iso';
import { I18nProvider, useI18n } from './i18n/i18n.js';
import { SessionProvider, useSession } from './session.js';
import { Layout, PublicLayout } from './components/layout.js';
import { ErrorMessage, Loading } from './components/feedback.js';
import { SignIn } from './screens/sign-in.js';
import { ForgotPassword } from './screens/forgot-password.js';
import { ResetPassword } from './screens/reset-password.js';
import { Home } from './screens/home.js';
import { Products } from './screens/products.js';

// Screens an owner opens later are chunks of their own, loaded when first shown.
const ProductScreens = lazy(() => import('./screens/product-screens.js').then((module) => module.ProductScreens));
const Account = lazy(() => import('./screens/account.js').then((module) => module.Account));
const Accounts = lazy(() => import('./screens/accounts.js').then((module) => module.Accounts));
const NewAccount = lazy(() => import('./screens/new-account.js').then((module) => module.NewAccount));
const Bookings = lazy(() => import('./screens/bookings.js').then((module) => module.Bookings));
const BookingScreen = lazy(() => import('./screens/booking.js').then((module) => module.BookingScreen));
const Calendars = lazy(() => import('./screens/calendars.js').then((module) => module.Calendars));
const Webhooks = lazy(() => import('./screens/webhooks.js').then((module) => module.Webhooks));
const NewWebhook = lazy(() => import('./screens/new-webhook.js').then((module) => module.NewWebhook));
const WebhookScreen = lazy(() => import('./screens/webhook.js').then((module) => module.WebhookScreen));
const Transfer = lazy(() => import('./screens/transfer.js').then((module) => module.Transfer));
const AccountAdmin = lazy(() => import('./screens/account-admin.js').then((module) => module.AccountAdmin));
const MediaLibrary = lazy(() => import('./screens/media-library.js').then((module) => module.MediaLibrary));

/** A screen that throws shows the error in words, never a blank page. */
class Crashes extends Component<{ children: ComponentChildren }, { error: unknown }> {
  override state = { error: null as unknown };
  override componentDidCatch(error: unknown) {
    this.setState({ error });
  }
  override render() {
    return this.state.error ? <Crashed error={this.state.error} /> : this.props.children;
  }
}

function Crashed({ error }: { error: unknown }) {
  const { t } = useI18n();
  return (
    <div>
      <ErrorMessage error={error} />
      <a href="/admin" onClick={() => location.assign('/admin')}>
        {t('app.backHome')}
      </a>
    </div>
  );
}

function NotFound() {
  const { t } = useI18n();
  return (
    <section>
      <h1>{t('app.notFound')}</h1>
      <a href="/admin">{t('app.backHome')}</a>
    </section>
  );
}

function Redirect({ to }: { to: string }) {
  const { route } = useLocation();
  useEffect(() => route(to, true), [to]);
  return <Loading />;
}

/** After a route change, the new screen's heading takes the focus, so a screen reader announces it. */
function focusHeading() {
  requestAnimationFrame(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    }
  });
}

function Screens() {
  const session = useSession();
  const { path, url } = useLocation();
  const { state } = session;
  if (state.status === 'loading') return <PublicLayout><Loading /></PublicLayout>;
  if (state.status === 'failed') return <PublicLayout><ErrorMessage error={state.error} retry={session.reload} /></PublicLayout>;
  const publicPath = ['/admin/sign-in', '/admin/forgot-password', '/admin/reset-password'].includes(path);
  if (state.status === 'signed-out') {
    if (!publicPath) return <Redirect to={`/admin/sign-in?next=${encodeURIComponent(url)}`} />;
    return (
      <PublicLayout>
        <Crashes>
          <Router onRouteChange={focusHeading}>
            <Route path="/admin/sign-in" component={SignIn} />
            <Route path="/admin/forgot-password" component={ForgotPassword} />
            <Route path="/admin/reset-password" component={ResetPassword} />
          </Router>
        </Crashes>
      </PublicLayout>
    );
  }
  if (publicPath && path !== '/admin/reset-password') return <Redirect to="/admin" />;
  return (
    <Layout>
      <Crashes>
        <Router onRouteChange={focusHeading}>
          <Route path="/admin" component={Home} />
          <Route path="/admin/products" component={Products} />
          <Route path="/admin/new-product" component={ProductScreens} />
          <Route path="/admin/products/:id/*" component={ProductScreens} />
          <Route path="/admin/products/:id" component={ProductScreens} />
          <Route path="/admin/bookings" component={Bookings} />
          <Route path="/admin/bookings/:id" component={BookingScreen} />
          <Route path="/admin/calendars" component={Calendars} />
          <Route path="/admin/webhooks" component={Webhooks} />
          <Route path="/admin/webhooks/new" component={NewWebhook} />
          <Route path="/admin/webhooks/:id" component={WebhookScreen} />
          <Route path="/admin/transfer" component={Transfer} />
          <Route path="/admin/media" component={MediaLibrary} />
          <Route path="/admin/account" component={Account} />
          <Route path="/admin/accounts" component={Accounts} />
          <Route path="/admin/accounts/new" component={NewAccount} />
          <Route path="/admin/accounts/:id" component={AccountAdmin} />
          <Route path="/admin/reset-password" component={ResetPassword} />
          <Route default component={NotFound} />
        </Router>
      </Crashes>
    </Layout>
  );
}

export function App() {
  return (
    <I18nProvider>
      <LocationProvider scope="/admin">
        <SessionProvider>
          <Screens />
        </SessionProvider>
      </LocationProvider>
    </I18nProvider>
  );
}
