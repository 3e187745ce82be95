// The desktop console's BUILT renderer (apps/console/out/renderer) in Chromium, with a test version
// of the preload bridge, against the real server: an admin signs in and edits an item, a player is
// refused, dropped image files are uploaded (or refused by size), Sign Out and a 401 end the session.
// The files are served under the server's own origin (/console/), so no CORS grant is needed here;
// the app:// grant the packaged console relies on is tested in server/test/console-cors.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { registerAccount } from '../fixtures/accounts.ts';
import { chooseRowAction } from '../fixtures/admin.ts';
import { recordCspViolations } from '../fixtures/csp.ts';
import { makePng } from '../fixtures/png.ts';
import { e2eAdmin } from '../playwright.config.ts';

const rendererDir = path.resolve(import.meta.dirname, '../../apps/console/out/renderer');
const modal = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

interface BridgeLog {
  state: { serverUrl: string; token: string | null; remembersSignIn: boolean };
  calls: string[];
}

async function openConsole(page: Page, baseURL: string) {
  expect(fs.existsSync(path.join(rendererDir, 'index.html')), 'run npm run build first').toBe(true);
  await page.route(`${baseURL}/console/**`, async (route) => {
    const relative = new URL(route.request().url()).pathname.replace(/^\/console\/?/, '') || 'index.html';
    const file = path.join(rendererDir, relative);
    if (!file.startsWith(rendererDir) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
    return route.fulfill({ body: fs.readFileSync(file), contentType: type });
  });
  // The preload's test double: the same four calls and the menu hook, the token in a variable
  // (the main process's stand-in) rather than in any web storage.
  await page.addInitScript(() => {
    const log = {
      state: { serverUrl: '', token: null as string | null, remembersSignIn: true },
      calls: [] as string[],
    };
    let menu: ((command: 'sign-out') => void) | null = null;
    Object.assign(window, {
      __bridge: log,
      __menu: (command: 'sign-out') => menu?.(command),
      starportConsole: {
        getState: async () => ({ ...log.state }),
        setServerUrl: async (url: string) => {
          log.calls.push('setServerUrl');
          log.state.serverUrl = url;
        },
        setToken: async (token: string) => {
          log.calls.push('setToken');
          log.state.token = token;
        },
        clearToken: async () => {
          log.calls.push('clearToken');
          log.state.token = null;
        },
        onMenu: (listener: (command: 'sign-out') => void) => {
          menu = listener;
          return () => {
            menu = null;
          };
        },
      },
    });
  });
  await page.goto(`${baseURL}/console/index.html`);
}

const bridgeLog = (page: Page) => page.evaluate(() => (window as unknown as { __bridge: BridgeLog }).__bridge);

async function signIn(page: Page, baseURL: string, email: string, password: string) {
  await page.getByLabel('Server address').fill(baseURL);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Drops files on an element the way the OS does: a real DataTransfer carrying real File objects. */
async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; type: string; base64?: string; size?: number }[],
) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = file.base64
        ? Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
        : new Uint8Array(file.size ?? 0);
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
  await page.locator(selector).dispatchEvent('dragover', { dataTransfer });
  await page.locator(selector).dispatchEvent('drop', { dataTransfer });
}

