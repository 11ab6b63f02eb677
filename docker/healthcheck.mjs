// The container's health check: GET /api/health answers 200 once the database answers (exit 0).
const port = process.env.PORT || 3000;
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
