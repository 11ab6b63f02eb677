-- Read-your-writes with a streaming replica (DATABASE_READ_URL, server/src/db/read-router.ts, decision
-- 0085): the WAL position each user's last write had reached when its answer was sent. Every server
-- writes it on the primary after a user's request that may write, and reads it before routing that
-- user's read: the replica answers only once it has replayed that position. A table, not a server's
-- memory, because a load balancer may send a user's next read to another server. Logged, so that it
-- survives a crash of the primary as the writes it stands for do. Hand-written: drizzle has no pg_lsn.
CREATE TABLE read_your_writes (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  lsn pg_lsn NOT NULL
);
