import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/** GET /api/health: 200 once the database answers, 503 otherwise. No authentication. */
export async function healthRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    try {
      await pool.query('select 1');
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
