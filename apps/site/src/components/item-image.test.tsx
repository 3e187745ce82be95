// A list's pictures, first picture first: the others are asked for once it is on screen, or at once
// when it has none or fails; outside such a list every picture is asked for as it is drawn.
import { defaultSiteSettings, type ItemImage as SizedImage } from '@starport/api-client/contract';
import { createFakeApi, json } from '@starport/ui/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import {
  FIRST_PICTURE_WAIT_MS,
  FirstPictureFirst,
  firstRowPriority,
  ItemImage,
  usePictureQueue,
} from './item-image.tsx';
import { preloadFirstPicture } from './preload-picture.ts';

const sized = (name: string): SizedImage => ({
  url: `/images/library/${name}.webp?v=h`,
  width: 512,
  height: 512,
  variants: [
    { url: `/images/library/${name}.webp?v=h&w=256`, width: 256 },
    { url: `/images/library/${name}.webp?v=h`, width: 512 },
  ],
});

const names = ['Scout', 'Laser', 'Plating', 'Shield', 'Railgun'];

function renderList({ queued = true, firstPicture = true } = {}) {
  const { client, tokenStore } = createFakeApi(
    { 'GET /api/shop/site-settings': () => json(200, { settings: defaultSiteSettings }) },
    { token: null },
  );
  const pictures = names.map((name, index) => (
    <ItemImage
      key={name}
      name={name}
      imageUrl={index === 0 && !firstPicture ? null : `/images/library/${name}.webp`}
      image={index === 0 && !firstPicture ? undefined : sized(name)}
      sizes="280px"
      priority={firstRowPriority(index, 3)}
    />
  ));
  function List() {
    const queue = usePictureQueue();
    return <FirstPictureFirst queue={queue}>{pictures}</FirstPictureFirst>;
  }
  render(
    <AppProviders client={client} tokenStore={tokenStore}>
      {queued ? <List /> : pictures}
    </AppProviders>,
  );
}

/** What each picture asks for now: its address, or null while it waits. */
const asked = () => names.map((name) => screen.getByRole('img', { name }).getAttribute('src'));

/** Two frames and a turn: what afterPaint waits for. */
const nextFrames = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0))));

afterEach(() => {
  vi.useRealTimers();
});

describe('FirstPictureFirst', () => {
  it('asks for the first picture alone, then the others once it is on screen', async () => {
    renderList();
    expect(asked()).toEqual(['/images/library/Scout.webp?v=h', null, null, null, null]);
    const first = screen.getByRole('img', { name: 'Scout' });
    expect(first.getAttribute('fetchpriority')).toBe('high');
    // The waiting ones keep their place and how they will load: the row at once, the rest lazily.
    expect(names.map((name) => screen.getByRole('img', { name }).getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);

    fireEvent.load(first);
    await nextFrames();
    expect(asked()).toEqual(names.map((name) => `/images/library/${name}.webp?v=h`));
    expect(screen.getByRole('img', { name: 'Laser' }).getAttribute('srcset')).toBe(
      '/images/library/Laser.webp?v=h&w=256 256w, /images/library/Laser.webp?v=h 512w',
    );
  });

  it('lets the others come when the first picture fails, and it shows its placeholder', async () => {
    renderList();
    fireEvent.error(screen.getByRole('img', { name: 'Scout' }));
    await nextFrames();
    expect(screen.getByRole('img', { name: 'Scout' }).tagName).toBe('DIV');
    expect(asked().slice(1)).toEqual(names.slice(1).map((name) => `/images/library/${name}.webp?v=h`));
  });

  it('holds the others back no longer than FIRST_PICTURE_WAIT_MS when the first picture does not come', () => {
    vi.useFakeTimers();
    renderList();
    act(() => vi.advanceTimersByTime(FIRST_PICTURE_WAIT_MS - 1));
    expect(asked().slice(1)).toEqual([null, null, null, null]);
    act(() => vi.advanceTimersByTime(1));
    expect(asked()).toEqual(names.map((name) => `/images/library/${name}.webp?v=h`));
  });

  it('holds nobody up when the first item has no picture', () => {
    renderList({ firstPicture: false });
    expect(screen.getByRole('img', { name: 'Scout' }).tagName).toBe('DIV');
    expect(asked().slice(1)).toEqual(names.slice(1).map((name) => `/images/library/${name}.webp?v=h`));
  });

  it('outside such a list, asks for every picture as it is drawn', () => {
    renderList({ queued: false });
    expect(asked()).toEqual(names.map((name) => `/images/library/${name}.webp?v=h`));
  });
});

describe('preloadFirstPicture', () => {
  const api = () => createFakeApi({}, { token: null }).client;
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
  afterEach(() => {
    for (const link of preloads()) link.remove();
  });

  it('asks for the picture with the srcset and sizes its ItemImage will use, at high priority, once', () => {
    preloadFirstPicture(api(), { imageUrl: '/images/library/Probe.webp', image: sized('Probe') }, '280px');
    preloadFirstPicture(api(), { imageUrl: '/images/library/Probe.webp', image: sized('Probe') }, '280px');
    const links = preloads();
    expect(links).toHaveLength(1);
    const link = links[0] as HTMLLinkElement;
    // No href beside a srcset: a browser that cannot choose from it fetches nothing it would not show.
    expect(link.getAttribute('href')).toBeNull();
    expect(link.getAttribute('imagesrcset')).toBe(
      '/images/library/Probe.webp?v=h&w=256 256w, /images/library/Probe.webp?v=h 512w',
    );
    expect(link.getAttribute('imagesizes')).toBe('280px');
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it('asks for a picture the server did not size by its address', () => {
    preloadFirstPicture(api(), { imageUrl: '/images/library/Old.webp' }, '280px');
    expect(preloads().map((link) => [link.getAttribute('href'), link.getAttribute('imagesrcset')])).toEqual([
      ['/images/library/Old.webp', null],
    ]);
  });

  it('asks for nothing when there is no first item or it has no picture', () => {
    preloadFirstPicture(api(), undefined, '280px');
    preloadFirstPicture(api(), { imageUrl: null }, '280px');
    expect(preloads()).toHaveLength(0);
  });
});
