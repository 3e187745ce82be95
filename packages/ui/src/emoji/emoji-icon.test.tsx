/// <reference types="node" />
// The emoji icon and the rule that names its pictures, checked against the files @twemoji/svg ships.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EMOJI_PATH, EMOJI_SET_VERSION, emojiFileName, emojiNameOfFile } from '@starport/api-client/emoji';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmojiIcon, emojiParts } from './emoji-icon.tsx';

const setDir = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
// e50a.svg is a private-use character of Twitter's, no emoji anyone types.
const setFiles = fs.readdirSync(setDir).filter((file) => file.endsWith('.svg') && file !== 'e50a.svg');
/** Every picture of the set under the name it is served by. */
const served = new Set(setFiles.map(emojiNameOfFile));

const textOf = (file: string) =>
  String.fromCodePoint(
    ...file
      .replace(/\.svg$/, '')
      .split('-')
      .map((hex) => Number.parseInt(hex, 16)),
  );
const has = (emoji: string) => {
  const name = emojiFileName(emoji);
  return name !== null && served.has(name);
};

describe('emojiFileName, against the files of @twemoji/svg', () => {
  it('is the version of the set installed, which the pictures’ addresses name', () => {
    const installed = JSON.parse(fs.readFileSync(path.join(setDir, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(EMOJI_SET_VERSION);
    expect(EMOJI_PATH).toBe(`/emoji/${EMOJI_SET_VERSION}/`);
  });

  it('names every file of the set, each by a name of its own', () => {
    expect(setFiles.length).toBeGreaterThan(3500);
    expect(setFiles.filter((file) => emojiNameOfFile(file) === null)).toEqual([]);
    expect(served.size).toBe(setFiles.length);
  });

  it('finds each picture from its emoji, typed with or without its variation selectors', () => {
    const missed: string[] = [];
    for (const file of setFiles) {
      const emoji = textOf(file);
      // As the file names it, with every U+FE0F left out, and with U+FE0F after each base character.
      const bare = emoji.replaceAll('\ufe0f', '');
      const qualified = Array.from(bare, (char) =>
        /\p{Extended_Pictographic}/u.test(char) ? `${char}\ufe0f` : char,
      ).join('');
      for (const typed of [emoji, bare, qualified]) if (!has(typed)) missed.push(`${file}: ${typed}`);
      // One emoji is one grapheme: one picture.
      if (emojiParts(emoji).length !== 1) missed.push(`${file}: ${emojiParts(emoji).length} graphemes`);
    }
    expect(missed).toEqual([]);
  });

  it('splits text into graphemes as Intl.Segmenter does, alone, in pairs and with text around', () => {
    const segmenter = new Intl.Segmenter();
    const segments = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);
    const texts = ['', 'a', '\ufe0f', 'a\ufe0f', 'ab', '🚀🛸', '🛡️⚔️', 'e\u0301'];
    for (const [index, file] of setFiles.entries()) {
      const emoji = textOf(file);
      texts.push(emoji, `${emoji}\ufe0f`, `${emoji}${textOf(setFiles[(index + 1) % setFiles.length] as string)}`);
    }
    expect(texts.filter((text) => JSON.stringify(emojiParts(text)) !== JSON.stringify(segments(text)))).toEqual([]);
  });

  it.each([
    ['🚀', '1f680'],
    ['⭐', '2b50'],
    ['🛡️', '1f6e1'],
    ['🛡', '1f6e1'],
    ['❤️', '2764'],
    ['#️⃣', '23-20e3'],
    ['1️⃣', '31-20e3'],
    ['🇬🇧', '1f1ec-1f1e7'],
    ['👍🏽', '1f44d-1f3fd'],
    ['👨‍👩‍👧', '1f468-200d-1f469-200d-1f467'],
    ['🏳️‍🌈', '1f3f3-200d-1f308'],
    ['🏴‍☠️', '1f3f4-200d-2620'],
    ['👁️‍🗨️', '1f441-200d-1f5e8'],
    ['🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1f3f4-e0067-e0062-e0073-e0063-e0074-e007f'],
    ['©️', 'a9'],
  ])('%s is %s, a file of the set', (emoji, name) => {
    expect(emojiFileName(emoji)).toBe(name);
    expect(served.has(name)).toBe(true);
  });

  it('leaves text that is no emoji to the text', () => {
    expect(emojiFileName('A')).toBeNull();
    expect(emojiFileName('1')).toBeNull();
    expect(emojiFileName('#')).toBeNull();
  });
});

describe('EmojiIcon', () => {
  it('draws an emoji as its picture, decorative beside a name', () => {
    const { container } = render(<EmojiIcon emoji="🛡️" size={20} />);
    const icon = container.querySelector('.emoji-icon') as HTMLElement;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    const image = icon.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(`${EMOJI_PATH}1f6e1.svg`);
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('width')).toBe('20');
    expect(image.getAttribute('height')).toBe('20');
    // No emoji glyph is left to a font.
    expect(icon.textContent).toBe('');
  });

  it('named when alone: one image with that name', () => {
    render(<EmojiIcon emoji="👑" label="Admiral" />);
    const icon = screen.getByRole('img', { name: 'Admiral' });
    expect(icon.querySelector('img')?.getAttribute('src')).toBe(`${EMOJI_PATH}1f451.svg`);
  });

  it('draws each emoji of the text, ZWJ sequences, flags and skin tones whole', () => {
    const { container } = render(<EmojiIcon emoji="🚀🚀" />);
    expect([...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      `${EMOJI_PATH}1f680.svg`,
      `${EMOJI_PATH}1f680.svg`,
    ]);
    const { container: family } = render(<EmojiIcon emoji="👨‍👩‍👧🇬🇧" />);
    expect([...family.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      `${EMOJI_PATH}1f468-200d-1f469-200d-1f467.svg`,
      `${EMOJI_PATH}1f1ec-1f1e7.svg`,
    ]);
  });

  it('keeps text that is no emoji as text, and falls back to the text when a picture fails', () => {
    const { container } = render(<EmojiIcon emoji="A⚡" />);
    const icon = container.querySelector('.emoji-icon') as HTMLElement;
    expect(icon.querySelectorAll('img')).toHaveLength(1);
    expect(icon.textContent).toBe('A');
    fireEvent.error(icon.querySelector('img') as HTMLImageElement);
    expect(icon.querySelectorAll('img')).toHaveLength(0);
    expect(icon.textContent).toBe('A⚡');
  });
});
