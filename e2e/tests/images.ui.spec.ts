// Issue 23, items 2 and 9, in Chromium against the real server at a phone's width (390 px). Chromium
// here has no emoji font, so an icon left to the text would be a box: the shop's category tabs and the
// tier cards must show each icon as a Twemoji picture that loaded, with no emoji glyph in their text.
// Lazy pictures: the first row is fetched at once; a picture further down keeps its box and shows its
// placeholder while it loads, and takes no more room once it has.
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { signIn, test } from '../fixtures/accounts.ts';
import { mailItems } from '../fixtures/admin.ts';

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'no-preference' });

const EMOJI_GLYPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** Each icon picture under `scope`: its address and natural width once loaded, and its alt. */
async function iconPictures(scope: Locator) {
  const pictures = scope.locator('.emoji-icon img');
  await expect(pictures.first()).toBeVisible();
  // Loaded: Chromium gives an SVG that failed no natural width.
  await expect
    .poll(() => pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
    .toBe(true);
  return pictures.evaluateAll((images) =>
    images.map((image) => ({
      src: new URL((image as HTMLImageElement).src).pathname,
      naturalWidth: (image as HTMLImageElement).naturalWidth,
      alt: image.getAttribute('alt'),
    })),
  );
}

test('the category tabs show their icons as pictures that loaded, no emoji left to a font', async ({ page }) => {
  await page.goto('/shop');
  const tabs = page.getByRole('group', { name: 'Categories' });
  await expect(tabs.getByRole('button', { name: 'Ships' })).toBeVisible();
  const pictures = await iconPictures(tabs);
  // The seed's seven categories each have an icon.
  expect(pictures).toHaveLength(7);
  for (const picture of pictures) {
    expect(picture.src).toMatch(/^\/emoji\/15\.0\.0\/[0-9a-f-]+\.svg$/);
    expect(picture.naturalWidth, picture.src).toBeGreaterThan(0);
    // Decorative: the tab's name is beside it.
    expect(picture.alt).toBe('');
  }
  // 🚀 for Ships, 🛡️ (typed with U+FE0F, a file without it) for Armor.
  expect(pictures.map((picture) => picture.src)).toEqual(
    expect.arrayContaining(['/emoji/15.0.0/1f680.svg', '/emoji/15.0.0/1f6e1.svg']),
  );
  expect(await tabs.textContent()).not.toMatch(EMOJI_GLYPH);
  // The tabs are still named by their words alone.
  await expect(tabs.getByRole('button', { name: 'Armor & Shields', exact: true })).toBeVisible();
});

test('the tier cards show their icons as pictures that loaded, no emoji left to a font', async ({ page }) => {
  await page.goto('/tiers');
  const cards = page.locator('.tier-card');
  await expect(cards).toHaveCount(3);
  const pictures = await iconPictures(page.locator('.tier-grid'));
  expect(pictures.map((picture) => picture.src)).toEqual([
    '/emoji/15.0.0/2b50.svg',
    '/emoji/15.0.0/1f680.svg',
    '/emoji/15.0.0/1f451.svg',
  ]);
  for (const picture of pictures) expect(picture.naturalWidth, picture.src).toBeGreaterThan(0);
  for (const card of await cards.all()) expect(await card.textContent()).not.toMatch(EMOJI_GLYPH);
  // Drawn at the icon's size, inside its tile.
  const box = await cards.first().locator('.tier-icon img').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(28);
  expect(box?.height).toBe(box?.width);
});

/** Holds every answer for a library picture until released: a lazy picture stays mid-load meanwhile. */
async function holdPictures(page: Page) {
  const held: Route[] = [];
  const asked: string[] = [];
  let holding = true;
  await page.route('**/images/**', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return holding ? held.push(route) : route.continue();
  });
  return {
    /** Whether a picture at this path (any of its sized copies) has been asked for. */
    asked: (pathname: string) => asked.includes(pathname),
    /** The paths asked for so far, in order. */
    askedPaths: () => [...asked],
    /** Lets the earliest held answer through. */
    releaseFirst: async () => held.shift()?.continue(),
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.unroute('**/images/**');
    },
  };
}

