import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { findCity } from '../../shared/cities';
import { redirectPaths } from '../../shared/routes';
import { customerRoutes } from './customer-routes';
import type { RouteHandle } from './document-title';
import { RootLayout } from './root-layout';
import { AppLoading, RootErrorBoundary, RouteErrorBoundary } from './route-error';

// Every screen is its own chunk, so no page downloads the wizard, the dashboards or the
// sign-in form before it needs them. The tree is plain data for the browser router; the
// prerendered public pages boot without it (public-entry.tsx), and reach it by a page load.
// Patterns follow src/shared/routes.ts.

type PageModule = { default: ComponentType };

function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const title = (text: RouteHandle['title']): RouteHandle => ({ title: text });

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: AppLoading,
    children: [
      {
        id: 'pages',
        ErrorBoundary: RouteErrorBoundary,
        children: [
          // Public site
          { index: true, handle: title(''), lazy: page(() => import('../routes/public/home')) },
          { path: 'services', handle: title('Services'), lazy: page(() => import('../routes/public/services')) },
          { path: 'about', handle: title('About us'), lazy: page(() => import('../routes/public/about')) },
          { path: 'contact', handle: title('Contact us'), lazy: page(() => import('../routes/public/contact')) },
          {
            path: 'privacy-policy',
            handle: title('Privacy policy'),
            lazy: page(() => import('../routes/public/privacy-policy')),
          },
          { path: 'terms', handle: title('Terms of service'), lazy: page(() => import('../routes/public/terms')) },
          { path: 'technicians', handle: title('Work with us'), lazy: page(() => import('../routes/public/technicians')) },
          {
            path: 'areas/:city',
            handle: title((params) => {
              const city = findCity(params.city ?? '');
              return city ? `Mobile car repair in ${city.name}` : 'Areas we cover';
            }),
            lazy: page(() => import('../routes/public/area')),
          },

          // Customer journey (SPEC section 2, D13): customer-routes.ts, shared with the customer app.
          ...customerRoutes.map((route): RouteObject => ({ path: route.pattern.slice(1), handle: title(route.title), lazy: page(route.load) })),
          // SPEC's calls to action point at /quote (src/shared/routes.ts, redirectPaths).
          { path: 'quote', element: <Navigate to={redirectPaths['/quote']!} replace /> },

          // Signed-in areas (D11)
          { path: 'sign-in', handle: title('Sign in'), lazy: page(() => import('../routes/sign-in')) },
          { path: 'join/:token', handle: title('Create your repairer account'), lazy: page(() => import('../routes/join')) },
          { path: 'unsubscribe/:token', handle: title('Unsubscribe'), lazy: page(() => import('../routes/unsubscribe')) },
          {
            path: 'repairer',
            handle: title('Repairer dashboard'),
            lazy: async () => ({ Component: (await import('../features/auth/require-role')).RequireRepairer }),
            children: [
              { index: true, lazy: page(() => import('../routes/repairer/dashboard')) },
              { path: 'profile', handle: title('Your profile'), lazy: page(() => import('../routes/repairer/profile')) },
              { path: 'availability', handle: title('Your availability'), lazy: page(() => import('../routes/repairer/availability')) },
            ],
          },
          {
            path: 'admin',
            handle: title('Admin dashboard'),
            lazy: async () => ({ Component: (await import('../features/auth/require-role')).RequireAdmin }),
            children: [
              { index: true, lazy: page(() => import('../routes/admin/dashboard')) },
              { path: 'price-list', handle: title('Price list'), lazy: page(() => import('../routes/admin/price-list')) },
              { path: 'audit-log', handle: title('Audit log'), lazy: page(() => import('../routes/admin/audit-log')) },
              { path: 'outbox', handle: title('E-mails'), lazy: page(() => import('../routes/admin/outbox')) },
              { path: 'enquiries/:id', handle: title('Enquiry'), lazy: page(() => import('../routes/admin/enquiry')) },
              { path: 'repairers/:id/availability', handle: title('Technician’s availability'), lazy: page(() => import('../routes/admin/repairer-availability')) },
            ],
          },

          // D23: anything else
          { path: '*', handle: title('Page not found'), lazy: page(() => import('../routes/not-found')) },
        ],
      },
    ],
  },
];
