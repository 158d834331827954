import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/NotFound';
import { RouteGuard } from '../components/RouteGuard';
import { ErrorPage } from '../features/error/ErrorPage';
import { HomePage } from '../features/home/HomePage';
import { Layout } from './Layout';
import { isLazyPage, lazyPage } from './lazyPage';

// Only the home page (and the error and 404 screens) load with the entry chunk. Every other page,
// the public ones included, is a chunk of its own fetched when its route is visited, so the first
// page carries no staff, admin, audit, client, booking, payment, document or form code or CSS.
const PrivacyPolicyPage = lazyPage(() => import('../features/legal/PrivacyPolicyPage'), 'default');
const AboutPage = lazyPage(() => import('../features/about/AboutPage'), 'AboutPage');
const ContactPage = lazyPage(() => import('../features/contact/ContactPage'), 'ContactPage');
const FaqPage = lazyPage(() => import('../features/faq/FaqPage'), 'FaqPage');
const ReviewsPage = lazyPage(() => import('../features/reviews/ReviewsPage'), 'ReviewsPage');
const TermsPage = lazyPage(() => import('../features/legal/TermsPage'), 'TermsPage');
const WorkWithUsPage = lazyPage(() => import('../features/work-with-us/WorkWithUsPage'), 'WorkWithUsPage');
const AdminDashboardPage = lazyPage(() => import('../features/admin/AdminDashboardPage'), 'AdminDashboardPage');
const AuditPage = lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage');
const StaffLoginPage = lazyPage(() => import('../features/auth/StaffLoginPage'), 'StaffLoginPage');
const ConfirmMovePage = lazyPage(() => import('../features/client/booking/ConfirmMovePage'), 'ConfirmMovePage');
const MoveDetailsPage = lazyPage(() => import('../features/client/booking/MoveDetailsPage'), 'MoveDetailsPage');
const MoveFormPage = lazyPage(() => import('../features/client/booking/MoveFormPage'), 'MoveFormPage');
const TrackingPage = lazyPage(() => import('../features/client/tracking/TrackingPage'), 'TrackingPage');
const ClientDashboardPage = lazyPage(() => import('../features/client/ClientDashboardPage'), 'ClientDashboardPage');
const ClaimPage = lazyPage(() => import('../features/client/claims/ClaimPage'), 'ClaimPage');
const ClaimsPage = lazyPage(() => import('../features/manager/claims/ClaimsPage'), 'ClaimsPage');
const ClientAreaRedirect = lazyPage(() => import('../features/client/ClientDashboardPage'), 'ClientAreaRedirect');
const ConfirmEmailPage = lazyPage(
  () => import('../features/register/confirm-email/ConfirmEmailPage'),
  'ConfirmEmailPage',
);
const DebugPage = lazyPage(() => import('../features/admin/debug/DebugPage'), 'DebugPage');
const DevPage = lazyPage(() => import('../features/dev/DevPage'), 'DevPage');
const InvoicePage = lazyPage(() => import('../features/invoice/InvoicePage'), 'InvoicePage');
const ManagerDashboardPage = lazyPage(() => import('../features/manager/ManagerDashboardPage'), 'ManagerDashboardPage');
const PaymentAccessPage = lazyPage(() => import('../features/payment/PaymentAccessPage'), 'PaymentAccessPage');
const PaymentOutcomePage = lazyPage(() => import('../features/payment/PaymentOutcomePage'), 'PaymentOutcomePage');
const PaymentPage = lazyPage(() => import('../features/payment/PaymentPage'), 'PaymentPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/password-reset/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const PriceFinderPage = lazyPage(() => import('../features/price-finder/PriceFinderPage'), 'PriceFinderPage');
const RegisterPage = lazyPage(() => import('../features/register/RegisterPage'), 'RegisterPage');
const WorkerDashboardPage = lazyPage(() => import('../features/worker/WorkerDashboardPage'), 'WorkerDashboardPage');

/** Every page of §2 with its exact path; the layout route wraps them in the shared shell. */
export const pageRoutes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/sobre-nosotros', element: <AboutPage /> },
  {
    path: '/cliente/:id',
    element: (
      <RouteGuard path="/cliente/:id">
        <ClientDashboardPage />
      </RouteGuard>
    ),
  },
  {
    path: '/confirmar-mudanza',
    element: (
      <RouteGuard path="/confirmar-mudanza">
        <ConfirmMovePage />
      </RouteGuard>
    ),
  },
  { path: '/error', element: <ErrorPage /> },
  { path: '/preguntas-frecuentes', element: <FaqPage /> },
  {
    path: '/detalles-mudanza',
    element: (
      <RouteGuard path="/detalles-mudanza">
        <MoveDetailsPage />
      </RouteGuard>
    ),
  },
  { path: '/registro', element: <RegisterPage /> },
  {
    path: '/formulario-mudanza',
    element: (
      <RouteGuard path="/formulario-mudanza">
        <MoveFormPage />
      </RouteGuard>
    ),
  },
  {
    path: '/admin',
    element: (
      <RouteGuard path="/admin">
        <AdminDashboardPage />
      </RouteGuard>
    ),
  },
  {
    path: '/factura',
    element: (
      <RouteGuard path="/factura">
        <InvoicePage />
      </RouteGuard>
    ),
  },
  {
    path: '/gestion',
    element: (
      <RouteGuard path="/gestion">
        <ManagerDashboardPage />
      </RouteGuard>
    ),
  },
  {
    path: '/trabajo',
    element: (
      <RouteGuard path="/trabajo">
        <WorkerDashboardPage />
      </RouteGuard>
    ),
  },
  { path: '/buscador-precios', element: <PriceFinderPage /> },
  { path: '/contacto', element: <ContactPage /> },
  { path: '/opiniones', element: <ReviewsPage /> },
  { path: '/politica-privacidad', element: <PrivacyPolicyPage /> },
  { path: '/condiciones-uso', element: <TermsPage /> },
  { path: '/trabaja-con-nosotros', element: <WorkWithUsPage /> },
  {
    path: '/recuperar',
    element: (
      <RouteGuard path="/recuperar">
        <ForgotPasswordPage />
      </RouteGuard>
    ),
  },
  { path: '/confirmar-email', element: <ConfirmEmailPage /> },
  {
    path: '/debug',
    element: (
      <RouteGuard path="/debug">
        <DebugPage />
      </RouteGuard>
    ),
  },
  { path: '/dev', element: <DevPage /> },
  {
    path: '/acceso-gerencia',
    element: (
      <RouteGuard path="/acceso-gerencia">
        <StaffLoginPage />
      </RouteGuard>
    ),
  },
  { path: '/acceso-de-pago', element: <PaymentAccessPage /> },
  { path: '/pago', element: <PaymentPage /> },
  { path: '/pago-exitoso', element: <PaymentOutcomePage outcome="ok" /> },
  { path: '/pago-fallido', element: <PaymentOutcomePage outcome="ko" /> },
];