test('the shop’s first row loads at once, its first picture alone; a picture further down keeps its box and shows its placeholder while it loads', async ({
  page,
}) => {
  const pictures = await holdPictures(page);
  await page.goto('/shop');
  const cards = page.locator('.shop-grid > li');
  await expect(cards.nth(7)).toBeVisible();
  const images = cards.locator('.item-image img');
  const first = await images.evaluateAll((list) =>
    list.slice(0, 4).map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
  );
  // The first before anything else of its kind (on a phone, the page's largest paint); the rest of
  // the row at the priority the browser gives a picture where it lies.
  expect(first).toEqual([
    ['eager', 'high'],
    ['eager', null],
    ['eager', null],
    ['eager', null],
  ]);
  // Asked for alone: the others wait, with no address yet, until it is on screen; then they come.
  const firstPath = new URL((await images.first().getAttribute('src')) ?? '', 'http://x').pathname;
  await expect.poll(() => pictures.askedPaths()).toEqual([firstPath]);
  expect(await images.nth(1).getAttribute('src')).toBeNull();
  await pictures.releaseFirst();
  await expect(images.nth(1)).toHaveAttribute('src', /^\/images\//);
  await expect.poll(() => pictures.askedPaths().length).toBeGreaterThan(1);

  // A little way down the list's end comes within a screen, and the next cards are drawn: the last
  // of them far below the fold, lazy, not yet asked for.
  await page.evaluate(() => window.scrollBy(0, 400));
  await expect.poll(() => cards.count()).toBeGreaterThan(8);
  const last = cards.last();
  const image = last.locator('.item-image img');
  await expect(image).toHaveAttribute('loading', 'lazy');
  const frame = last.locator('.item-image');
  const before = await frame.boundingBox();
  expect(before?.height).toBeGreaterThan(100);

  // Scrolled into view, its request is made and held: mid-load.
  const path = new URL((await image.getAttribute('src')) ?? '', 'http://x').pathname;
  expect(pictures.asked(path)).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => pictures.asked(path)).toBe(true);
  const midLoad = await image.evaluate((element) => ({
    loaded: (element as HTMLImageElement).naturalWidth > 0,
    marked: element.hasAttribute('data-loaded'),
    opacity: getComputedStyle(element).opacity,
    placeholder: getComputedStyle(element.parentElement as HTMLElement).backgroundImage,
    height: element.getBoundingClientRect().height,
  }));
  expect(midLoad.loaded).toBe(false);
  expect(midLoad.marked).toBe(false);
  // Transparent over the frame, whose colour (its rarity's glow over the dark) is the placeholder.
  expect(midLoad.opacity).toBe('0');
  expect(midLoad.placeholder).toContain('gradient');
  // The box is there already: the frame's size, before a byte of the picture.
  expect(midLoad.height).toBeCloseTo(before?.height ?? 0, 0);
  // The card's own height is taken on the screen: off it, the browser keeps a card's likely height
  // without laying it out (content-visibility in site.css).
  const cardBefore = await last.boundingBox();
  await page.screenshot({ path: test.info().outputPath('lazy-mid-load.png') });

  await pictures.release();
  await expect(image).toHaveAttribute('data-loaded', '');
  await expect(image).toHaveCSS('opacity', '1');
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // Loaded, nothing moved: the same frame and card height as before it came.
  const after = await frame.boundingBox();
  const cardAfter = await last.boundingBox();
  expect(after?.height).toBeCloseTo(before?.height ?? 0, 1);
  expect(after?.width).toBeCloseTo(before?.width ?? 0, 1);
  expect(cardAfter?.height).toBeCloseTo(cardBefore?.height ?? 0, 1);
});

test('the inventory’s first row loads at once (its first picture first), the rest as they come near, faded in over the placeholder', async ({
  page,
  request,
  player,
}) => {
  await mailItems(request, player.id, [
    'scout-corvette',
    'pulse-laser-array',
    'railgun-battery',
    'reactive-hull-plating',
  ]);
  await signIn(page, player.token);
  await page.goto('/inventory');
  const images = page.locator('.inventory-grid .item-image img');
  await expect(images).toHaveCount(4);
  // The first picture comes alone; once it is on screen, the others are asked for.
  await expect(images.nth(1)).toHaveAttribute('src', /^\/images\//);
  const seen = await images.evaluateAll((list) =>
    list.map((image) => [
      image.getAttribute('loading'),
      image.getAttribute('fetchpriority'),
      image.classList.contains('fade-in'),
    ]),
  );
  expect(seen).toEqual([
    ['eager', 'high', false],
    ['eager', null, false],
    ['eager', null, false],
    ['lazy', null, true],
  ]);
  // Once scrolled to and loaded, the lazy one is shown.
  await images.last().scrollIntoViewIfNeeded();
  await expect(images.last()).toHaveAttribute('data-loaded', '');
  await expect(images.last()).toHaveCSS('opacity', '1');
});

test('the inventory’s first picture is asked for once, as soon as the first page comes, and drawn from that fetch', async ({
  page,
  request,
  player,
}) => {
  await mailItems(request, player.id, ['scout-corvette', 'pulse-laser-array', 'railgun-battery']);
  await signIn(page, player.token);
  const pictures: string[] = [];
  const inventoryPages: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (sent.resourceType() === 'image' && url.pathname.startsWith('/images/'))
      pictures.push(url.pathname + url.search);
    if (url.pathname === '/api/shop/user/inventory') inventoryPages.push(url.search);
  });
  await page.goto('/inventory');
  const first = page.locator('.inventory-grid .item-image img').first();
  await expect
    .poll(() =>
      first.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  // The page's first read is a small first page, not the whole inventory.
  expect(inventoryPages).toEqual(['?limit=24']);
  const drawn = await first.evaluate((image) => {
    const url = new URL((image as HTMLImageElement).currentSrc);
    return url.pathname + url.search;
  });
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  await expect(preload).toHaveAttribute('imagesizes', (await first.getAttribute('sizes')) ?? '');
  await expect(preload).toHaveAttribute('imagesrcset', (await first.getAttribute('srcset')) ?? '');
  // The copy the picture shows is the one the preload fetched: that picture (any of its sizes) was
  // asked for once, in the size drawn, and not again by the <img>.
  const path = drawn.split('?')[0] ?? drawn;
  expect(pictures.filter((asked) => asked.split('?')[0] === path)).toEqual([drawn]);
});
