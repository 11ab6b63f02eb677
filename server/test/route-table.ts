// Every registered route as {method, url}, read from Fastify's printed route tree (Fastify offers no
// list): a test that walks the table covers a route the moment it is added.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

export function routeTable(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) entries.push({ method, url });
  }
  return entries;
}
