// The routes the app registered, as Fastify saw them. Tests walk it (access matrix, fuzzing) so that
// a new route cannot slip past them: a route without an entry there fails its test.
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Route config `public: true`: no token needed. */
  isPublic: boolean;
  /** The route's schemas as declared (zod: params, querystring, body, response by status). */
  schema: RouteOptions['schema'];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RegisteredRoute[];
  }
}

/** Call before any route is registered. */
export function collectRouteTable(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, isPublic: route.config?.public === true, schema: route.schema });
    }
  });
}
