// Tier Management (SPEC.md §2/§5/§8): the list, the create/edit modal's rules, delete after a
// confirmation, the toasts, and the list refetched after every change.
import type { Tier } from '@starport/api-client/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmation, dialog, json, makeTier, renderAdmin } from '../test/render-admin.tsx';
import type { TierValues } from './tier-form.tsx';
import { tierFormSchema, toTierInput } from './tier-form.tsx';

/** What the form would send for these values, or the message each field would show. */
function buildTierInput(values: TierValues) {
  const result = tierFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return { input: result.success ? toTierInput(values) : null, errors };
}

/** A tier list the fake server keeps, so refetches show what the calls changed. */
function tierServer(initial: Tier[]) {
  let tiers = [...initial];
  return {
    'GET /api/tiers/all': () => json(200, { tiers }),
    'POST /api/tiers': ({ body }: { body: unknown }) => {
      const tier = makeTier({ ...(body as Partial<Tier>), _id: 'tier-new' });
      tiers = [...tiers, tier];
      return json(201, { tier });
    },
    'PATCH /api/tiers/tier-captain': ({ body }: { body: unknown }) => {
      tiers = tiers.map((tier) => (tier._id === 'tier-captain' ? { ...tier, ...(body as Partial<Tier>) } : tier));
      return json(200, { tier: tiers.find((tier) => tier._id === 'tier-captain') });
    },
    'DELETE /api/tiers/tier-captain': () => {
      const tier = tiers.find((t) => t._id === 'tier-captain');
      tiers = tiers.filter((t) => t._id !== 'tier-captain');
      return json(200, { tier });
    },
  };
}

function change(label: string, value: string, title = 'Create Tier') {
  fireEvent.change(dialog(title).getByLabelText(label), { target: { value } });
}

