// User Management (SPEC.md §2/§5/§8): count and search, the credits prompt's rule, the tier dropdown,
// the admin toggle after a confirmation, the inline Send Mail form, toasts and refetches.
import type { AdminUser } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chooseRowAction,
  confirmation,
  dialog,
  json,
  makeAdmin,
  makeAdminUser,
  makeItem,
  makeTier,
  renderAdmin,
} from '../test/render-admin.tsx';

const nova = makeAdminUser();
const orion = makeAdminUser({
  _id: 'user-orion',
  user_name: 'orion',
  user_email: 'orion@starport.test',
  discordId: '1234',
  discordUsername: 'HunterOfStars',
  credits: 40,
  currentTier: { _id: 'tier-captain', name: 'Captain', price: 9.99 },
});
const me = makeAdminUser({ _id: 'admin-1', user_name: 'commander', user_email: 'admin@starport.test', isAdmin: true });

function userServer(initial: AdminUser[] = [nova, orion, me]) {
  let users = [...initial];
  const patch = (id: string, change: Partial<AdminUser>) => {
    users = users.map((user) => (user._id === id ? { ...user, ...change } : user));
    return json(200, { user: users.find((user) => user._id === id) });
  };
  return {
    'GET /api/admin/users': () => json(200, { users, nextCursor: null }),
    'GET /api/admin/stats': () =>
      json(200, { stats: { totalUsers: users.length, activeSubscriptions: 0, shopItems: 0, revenue30d: 0 } }),
    'GET /api/tiers/all': () => json(200, { tiers: [makeTier(), makeTier({ _id: 'tier-admiral', name: 'Admiral' })] }),
    'GET /api/shop/admin/items': () =>
      json(200, { items: [makeItem(), makeItem({ _id: 'item-lance', name: 'Void Lance' })] }),
    'PATCH /api/admin/users/user-nova/credits': ({ body }: { body: unknown }) =>
      patch('user-nova', { credits: (body as { credits: number }).credits }),
    'PATCH /api/admin/users/user-nova/tier': ({ body }: { body: unknown }) => {
      const { tierId } = body as { tierId: string };
      return patch('user-nova', { currentTier: tierId ? { _id: tierId, name: 'Admiral', price: 19.99 } : null });
    },
    'PATCH /api/admin/users/user-nova/admin': ({ body }: { body: unknown }) =>
      patch('user-nova', { isAdmin: (body as { isAdmin: boolean }).isAdmin }),
    'PATCH /api/admin/users/user-orion/tier': () => patch('user-orion', { currentTier: null }),
    'POST /api/admin/send-mail': ({ body }: { body: unknown }) =>
      json(201, {
        mail: { _id: 'mail-1', ...(body as object), items: [], createdAt: '2026-03-20T00:00:00.000Z' },
      }),
  };
}

const row = (name: string) =>
  within(screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement);

