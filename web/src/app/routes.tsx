import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NotFound } from '../components/NotFound';
import { RouteGuard } from '../components/RouteGuard';
import { AboutPage } from '../features/about/AboutPage';
import { AdminDashboardPage } from '../features/admin/AdminDashboardPage';
import { AuditPage } from '../features/audit/AuditPage';
import { StaffLoginPage } from '../features/auth/StaffLoginPage';
import { ConfirmMovePage, MoveDetailsPage, MoveFormPage } from '../features/client/booking';
import { ClientDashboardPage } from '../features/client/ClientDashboardPage';
import { ContactPage } from '../features/contact/ContactPage';
import { ConfirmEmailPage } from '../features/register/confirm-email/ConfirmEmailPage';
import { DebugPage } from '../features/admin/debug/DebugPage';
import { DevPage } from '../features/dev/DevPage';
import { ErrorPage } from '../features/error/ErrorPage';
import { FaqPage } from '../features/faq/FaqPage';
import { HomePage } from '../features/home/HomePage';
import { InvoicePage } from '../features/invoice/InvoicePage';
import { TermsPage } from '../features/legal/TermsPage';
import { ManagerDashboardPage } from '../features/manager/ManagerDashboardPage';
import { PaymentAccessPage, PaymentOutcomePage, PaymentPage } from '../features/payment';
import { ForgotPasswordPage } from '../features/password-reset/ForgotPasswordPage';
import { PriceFinderPage } from '../features/price-finder/PriceFinderPage';
import { ReviewsPage } from '../features/reviews/ReviewsPage';
import { RegisterPage } from '../features/register/RegisterPage';
import { WorkerDashboardPage } from '../features/worker/WorkerDashboardPage';
import { WorkWithUsPage } from '../features/work-with-us/WorkWithUsPage';
import { Layout } from './Layout';

const PrivacyPolicyPage = lazy(() => import('../features/legal/PrivacyPolicyPage'));

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

/** Pages beyond §2's 28: the auditor's screen (issue 7). */
export const extraRoutes: RouteObject[] = [
  {
    path: '/auditoria',
    element: (
      <RouteGuard path="/auditoria">
        <AuditPage />
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