describe('TierManagement', () => {
  it("says 'No tiers created yet' when there are none", async () => {
    renderAdmin('/admin/tiers');

    expect(await screen.findByText('No tiers created yet')).toBeTruthy();
  });

  it('lists each tier with icon, price per month, benefit count and its badges', async () => {
    renderAdmin('/admin/tiers', {
      api: tierServer([
        makeTier({ popular: true }),
        makeTier({ _id: 'tier-cadet', name: 'Cadet', slug: 'cadet', price: 4.5, benefits: ['One'], isActive: false }),
      ]),
    });

    const captain = within(await screen.findByRole('article', { name: 'Captain' }));
    expect(captain.getByText('$9.99/month')).toBeTruthy();
    expect(captain.getByText('2 benefits')).toBeTruthy();
    expect(captain.getByText('Active')).toBeTruthy();
    expect(captain.getByText('Popular')).toBeTruthy();
    expect(
      screen.getByRole('article', { name: 'Captain' }).querySelector('.tier-row-icon img')?.getAttribute('src'),
    ).toBe('/emoji/15.0.0/1f680.svg');
    const cadet = within(screen.getByRole('article', { name: 'Cadet' }));
    expect(cadet.getByText('$4.50/month')).toBeTruthy();
    expect(cadet.getByText('1 benefit')).toBeTruthy();
    expect(cadet.getByText('Inactive')).toBeTruthy();
    expect(cadet.queryByText('Popular')).toBeNull();
  });

  it('fills the slug from the name until the admin types one, with the form defaults of SPEC.md §9', async () => {
    renderAdmin('/admin/tiers');
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Tier' }));

    const form = dialog('Create Tier');
    expect((form.getByLabelText('Icon') as HTMLInputElement).value).toBe('⭐');
    expect((form.getByLabelText('Gradient from') as HTMLInputElement).value).toBe('#3b82f6');
    expect((form.getByLabelText('Gradient to') as HTMLInputElement).value).toBe('#8b5cf6');
    expect((form.getByLabelText('Role colour') as HTMLInputElement).value).toBe('#5865f2');
    expect((form.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);

    change('Name', 'Star  Admiral!');
    expect((form.getByLabelText('Slug') as HTMLInputElement).value).toBe('star-admiral');
    change('Slug', 'admiral');
    change('Name', 'Fleet Admiral');
    expect((form.getByLabelText('Slug') as HTMLInputElement).value).toBe('admiral');
  });

  it('creates a tier: price as a decimal, blank benefits dropped, the toast, the list refetched', async () => {
    const { bodies, count } = renderAdmin('/admin/tiers', { api: tierServer([]) });
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Tier' }));

    change('Name', 'Admiral');
    change('Price (USD per month)', '19.99');
    change('Icon', '👑');
    change('Display order', '3');
    change('Benefit 1', '  Admiral role  ');
    fireEvent.click(dialog('Create Tier').getByRole('button', { name: '+ Add Benefit' }));
    fireEvent.click(dialog('Create Tier').getByRole('button', { name: '+ Add Benefit' }));
    change('Benefit 3', 'Monthly credits');
    change('Role name', 'Admiral');
    fireEvent.click(dialog('Create Tier').getByLabelText('Popular'));
    fireEvent.click(dialog('Create Tier').getByRole('button', { name: 'Create Tier' }));

    expect(await screen.findByText('Tier created successfully!')).toBeTruthy();
    expect(bodies('POST /api/tiers')).toEqual([
      {
        name: 'Admiral',
        slug: 'admiral',
        price: 19.99,
        icon: '👑',
        benefits: ['Admiral role', 'Monthly credits'],
        popular: true,
        displayOrder: 3,
        isActive: true,
        colorGradient: { from: '#3b82f6', to: '#8b5cf6' },
        discordRole: 'Admiral',
        discordRoleId: '',
        discordRoleColor: '#5865F2',
      },
    ]);
    expect(await screen.findByRole('article', { name: 'Admiral' })).toBeTruthy();
    expect(count('GET /api/tiers/all')).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("offers the Discord server's roles when a bot reads them, filling the role name", async () => {
    const { bodies } = renderAdmin('/admin/tiers', {
      api: {
        ...tierServer([]),
        'GET /api/admin/discord/roles': () =>
          json(200, {
            roles: [
              { id: 'role-admiral', name: 'Admiral' },
              { id: 'role-cadet', name: 'Cadet' },
            ],
          }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Tier' }));
    change('Name', 'Admiral');
    change('Price (USD per month)', '19.99');
    const role = (await dialog('Create Tier').findByLabelText('Role')) as HTMLSelectElement;
    fireEvent.change(role, { target: { value: 'role-admiral' } });
    expect((dialog('Create Tier').getByLabelText('Role name') as HTMLInputElement).value).toBe('Admiral');
    fireEvent.click(dialog('Create Tier').getByRole('button', { name: 'Create Tier' }));
    expect(await screen.findByText('Tier created successfully!')).toBeTruthy();
    expect(bodies('POST /api/tiers')[0]).toMatchObject({ discordRole: 'Admiral', discordRoleId: 'role-admiral' });
  });

  it('refuses to send a tier without a price or a Discord role name, and says why next to each', async () => {
    const { count } = renderAdmin('/admin/tiers');
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Tier' }));

    change('Name', 'Admiral');
    change('Icon', '🚀🚀🚀');
    fireEvent.click(dialog('Create Tier').getByRole('button', { name: 'Create Tier' }));

    const form = dialog('Create Tier');
    expect(await form.findByText('Price must be a number of at least 0')).toBeTruthy();
    expect(form.getByText('Icon must be at most 2 characters')).toBeTruthy();
    expect(form.getByText('Discord role name is required')).toBeTruthy();
    expect(form.getByLabelText('Price (USD per month)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.getByLabelText('Price (USD per month)'));
    expect(count('POST /api/tiers')).toBe(0);
  });

  it('counts an emoji with its variation selector as the characters a person sees', () => {
    const base = {
      name: 'A',
      slug: 'a',
      price: '1',
      benefits: [],
      popular: false,
      displayOrder: '',
      isActive: true,
      colorGradient: { from: '#3b82f6', to: '#8b5cf6' },
      discordRole: 'A',
      discordRoleId: '',
      discordRoleColor: '#5865F2',
    };
    expect(buildTierInput({ ...base, icon: '⭐️' }).errors).toEqual({});
    expect(buildTierInput({ ...base, icon: '🚀🚀' }).errors).toEqual({});
    expect(buildTierInput({ ...base, icon: 'abc' }).errors.icon).toBe('Icon must be at most 2 characters');
    expect(buildTierInput({ ...base, icon: '' }).input?.displayOrder).toBe(0);
    // Past 32 bits is fine; past the contract's bound the field says it.
    expect(buildTierInput({ ...base, icon: '', displayOrder: '2147483648' }).input?.displayOrder).toBe(2147483648);
    expect(buildTierInput({ ...base, icon: '', displayOrder: '1000000000001' }).errors.displayOrder).toBe(
      'Display order must be from -1,000,000,000,000 to 1,000,000,000,000',
    );
  });

  it('edits a tier in the same modal and keeps its slug when the name changes', async () => {
    const { bodies } = renderAdmin('/admin/tiers', { api: tierServer([makeTier()]) });
    const captain = within(await screen.findByRole('article', { name: 'Captain' }));
    fireEvent.click(captain.getByRole('button', { name: 'Edit Captain' }));

    const form = dialog('Edit Tier');
    expect((form.getByLabelText('Price (USD per month)') as HTMLInputElement).value).toBe('9.99');
    expect((form.getByLabelText('Benefit 2') as HTMLInputElement).value).toBe('600 bonus credits every month');
    change('Name', 'Star Captain', 'Edit Tier');
    expect((form.getByLabelText('Slug') as HTMLInputElement).value).toBe('captain');
    fireEvent.click(form.getByRole('button', { name: 'Remove benefit 1' }));
    fireEvent.click(form.getByRole('button', { name: 'Update Tier' }));

    expect(await screen.findByText('Tier updated successfully!')).toBeTruthy();
    expect(bodies('PATCH /api/tiers/tier-captain')).toMatchObject([
      { name: 'Star Captain', slug: 'captain', benefits: ['600 bonus credits every month'] },
    ]);
    expect(await screen.findByRole('article', { name: 'Star Captain' })).toBeTruthy();
  });

  it('asks before deleting, does nothing on Cancel, and deletes on confirmation', async () => {
    const { count } = renderAdmin('/admin/tiers', { api: tierServer([makeTier()]) });
    const captain = within(await screen.findByRole('article', { name: 'Captain' }));

    fireEvent.click(captain.getByRole('button', { name: 'Delete Captain' }));
    expect(confirmation('Delete Tier').getByText(/delete the tier “Captain”/)).toBeTruthy();
    fireEvent.click(confirmation('Delete Tier').getByRole('button', { name: 'Cancel' }));
    expect(count('DELETE /api/tiers/tier-captain')).toBe(0);

    fireEvent.click(captain.getByRole('button', { name: 'Delete Captain' }));
    fireEvent.click(confirmation('Delete Tier').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tier deleted successfully!')).toBeTruthy();
    expect(await screen.findByText('No tiers created yet')).toBeTruthy();
    expect(count('DELETE /api/tiers/tier-captain')).toBe(1);
  });

  it("shows the server's refusal as 'Error: {message}' and keeps the form open", async () => {
    renderAdmin('/admin/tiers', {
      api: {
        'POST /api/tiers': () =>
          json(409, { error: { message: 'A tier with this slug already exists', code: 'conflict' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Tier' }));
    change('Name', 'Captain');
    change('Price (USD per month)', '5');
    change('Role name', 'Captain');
    fireEvent.click(dialog('Create Tier').getByRole('button', { name: 'Create Tier' }));

    expect(await screen.findByText('Error: A tier with this slug already exists')).toBeTruthy();
    expect((dialog('Create Tier').getByLabelText('Name') as HTMLInputElement).value).toBe('Captain');
  });

  it("shows a refused deletion as 'Error: {message}'", async () => {
    renderAdmin('/admin/tiers', {
      api: {
        ...tierServer([makeTier()]),
        'DELETE /api/tiers/tier-captain': () =>
          json(409, { error: { message: 'This tier is held by 2 players; make it inactive instead' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Captain' }));
    fireEvent.click(confirmation('Delete Tier').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error: This tier is held by 2 players; make it inactive instead')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Captain' })).toBeTruthy();
  });

  it('fails to load the list silently, to the console only (SPEC.md §8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderAdmin('/admin/tiers', { api: { 'GET /api/tiers/all': () => json(500, { error: { message: 'Boom' } }) } });

      expect(await screen.findByText('No tiers created yet')).toBeTruthy();
      await waitFor(() => expect(consoleError).toHaveBeenCalled());
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });
});