async function openCredits(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Edit credits of ${name}` }));
  return dialog('Edit Credits');
}

describe('UserManagement', () => {
  it('shows the total, and per user the created date, email, Discord and credits', async () => {
    renderAdmin('/admin/users', { api: userServer() });

    expect(await screen.findByText('orion')).toBeTruthy();
    expect(screen.getByText(/Total users:/).textContent).toContain('3');
    expect(row('nova').getByText('Joined Mar 14, 2026')).toBeTruthy();
    expect(row('nova').getByText('nova@example.com')).toBeTruthy();
    expect(row('nova').getByText('Not linked')).toBeTruthy();
    expect(row('nova').getByText('1,250')).toBeTruthy();
    expect(row('orion').getByText('Linked')).toBeTruthy();
    expect(row('orion').getByText('HunterOfStars')).toBeTruthy();
    expect((row('orion').getByRole('combobox', { name: 'Tier of orion' }) as HTMLSelectElement).value).toBe(
      'tier-captain',
    );
    expect(row('nova').getByRole('button', { name: /^User: / })).toBeTruthy();
  });

  const names = () =>
    screen.queryAllByRole('rowheader').map((cell) => cell.querySelector('.user-name')?.firstChild?.textContent);

  it('asks the server for a search once typing pauses, and shows what it answers', async () => {
    const { count } = renderAdmin('/admin/users', {
      api: {
        ...userServer(),
        'GET /api/admin/users?search=NOVA': () => json(200, { users: [nova], nextCursor: null }),
      },
    });
    await screen.findByText('orion');

    const box = screen.getByLabelText('Search users');
    for (const typed of ['N', 'NO', 'NOV', 'NOVA ']) fireEvent.change(box, { target: { value: typed } });

    await waitFor(() => expect(names()).toEqual(['nova']));
    // One request for the word, none for each key on the way (trimmed: the server ignores case).
    expect(count('GET /api/admin/users?search=NOVA')).toBe(1);
    expect(count('GET /api/admin/users?search=N')).toBe(0);
    expect(screen.getByText(/Total users:/).textContent).toContain('1 matching');
  });

  it("shows the server's count of matches, capped as it says", async () => {
    renderAdmin('/admin/users', {
      api: {
        ...userServer(),
        'GET /api/admin/users?search=pilot': () =>
          json(200, { users: [nova], nextCursor: 'after-nova', matching: { count: 1000, more: true } }),
      },
    });
    await screen.findByText('orion');
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'pilot' } });
    await waitFor(() => expect(screen.getByText(/Total users:/).textContent).toContain('· 1,000+ matching'));
  });

  it('loads the next page with "Load more users", after the rows already shown', async () => {
    const { count } = renderAdmin('/admin/users', {
      api: {
        ...userServer(),
        'GET /api/admin/users': () => json(200, { users: [nova], nextCursor: 'after-nova' }),
        'GET /api/admin/users?cursor=after-nova': () => json(200, { users: [orion, me], nextCursor: null }),
      },
    });
    await screen.findByText('nova');
    expect(names()).toEqual(['nova']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more users' }));

    await waitFor(() => expect(names()).toEqual(['nova', 'orion', 'commander']));
    expect(count('GET /api/admin/users?cursor=after-nova')).toBe(1);
    expect(screen.queryByRole('button', { name: 'Load more users' })).toBeNull();
  });

  it('filters by tier and role and sorts through the server', async () => {
    const { count } = renderAdmin('/admin/users', {
      api: {
        ...userServer(),
        'GET /api/admin/users?tier=none': () => json(200, { users: [nova, me], nextCursor: null }),
        'GET /api/admin/users?tier=none&admin=true': () => json(200, { users: [me], nextCursor: null }),
        'GET /api/admin/users?tier=none&admin=true&sort=credits_desc': () =>
          json(200, { users: [me], nextCursor: null }),
      },
    });
    await screen.findByText('orion');

    fireEvent.change(screen.getByLabelText('Tier'), { target: { value: 'none' } });
    await waitFor(() => expect(names()).toEqual(['nova', 'commander']));
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'true' } });
    await waitFor(() => expect(names()).toEqual(['commander']));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'credits_desc' } });
    await waitFor(() => expect(count('GET /api/admin/users?tier=none&admin=true&sort=credits_desc')).toBe(1));
  });

  it("says 'No users found' when nothing matches", async () => {
    renderAdmin('/admin/users', {
      api: { ...userServer(), 'GET /api/admin/users?search=zzz': () => json(200, { users: [], nextCursor: null }) },
    });
    await screen.findByText('orion');

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'zzz' } });

    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it.each(['-1', '1.5', '', 'lots'])(
    "refuses %j credits with 'Invalid credits amount' and sends nothing",
    async (typed) => {
      const { count } = renderAdmin('/admin/users', { api: userServer() });
      const prompt = await openCredits('nova');

      fireEvent.change(prompt.getByLabelText('New credit balance for nova'), { target: { value: typed } });
      fireEvent.click(prompt.getByRole('button', { name: 'Save Credits' }));

      expect(prompt.getByText('Invalid credits amount')).toBeTruthy();
      expect(prompt.getByLabelText('New credit balance for nova').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(prompt.getByLabelText('New credit balance for nova'));
      expect(count('PATCH /api/admin/users/user-nova/credits')).toBe(0);
    },
  );

  it('says the bound for a balance past the maximum, and sends nothing', async () => {
    const { count } = renderAdmin('/admin/users', { api: userServer() });
    const prompt = await openCredits('nova');

    fireEvent.change(prompt.getByLabelText('New credit balance for nova'), { target: { value: '1000000000001' } });
    fireEvent.click(prompt.getByRole('button', { name: 'Save Credits' }));

    expect(prompt.getByText('Credits must be at most 1,000,000,000,000')).toBeTruthy();
    expect(count('PATCH /api/admin/users/user-nova/credits')).toBe(0);
  });

  it('sets credits through the prompt, toasts and refetches', async () => {
    const { bodies, count } = renderAdmin('/admin/users', { api: userServer() });
    const prompt = await openCredits('nova');
    expect((prompt.getByLabelText('New credit balance for nova') as HTMLInputElement).value).toBe('1250');

    fireEvent.change(prompt.getByLabelText('New credit balance for nova'), { target: { value: '2500' } });
    fireEvent.click(prompt.getByRole('button', { name: 'Save Credits' }));

    expect(await screen.findByText('Credits updated successfully!')).toBeTruthy();
    expect(bodies('PATCH /api/admin/users/user-nova/credits')).toEqual([{ credits: 2500 }]);
    expect(await row('nova').findByText('2,500')).toBeTruthy();
    expect(count('GET /api/admin/users')).toBe(2);
    expect(screen.queryByRole('dialog', { name: 'Edit Credits' })).toBeNull();
  });

  it("says 'Failed to update credits' when the server gives no reason", async () => {
    renderAdmin('/admin/users', {
      api: { ...userServer(), 'PATCH /api/admin/users/user-nova/credits': () => json(500, {}) },
    });
    const prompt = await openCredits('nova');
    fireEvent.click(prompt.getByRole('button', { name: 'Save Credits' }));

    expect(await screen.findByText('Failed to update credits')).toBeTruthy();
  });

  it('assigns a tier and takes it away with No Tier', async () => {
    const { bodies } = renderAdmin('/admin/users', { api: userServer() });
    await screen.findByText('orion');
    await waitFor(() => expect(row('nova').getByRole('option', { name: 'Admiral' })).toBeTruthy());

    fireEvent.change(row('nova').getByRole('combobox', { name: 'Tier of nova' }), {
      target: { value: 'tier-admiral' },
    });
    expect(await screen.findByText('Tier assigned successfully!')).toBeTruthy();
    expect(bodies('PATCH /api/admin/users/user-nova/tier')).toEqual([{ tierId: 'tier-admiral' }]);
    await waitFor(() =>
      expect((row('nova').getByRole('combobox', { name: 'Tier of nova' }) as HTMLSelectElement).value).toBe(
        'tier-admiral',
      ),
    );

    fireEvent.change(row('orion').getByRole('combobox', { name: 'Tier of orion' }), { target: { value: '' } });
    await waitFor(() => expect(bodies('PATCH /api/admin/users/user-orion/tier')).toEqual([{ tierId: '' }]));
  });

  it("says 'Failed to assign tier' when the server gives no reason, and the server's reason when given", async () => {
    let answer = json(500, {});
    renderAdmin('/admin/users', {
      api: { ...userServer(), 'PATCH /api/admin/users/user-nova/tier': () => answer },
    });
    await screen.findByText('orion');
    await waitFor(() => expect(row('nova').getByRole('option', { name: 'Admiral' })).toBeTruthy());

    fireEvent.change(row('nova').getByRole('combobox', { name: 'Tier of nova' }), {
      target: { value: 'tier-admiral' },
    });
    expect(await screen.findByText('Failed to assign tier')).toBeTruthy();
    answer = json(404, { error: { message: 'Tier not found' } });
    fireEvent.change(row('nova').getByRole('combobox', { name: 'Tier of nova' }), {
      target: { value: 'tier-admiral' },
    });
    expect(await screen.findByText('Tier not found')).toBeTruthy();
  });

  it('grants admin status only after a confirmation, then revokes it the same way', async () => {
    const { bodies } = renderAdmin('/admin/users', { api: userServer() });
    await screen.findByText('orion');

    fireEvent.click(row('nova').getByRole('button', { name: /^User: / }));
    expect(confirmation('Grant Admin Status').getByText(/Make nova an administrator\?/)).toBeTruthy();
    fireEvent.click(confirmation('Grant Admin Status').getByRole('button', { name: 'Cancel' }));
    expect(bodies('PATCH /api/admin/users/user-nova/admin')).toEqual([]);

    fireEvent.click(row('nova').getByRole('button', { name: /^User: / }));
    fireEvent.click(confirmation('Grant Admin Status').getByRole('button', { name: 'Grant Admin' }));
    expect(await screen.findByText('Admin status granted successfully!')).toBeTruthy();
    expect(bodies('PATCH /api/admin/users/user-nova/admin')).toEqual([{ isAdmin: true }]);

    fireEvent.click(await row('nova').findByRole('button', { name: /^Admin: / }));
    fireEvent.click(confirmation('Revoke Admin Status').getByRole('button', { name: 'Revoke Admin' }));
    expect(await screen.findByText('Admin status revoked successfully!')).toBeTruthy();
    expect(bodies('PATCH /api/admin/users/user-nova/admin')).toEqual([{ isAdmin: true }, { isAdmin: false }]);
  });

  it("says 'Failed to toggle admin' when the server gives no reason", async () => {
    renderAdmin('/admin/users', {
      api: { ...userServer(), 'PATCH /api/admin/users/user-nova/admin': () => json(500, {}) },
    });
    await screen.findByText('orion');
    fireEvent.click(row('nova').getByRole('button', { name: /^User: / }));
    fireEvent.click(confirmation('Grant Admin Status').getByRole('button', { name: 'Grant Admin' }));

    expect(await screen.findByText('Failed to toggle admin')).toBeTruthy();
  });

  it('does not offer the signed-in admin a way to revoke their own status', async () => {
    renderAdmin('/admin/users', { api: userServer(), user: makeAdmin({ _id: 'admin-1' }) });
    await screen.findByText('orion');

    await waitFor(() =>
      expect((row('commander').getByRole('button', { name: /^Admin: / }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(row('commander').getByText('(you)')).toBeTruthy();
  });

  it('opens Send Mail as an inline row form with sender Admin, and requires subject and message', async () => {
    const { count } = renderAdmin('/admin/users', { api: userServer() });
    await screen.findByText('orion');

    await chooseRowAction('nova', 'Send mail to nova');
    const form = within(screen.getByRole('form', { name: 'Send mail to nova' }));
    expect((form.getByLabelText('Sender name') as HTMLInputElement).value).toBe('Admin');
    // Opened from the row's menu, the form takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Sender name')));
    fireEvent.change(form.getByLabelText('Subject'), { target: { value: 'Welcome' } });
    fireEvent.click(form.getByRole('button', { name: 'Send Mail' }));

    expect(form.getByRole('alert').textContent).toBe('Subject and message are required');
    expect(document.activeElement).toBe(form.getByLabelText('Message'));
    expect(count('POST /api/admin/send-mail')).toBe(0);
  });

  it("adds custom items ('Item name is required' without a name) and sends the mail with them", async () => {
    const { bodies, count } = renderAdmin('/admin/users', { api: userServer() });
    await screen.findByText('orion');
    await chooseRowAction('nova', 'Send mail to nova');
    const form = within(screen.getByRole('form', { name: 'Send mail to nova' }));

    fireEvent.click(form.getByRole('button', { name: 'Add Item' }));
    expect(form.getByText('Item name is required')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Item name'), { target: { value: 'Founder Badge' } });
    fireEvent.change(form.getByLabelText('Quantity'), { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Add Item' }));
    expect(form.getByText('Quantity must be a whole number of at least 1')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(form.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Custom item added')).toBeTruthy();
    expect(form.getByText('Founder Badge × 2')).toBeTruthy();

    await waitFor(() => expect(form.getByLabelText('Void Lance')).toBeTruthy());
    fireEvent.click(form.getByLabelText('Void Lance'));
    fireEvent.change(form.getByLabelText('Sender name'), { target: { value: 'Fleet Command' } });
    fireEvent.change(form.getByLabelText('Subject'), { target: { value: 'Welcome aboard' } });
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Here is a gift.' } });
    fireEvent.click(form.getByRole('button', { name: 'Send Mail' }));

    expect(await screen.findByText('Mail sent to nova!')).toBeTruthy();
    expect(bodies('POST /api/admin/send-mail')).toEqual([
      {
        userId: 'user-nova',
        senderName: 'Fleet Command',
        subject: 'Welcome aboard',
        message: 'Here is a gift.',
        itemIds: ['item-lance'],
        customItems: [{ itemName: 'Founder Badge', quantity: 2 }],
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Send mail to nova' })).toBeNull();
    expect(count('GET /api/admin/users')).toBe(2);
  });

  it("says 'Failed to send mail' when the server gives no reason", async () => {
    renderAdmin('/admin/users', { api: { ...userServer(), 'POST /api/admin/send-mail': () => json(500, {}) } });
    await screen.findByText('orion');
    await chooseRowAction('nova', 'Send mail to nova');
    const form = within(screen.getByRole('form', { name: 'Send mail to nova' }));
    fireEvent.change(form.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(form.getByRole('button', { name: 'Send Mail' }));

    expect(await screen.findByText('Failed to send mail')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Send mail to nova' })).toBeTruthy();
  });

  it("says 'Error: {message}' when the users cannot be loaded", async () => {
    renderAdmin('/admin/users', {
      api: { 'GET /api/admin/users': () => json(403, { error: { message: 'Administrators only' } }) },
    });

    expect(await screen.findByText('Error: Administrators only')).toBeTruthy();
    expect(screen.getByText('No users found')).toBeTruthy();
  });

  it('resyncs Discord roles for one linked player or everyone, and lists the problems an admin must fix', async () => {
    let problems = [
      {
        jobId: 'job-1',
        userId: 'user-orion',
        status: 'blocked',
        error: 'The bot lacks the Manage Roles permission',
        at: '',
      },
    ];
    const { calls } = renderAdmin('/admin/users', {
      api: {
        ...userServer(),
        'GET /api/admin/discord/problems': () => json(200, { problems }),
        'POST /api/admin/users/user-orion/discord-resync': () => {
          problems = [];
          return json(200, { queued: 1 });
        },
        'POST /api/admin/discord/resync': () => json(200, { queued: 2 }),
      },
    });
    expect(await screen.findByText('Discord roles need your attention')).toBeTruthy();
    expect(screen.getByText('orion: The bot lacks the Manage Roles permission')).toBeTruthy();
    // Only linked players' menus offer a resync.
    fireEvent.click(row('nova').getByRole('button', { name: 'Actions for nova' }));
    expect(screen.getByRole('menuitem', { name: 'Deliveries of nova' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Resync Discord roles/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu', { name: 'Actions for nova' }), { key: 'Escape' });

    await chooseRowAction('orion', 'Resync Discord roles of orion');
    expect(await screen.findByText('Discord roles will be resynced shortly')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Discord roles need your attention')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Resync Discord roles' }));
    expect(await screen.findByText('Discord roles of 2 linked players will be resynced shortly')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/discord/resync');
  });
});