/**
 * Pages beyond §2's 28: the auditor's screen (issue 7), a client's move on its day and the
 * address of their area that emails link to, /cliente (issue 20), and claims (issue 21): the
 * client's about a move, and the list for the staff who read them outside /gestion.
 */
export const extraRoutes: RouteObject[] = [
  {
    path: '/cliente',
    element: (
      <RouteGuard path="/cliente">
        <ClientAreaRedirect />
      </RouteGuard>
    ),
  },
  {
    path: '/seguimiento',
    element: (
      <RouteGuard path="/seguimiento">
        <TrackingPage />
      </RouteGuard>
    ),
  },
  {
    path: '/auditoria',
    element: (
      <RouteGuard path="/auditoria">
        <AuditPage />
      </RouteGuard>
    ),
  },
  {
    path: '/cliente/reclamacion/:id',
    element: (
      <RouteGuard path="/cliente/reclamacion/:id">
        <ClaimPage />
      </RouteGuard>
    ),
  },
  {
    path: '/reclamaciones',
    element: (
      <RouteGuard path="/reclamaciones">
        <ClaimsPage />
      </RouteGuard>
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [...pageRoutes, ...extraRoutes, { path: '*', element: <NotFound /> }],
  },
];

/** The page a route's element renders, under its RouteGuard if it has one. */
export function pageOf(element: ReactNode): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(element)) return element;
  return element.type === RouteGuard ? pageOf(element.props.children) : element;
}

/**
 * Fetches the code of the page at `pathname` (nothing for a page in the entry chunk). The first
 * render waits for it: a page that suspends shows the layout's fallback, and React then reveals it
 * no sooner than 300 ms after that fallback appeared. Never rejects: a chunk that cannot be
 * fetched is the page's own render to report (PageBoundary).
 */
export async function preloadPage(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) => {
    const page = pageOf(match.route.element);
    return isValidElement(page) && isLazyPage(page.type) ? page.type.preload() : undefined;
  });
  await Promise.allSettled(loads);
}
