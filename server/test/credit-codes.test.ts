// Credit codes (issue 22): an admin makes a batch (the codes answered once, only their hashes kept),
// lists batches and which codes were redeemed by whom; a player redeems a code and the credits arrive
// through the ledger; used, expired and unknown codes are refused in words; twenty players racing for
// one code give exactly one of them the credits; guessing is limited per account and per address.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, adminAndPlayer } from './helpers/admin.ts';
import { call, registerPlayer } from './helpers/http.ts';
import { createHarness, dialects, type TestHarness } from './helpers/test-context.ts';

const HOUR = 60 * 60 * 1000;

describe.each(dialects)('credit codes on %s', (dialect) => {
  let h: TestHarness;
  let admin: Account;
  let player: Account;
  beforeEach(async () => {
    h = await createHarness(dialect, {
      env: { TRUST_PROXY: 'true', CREDIT_CODE_LIMIT_PER_ACCOUNT: '5', CREDIT_CODE_LIMIT_PER_ADDRESS: '8' },
    });
    ({ admin, player } = await adminAndPlayer(h));
  });
  afterEach(async () => {
    await h.close();
  });

  const makeBatch = (body: Record<string, unknown>) =>
    call(h, 'POST', '/api/admin/credit-codes', { token: admin.token, body });
  const redeem = (token: string, code: string, address = '203.0.113.7') =>
    call(h, 'POST', '/api/credit-codes/redeem', { token, body: { code }, headers: { 'X-Forwarded-For': address } });
  const balanceOf = async (token: string) => (await call(h, 'GET', '/api/auth/me', { token })).json.user.credits;

  it('makes a batch whose codes are answered once and stored only as hashes, for admins only', async () => {
    const made = await makeBatch({ count: 3, credits: 250, label: 'Launch party' });
    expect(made.status, made.text).toBe(201);
    expect(made.json.batch).toMatchObject({
      label: 'Launch party',
      credits: 250,
      count: 3,
      redeemedCount: 0,
      expiresAt: null,
      createdBy: { _id: admin.user._id, username: admin.user.username },
    });
    const codes: { number: number; code: string }[] = made.json.codes;
    expect(codes.map((c) => c.number)).toEqual([1, 2, 3]);
    for (const { code } of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);

    // Nothing of a code but its last group is in the database.
    const rows = await h.ctx.db.selectFrom('credit_codes').selectAll().orderBy('number').execute();
    const stored = JSON.stringify(rows);
    for (const { code } of codes) {
      expect(stored).not.toContain(code.replaceAll('-', ''));
      expect(stored).not.toContain(code.slice(0, 9));
    }
    expect(rows.map((r) => r.hint)).toEqual(codes.map((c) => c.code.slice(-4)));

    const list = await call(h, 'GET', '/api/admin/credit-codes', { token: admin.token });
    expect(list.json).toMatchObject({ batches: [{ _id: made.json.batch._id, count: 3 }], nextCursor: null });

    expect((await makeBatch({ count: 0, credits: 5 })).json.error.message).toBe(
      'Count must be a whole number from 1 to 1,000',
    );
    expect((await makeBatch({ count: 1, credits: 0 })).json.error.message).toBe(
      'Credits must be a whole number from 1 to 1,000,000,000,000',
    );
    const past = await makeBatch({
      count: 1,
      credits: 5,
      expiresAt: new Date(h.clock().getTime() - 1000).toISOString(),
    });
    expect([past.status, past.json.error.message]).toEqual([400, 'The expiry must be in the future']);
    expect(
      (await call(h, 'POST', '/api/admin/credit-codes', { token: player.token, body: { count: 1, credits: 5 } }))
        .status,
    ).toBe(403);
    expect((await call(h, 'GET', '/api/admin/credit-codes', { token: player.token })).status).toBe(403);
    expect((await call(h, 'POST', '/api/credit-codes/redeem', { body: { code: codes[0]?.code } })).status).toBe(401);
  });

  it('redeems a code once, through the ledger, and shows who redeemed which', async () => {
    const made = await makeBatch({ count: 2, credits: 500 });
    const [first, second] = made.json.codes as { number: number; code: string }[];
    if (!first || !second) throw new Error('no codes');

    // Typed carelessly: lower case, spaces for dashes.
    const redeemed = await redeem(player.token, first.code.toLowerCase().replaceAll('-', ' '));
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.json).toEqual({ added: 500, credits: 500 });
    expect(await balanceOf(player.token)).toBe(500);
    const ledger = await call(h, 'GET', `/api/admin/users/${player.user._id}/ledger`, { token: admin.token });
    expect(ledger.json.entries[0]).toMatchObject({ delta: 500, balanceAfter: 500, reason: 'credit_code' });

    const again = await redeem(player.token, first.code);
    expect([again.status, again.json.error.message]).toEqual([409, 'This code has already been used']);
    const other = await registerPlayer(h);
    const stolen = await redeem(other.token, first.code);
    expect([stolen.status, stolen.json.error.message]).toEqual([409, 'This code has already been used']);
    expect(await balanceOf(other.token)).toBe(0);

    const unknown = await redeem(player.token, 'ABCD-EFGH-JKMN-PQRS-TVWX');
    expect([unknown.status, unknown.json.error.message]).toEqual([
      400,
      'This code is not valid. Check it and try again.',
    ]);
    expect((await redeem(player.token, 'hello')).json.error.message).toBe(
      'This code is not valid. Check it and try again.',
    );

    const codes = await call(h, 'GET', `/api/admin/credit-codes/${made.json.batch._id}/codes`, { token: admin.token });
    expect(codes.status).toBe(200);
    expect(codes.json.batch.redeemedCount).toBe(1);
    expect(codes.json.codes).toEqual([
      {
        _id: expect.any(String),
        number: 1,
        hint: first.code.slice(-4),
        redeemedBy: { _id: player.user._id, username: player.user.username },
        redeemedAt: '2026-11-22T12:00:00.000Z',
      },
      { _id: expect.any(String), number: 2, hint: second.code.slice(-4), redeemedBy: null, redeemedAt: null },
    ]);
    const paged = await call(h, 'GET', `/api/admin/credit-codes/${made.json.batch._id}/codes?limit=1`, {
      token: admin.token,
    });
    expect(paged.json.codes.map((c: any) => c.number)).toEqual([1]);
    const next = await call(
      h,
      'GET',
      `/api/admin/credit-codes/${made.json.batch._id}/codes?limit=1&cursor=${paged.json.nextCursor}`,
      { token: admin.token },
    );
    expect(next.json).toMatchObject({ codes: [{ number: 2 }], nextCursor: null });
    expect((await call(h, 'GET', '/api/admin/credit-codes/nope/codes', { token: admin.token })).status).toBe(404);
  });

  it('refuses an expired code and leaves it unused', async () => {
    const made = await makeBatch({
      count: 1,
      credits: 100,
      expiresAt: new Date(h.clock().getTime() + HOUR).toISOString(),
    });
    h.clock.advance(HOUR);
    const refused = await redeem(player.token, made.json.codes[0].code);
    expect([refused.status, refused.json.error.message]).toEqual([409, 'This code has expired']);
    expect(await balanceOf(player.token)).toBe(0);
    const row = await h.ctx.db.selectFrom('credit_codes').select('redeemed_at').executeTakeFirstOrThrow();
    expect(row.redeemed_at).toBeNull();
  });

  it('gives exactly one of twenty players racing for one code its credits', async () => {
    const made = await makeBatch({ count: 1, credits: 1000 });
    const code = made.json.codes[0].code as string;
    const racers = await Promise.all(Array.from({ length: 20 }, () => registerPlayer(h)));
    const answers = await Promise.all(racers.map((racer, i) => redeem(racer.token, code, `198.51.100.${i + 1}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.error.message)).toEqual(
      Array(19).fill('This code has already been used'),
    );
    const balances = await Promise.all(racers.map((racer) => balanceOf(racer.token)));
    expect(balances.sort((a, b) => b - a)).toEqual([1000, ...Array(19).fill(0)]);
    const ledger = await h.ctx.db.selectFrom('credit_ledger').selectAll().where('reason', '=', 'credit_code').execute();
    expect(ledger).toHaveLength(1);
  });

  it('limits guesses per account and per address, a redeemed code not counting', async () => {
    const made = await makeBatch({ count: 2, credits: 10 });
    const [good, later] = made.json.codes as { code: string }[];
    if (!good || !later) throw new Error('no codes');
    expect((await redeem(player.token, good.code)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await redeem(player.token, 'ABCD-EFGH-JKMN-PQRS-TVWX')).status).toBe(400);
    const limited = await redeem(player.token, later.code);
    expect([limited.status, limited.json.error.message]).toEqual([
      429,
      'Too many code attempts. Please try again in 60 minutes.',
    ]);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await balanceOf(player.token)).toBe(10);

    // From another address the same account is still limited; another account from a fresh address is not.
    expect((await redeem(player.token, later.code, '192.0.2.50')).status).toBe(429);
    const other = await registerPlayer(h);
    // The first address has the 5 failures counted against its 8 (the refusals by account never reached
    // it): three more guesses from another account, then that account is refused there too.
    for (let i = 0; i < 3; i += 1) expect((await redeem(other.token, 'ABCD-EFGH-JKMN-PQRS-TVWX')).status).toBe(400);
    expect((await redeem(other.token, later.code)).status).toBe(429);
    const elsewhere = await redeem(other.token, later.code, '192.0.2.99');
    expect(elsewhere.status, elsewhere.text).toBe(200);
  });
});
