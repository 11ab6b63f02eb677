import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { createUser } from '../../../test/factories';
import { TEST_PASSWORD, useTestApp } from '../../../test/test-app';

const throttle: Config['loginThrottle'] = {
  addressLimit: 5,
  addressWindowSeconds: 60,
  accountMaxFailures: 3,
  accountLockSeconds: 1,
  accountLockMaxSeconds: 2,
};
const t = useTestApp({ loginThrottle: throttle });

const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});
/** A second server on the same database, as behind a load balancer. */
async function anotherServer(overrides: Partial<Config> = {}) {
  const app = await buildApp({ db: t.db, pool: t.pool, config: { ...t.config, ...overrides } });
  others.push(app);
  return app;
}

let addressCounter = 0;
/** A fresh client address, so that the per-address limit stays out of the way. */
const freshAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

interface Attempt {
  username: string;
  password?: string;
  from?: string;
  forwardedFor?: string;
  app?: FastifyInstance;
}

const login = ({ username, password = 'falsches-Passwort', from, forwardedFor, app = t.app }: Attempt) =>
  app.inject({
    method: 'POST',
    url: '/api/getsecuretoken',
    remoteAddress: from ?? freshAddress(),
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
  });

function expectTooMany(res: Awaited<ReturnType<typeof login>>, retryAfter?: number) {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  if (retryAfter !== undefined) expect(seconds).toBe(retryAfter);
  expect(res.json()).toEqual({
    error: 'invalid_request',
    error_description: MESSAGES.loginRateLimited(seconds),
  });
}

describe('login throttling per client address', () => {
  it('counts a rotating X-Forwarded-For under the socket address: 429 with Retry-After', async () => {
    const from = freshAddress();
    for (let i = 0; i < throttle.addressLimit; i++) {
      const res = await login({ username: `guess${i}@test.example`, from, forwardedFor: `203.0.113.${i}` });
      expect(res.statusCode).toBe(400);
    }
    const res = await login({ username: 'guess-last@test.example', from, forwardedFor: '203.0.113.99' });
    expectTooMany(res);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('never locks out the address a spoofed X-Forwarded-For names', async () => {
    const victim = await createUser(t.db);
    const victimAddress = freshAddress();
    const attacker = freshAddress();
    for (let i = 0; i <= throttle.addressLimit; i++) {
      await login({ username: `x${i}@test.example`, from: attacker, forwardedFor: victimAddress });
    }
    expectTooMany(await login({ username: 'y@test.example', from: attacker, forwardedFor: victimAddress }));
    const res = await login({ username: victim.emailAddress, password: TEST_PASSWORD, from: victimAddress });
    expect(res.statusCode).toBe(200);
  });

  it('believes X-Forwarded-For from a proxy named in TRUST_PROXY, and only from it', async () => {
    const proxy = freshAddress();
    const behindProxy = await anotherServer({ trustProxy: [proxy] });
    const user = await createUser(t.db);
    const client = '198.51.100.7';
    for (let i = 0; i < throttle.addressLimit; i++) {
      await login({ app: behindProxy, username: `p${i}@test.example`, from: proxy, forwardedFor: client });
    }
    expectTooMany(
      await login({ app: behindProxy, username: 'p@test.example', from: proxy, forwardedFor: client }),
    );
    // Another client behind the same proxy is counted on its own.
    const res = await login({
      app: behindProxy,
      username: user.emailAddress,
      password: TEST_PASSWORD,
      from: proxy,
      forwardedFor: '198.51.100.8',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('login throttling per user name, whatever the address', () => {
  it('slows a distributed guess; other accounts log in; the owner logs in after the wait', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const name = ` ${owner.emailAddress.toUpperCase()} `; // the same account, written differently
    for (let i = 0; i < throttle.accountMaxFailures; i++) {
      expect((await login({ username: name })).statusCode).toBe(400);
    }
    expectTooMany(await login({ username: owner.emailAddress }), throttle.accountLockSeconds);
    // Even the right password waits: a guess that happens to be right is not let through.
    expectTooMany(await login({ username: owner.emailAddress, password: TEST_PASSWORD }));
    expect((await login({ username: other.emailAddress, password: TEST_PASSWORD })).statusCode).toBe(200);

    await sleep(throttle.accountLockSeconds * 1000 + 200);
    expect((await login({ username: owner.emailAddress, password: TEST_PASSWORD })).statusCode).toBe(200);
    // The success cleared the count: the full number of tries is available again.
    for (let i = 0; i < throttle.accountMaxFailures; i++) {
      expect((await login({ username: owner.emailAddress })).statusCode).toBe(400);
    }
  });

  it('doubles the wait up to the maximum for repeated lockouts', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < throttle.accountMaxFailures; i++) await login({ username: user.emailAddress });
    expectTooMany(await login({ username: user.emailAddress }), 1);
    await sleep(1200);
    for (let i = 0; i < throttle.accountMaxFailures; i++) {
      expect((await login({ username: user.emailAddress })).statusCode).toBe(400);
    }
    expectTooMany(await login({ username: user.emailAddress }), 2);
  });

  it('lets through no more guesses than allowed when they arrive at once', async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login({ username: user.emailAddress })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 400)).toHaveLength(throttle.accountMaxFailures);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - throttle.accountMaxFailures);
  });

  it('answers parallel right passwords with 200 or 429, never 500, while successes clear the count', async () => {
    // Successes delete the name's counter row while other attempts are deciding on it: 20 clients
    // log in over and over for a second and a half.
    const user = await createUser(t.db);
    const until = Date.now() + 1_500;
    const codes: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          codes.push((await login({ username: user.emailAddress, password: TEST_PASSWORD })).statusCode);
        }
      }),
    );
    expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);
    expect(codes).toContain(200);
  });

  it('lets a 50-way burst of correct logins of one account from one address all succeed', async () => {
    // Failures are counted, not attempts (decision 0075): the limits are 5 per address and 3 per name.
    const user = await createUser(t.db);
    const from = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login({ username: user.emailAddress, password: TEST_PASSWORD, from })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    // Guessing from that address is still throttled after all those successes.
    for (let i = 0; i < throttle.addressLimit; i++) {
      expect((await login({ username: `burst${i}@test.example`, from })).statusCode).toBe(400);
    }
    expectTooMany(await login({ username: user.emailAddress, password: TEST_PASSWORD, from }));
    // 50 password hashes, three at a time (the name's limit): seconds, more on a busy machine.
  }, 120_000);

  it('treats unknown user names alike, so a 429 tells nothing about an account', async () => {
    const unknown = 'niemand-hier@test.example';
    for (let i = 0; i < throttle.accountMaxFailures; i++) {
      expect((await login({ username: unknown })).statusCode).toBe(400);
    }
    expectTooMany(await login({ username: unknown }));
  });

  it('shares the counters between servers on one database', async () => {
    const user = await createUser(t.db);
    const second = await anotherServer();
    for (let i = 0; i < throttle.accountMaxFailures; i++) {
      const app = i % 2 === 0 ? t.app : second;
      expect((await login({ app, username: user.emailAddress })).statusCode).toBe(400);
    }
    expectTooMany(await login({ app: second, username: user.emailAddress }));
    expectTooMany(await login({ app: t.app, username: user.emailAddress }));
  });
});