test('an admin signs in, edits an item, drops images on the item form, and signs out', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  // An item of this test's own, made through the API as the admin.
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  const adminToken = ((await login.json()) as { token: string }).token;
  const name = `Console Probe ${Date.now().toString(36)}`;
  const created = await request.post('/api/shop/admin/items', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name, description: 'Made by the console test', category: 'ships', priceCredits: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/shop/admin/images/upload')) uploads.push(req.url());
  });

  await openConsole(page, base);
  await expect(page.getByRole('heading', { name: 'Starport Console' })).toBeVisible();
  await signIn(page, base, e2eAdmin.email, e2eAdmin.password);
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  const signedIn = await bridgeLog(page);
  expect(signedIn.state.serverUrl).toBe(base);
  expect(signedIn.state.token).toBeTruthy();
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shop Items' }).click();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const form = modal(page, 'Edit Shop Item');
  await expect(form).toBeVisible();
  await form.getByLabel('Description').fill('Edited in the console');

  // A 6 MB file: the size error, and nothing is sent.
  await dropFiles(page, '[role="dialog"]', [{ name: 'huge.png', type: 'image/png', size: 6 * 1024 * 1024 }]);
  await expect(form.getByRole('alert').filter({ hasText: 'File size must be less than 5MB' })).toBeVisible();
  expect(uploads).toHaveLength(0);

  // A real PNG: uploaded, and it becomes the item's image.
  await dropFiles(page, '[role="dialog"]', [
    { name: 'console-drop.png', type: 'image/png', base64: makePng().toString('base64') },
  ]);
  await expect(form.getByText('Uploaded', { exact: true })).toBeVisible();
  const imagePath = form.getByText(/^\/images\//);
  await expect(imagePath).toBeVisible();
  const imageUrl = (await imagePath.textContent()) ?? '';
  await expect(form.getByRole('img', { name: 'Chosen image' })).toHaveAttribute('src', `${base}${imageUrl}`);
  expect(uploads).toHaveLength(1);
  await form.getByRole('button', { name: 'Update Item' }).click();
  await expect(toast(page, 'Item updated successfully!')).toBeVisible();

  const items = (await (
    await request.get('/api/shop/admin/items', { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json()) as {
    items: { name: string; description: string; imageUrl: string | null }[];
  };
  expect(items.items.find((item) => item.name === name)).toMatchObject({
    description: 'Edited in the console',
    imageUrl,
  });
  const card = page.getByRole('article', { name });
  await expect(card.locator(`img[src="${base}${imageUrl}"]`)).toBeVisible();

  // Sign Out revokes the token on the server and returns to the sign-in.
  const token = signedIn.state.token;
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect((await bridgeLog(page)).state.token).toBeNull();
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a player is refused, and the token they got is revoked', async ({ page, request, baseURL }) => {
  const base = baseURL ?? '';
  const player = await registerAccount(request, 'consoleplayer');
  await openConsole(page, base);
  const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await signIn(page, base, player.email, player.password);
  const { token } = (await (await loginAnswer).json()) as { token: string };
  await expect(page.getByRole('alert').filter({ hasText: 'This account is not an administrator' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  const log = await bridgeLog(page);
  expect(log.state.token).toBeNull();
  expect(log.calls).not.toContain('setToken');
  await expect
    .poll(async () => (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status())
    .toBe(401);
});

test('a token the server refuses returns to the sign-in; the menu signs out too', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  await openConsole(page, base);
  await signIn(page, base, e2eAdmin.email, e2eAdmin.password);
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  const { token } = (await bridgeLog(page)).state;
  // Revoked behind the console's back: its next call gets a 401.
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect((await bridgeLog(page)).state.token).toBeNull();
  // The server address is remembered for the next sign-in.
  await expect(page.getByLabel('Server address')).toHaveValue(base);

  await signIn(page, base, e2eAdmin.email, e2eAdmin.password);
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  await page.evaluate(() => (window as unknown as { __menu: (c: string) => void }).__menu('sign-out'));
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test("an admin reverses a bought gift from a player's item moves in the console (issue 20)", async ({
  page,
  request,
  baseURL,
}) => {
  const buyer = await registerAccount(request, 'patron');
  const friend = await registerAccount(request, 'wingmate');
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  const adminToken = ((await login.json()) as { token: string }).token;
  const credits = await request.patch(`/api/admin/users/${buyer.id}/credits`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { credits: 1000 },
  });
  expect(credits.status(), await credits.text()).toBe(200);
  const { items } = (await (await request.get('/api/shop/items')).json()) as { items: { _id: string; slug: string }[] };
  const bought = await request.post('/api/shop/purchase', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { itemId: items.find((item) => item.slug === 'scout-corvette')?._id, quantity: 1, giftTo: friend.username },
  });
  expect(bought.status(), await bought.text()).toBe(200);

  await openConsole(page, baseURL ?? '');
  await signIn(page, baseURL ?? '', e2eAdmin.email, e2eAdmin.password);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(friend.username);
  // The search's answer first: the list drawn again would close a menu opened before it.
  await expect(page.getByText(/·\s*1\s*matching/)).toBeVisible();
  await chooseRowAction(page, friend.username, `Item moves of ${friend.username}`);
  const row = modal(page, `Item moves of ${friend.username}`)
    .getByRole('listitem')
    .filter({ hasText: 'Scout Corvette' });
  await expect(row).toContainText(`${buyer.username} → ${friend.username}`);
  await row.getByRole('button', { name: /^Reverse the bought gift/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Reverse Transfer' })
    .getByRole('button', { name: 'Reverse', exact: true })
    .click();
  await expect(toast(page, 'Transfer reversed: the items are back')).toBeVisible();
  await expect(row.getByText('Reversed', { exact: true })).toBeVisible();
});

test("the console's forms validate with zod without a Content-Security-Policy refusal (zod runs jitless)", async ({
  page,
  baseURL,
}) => {
  const refusals = await recordCspViolations(page);
  await openConsole(page, baseURL ?? '');
  await signIn(page, baseURL ?? '', e2eAdmin.email, e2eAdmin.password);
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shop Items' }).click();
  await page.getByRole('button', { name: '+ Create Item' }).click();
  const form = modal(page, 'Create Shop Item');
  await form.getByRole('button', { name: 'Create Item' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  expect(await refusals()).toEqual([]);
});

// Issue 23, item 2: the console draws tier and category icons as Twemoji pictures from its own build
// (out/renderer/emoji/<version>/, loaded from app://console/ when packaged), not from the server and
// not from a font. Here the renderer's origin is the server's, so its /emoji/ addresses are answered
// from the built renderer's files, and the server's own /emoji/ is never asked.
test('the console draws tier and category icons from the pictures its build ships', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const served: string[] = [];
  await page.route(`${base}/emoji/**`, async (route) => {
    const relative = new URL(route.request().url()).pathname.slice(1);
    const file = path.join(rendererDir, relative);
    if (!file.startsWith(rendererDir) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    served.push(relative);
    return route.fulfill({ body: fs.readFileSync(file), contentType: 'image/svg+xml' });
  });
  await openConsole(page, base);
  await signIn(page, base, e2eAdmin.email, e2eAdmin.password);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Tiers' }).click();
  const captain = page.getByRole('article', { name: 'Captain' });
  const icon = captain.locator('.tier-row-icon img');
  await expect(icon).toHaveAttribute('src', '/emoji/15.0.0/1f680.svg');
  await expect.poll(() => icon.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await captain.locator('.tier-row-icon').textContent()).toBe('');

  await nav.getByRole('link', { name: 'Categories' }).click();
  const armor = page.getByRole('rowheader', { name: 'Armor' }).locator('.emoji-icon img');
  // 🛡️ as typed in the seed (with U+FE0F), a file named without it.
  await expect(armor).toHaveAttribute('src', '/emoji/15.0.0/1f6e1.svg');
  await expect.poll(() => armor.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(served).toEqual(expect.arrayContaining(['emoji/15.0.0/1f680.svg', 'emoji/15.0.0/1f6e1.svg']));
});
