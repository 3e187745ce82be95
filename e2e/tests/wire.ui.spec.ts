// On the wire in a real browser: the first page, its script and its style arrive compressed in the
// form Chromium asked for (brotli when it names br, else gzip), and /robots.txt is plain text.
import { expect, type Response, test } from '@playwright/test';

const expectedEncoding = (acceptEncoding: string | undefined) => (/\bbr\b/.test(acceptEncoding ?? '') ? 'br' : 'gzip');

test("the first page's script and style arrive compressed as the browser asks", async ({ page }) => {
  const answers: Response[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/' || /^\/assets\/.+\.(?:js|css)$/.test(pathname)) answers.push(response);
  });
  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible();

  const kinds = new Set<string>();
  for (const response of answers) {
    const { pathname } = new URL(response.url());
    const asked = (await response.request().allHeaders())['accept-encoding'];
    const headers = await response.allHeaders();
    expect(response.status(), pathname).toBe(200);
    expect(headers['content-encoding'], `${pathname} asked ${asked}`).toBe(expectedEncoding(asked));
    expect(headers.vary, pathname).toBe('Accept-Encoding');
    if (pathname.startsWith('/assets/')) {
      expect(headers['cache-control'], pathname).toBe('public, max-age=31536000, immutable');
    }
    kinds.add(pathname === '/' ? 'html' : (pathname.split('.').pop() as string));
  }
  expect([...kinds].sort()).toEqual(['css', 'html', 'js']);
});

test('/robots.txt is plain text naming the sitemap, and a missing file is a 404', async ({ page, baseURL }) => {
  const robots = await page.goto('/robots.txt');
  expect(robots?.status()).toBe(200);
  expect(robots?.headers()['content-type']).toBe('text/plain; charset=UTF-8');
  expect(await robots?.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const missing = await page.goto('/missing.js');
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()['content-type']).not.toContain('text/html');
});
