// The browser suite: Debian's Chromium against the real server serving the built site, on a free
// port with a temporary data folder. `npm test` at the root builds first and runs this.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
// `npm test` hands over a port it found free; run directly, a random one. The main process picks
// these once; workers inherit them through the environment.
process.env.E2E_PORT ??= String(4300 + Math.floor(Math.random() * 600));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'starport-e2e-'));
process.env.E2E_DISCORD_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_MAILBOX_PORT ??= String(Number(process.env.E2E_PORT) + 2);
process.env.E2E_MAILBOX_HTTP_PORT ??= String(Number(process.env.E2E_PORT) + 3);
const port = Number(process.env.E2E_PORT);
const discordPort = Number(process.env.E2E_DISCORD_PORT);
/** The mailbox (scripts/mailbox.mjs): the SMTP server the server sends to, and where tests read it. */
const mailboxSmtpPort = Number(process.env.E2E_MAILBOX_PORT);
const mailboxHttpPort = Number(process.env.E2E_MAILBOX_HTTP_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export const e2eAdmin = { email: 'admin@starport.test', password: 'Command-Deck-2026' };

/** The fake Discord the server talks to (server/test/fakes/fake-discord.ts): its fixed credentials. */
export const e2eDiscord = {
  origin: `http://127.0.0.1:${discordPort}`,
  userId: '100000000000000001',
  username: 'nova_pilot',
};

/** Where the tests read the mail the server sent: GET /messages?to=ADDRESS. */
export const e2eMailbox = { origin: `http://127.0.0.1:${mailboxHttpPort}` };

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'api', testMatch: /.*\.api\.spec\.ts/ },
    {
      name: 'ui',
      testMatch: /.*\.ui\.spec\.ts/,
      use: {
        browserName: 'chromium',
        // As a player who asked for less motion (the site honours it): the endless background
        // twinkle and the moon's float stop, which otherwise repaint the whole page every frame in a
        // GPU-less Chromium, about a third of the suite's time on a 2-core machine. The specs about
        // motion itself (feel, images) ask for it as it comes by default.
        reducedMotion: 'reduce',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `node ${path.join(root, 'e2e', 'scripts', 'fake-discord.mjs')}`,
      url: `${e2eDiscord.origin}/oauth2/authorize`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_DISCORD_PORT: String(discordPort) },
    },
    {
      command: `node ${path.join(root, 'e2e', 'scripts', 'mailbox.mjs')}`,
      url: `${e2eMailbox.origin}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAILBOX_SMTP_PORT: String(mailboxSmtpPort), MAILBOX_HTTP_PORT: String(mailboxHttpPort) },
    },
    {
      command: `node ${path.join(root, 'server', 'dist', 'index.js')}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: '',
        PUBLIC_URL: baseURL,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        // The leaderboard spec makes a hundred players to fill a board's first page.
        REGISTER_LIMIT_PER_ADDRESS: '400',
        LOGIN_LIMIT_PER_ADDRESS: '200',
        CHECKOUT_LIMIT_PER_ADDRESS: '200',
        LOG_LEVEL: 'warn',
        // No Stripe keys here: the payment journeys pay on the sandbox's own checkout page.
        PAYMENTS: 'sandbox',
        DISCORD_CLIENT_ID: 'fake-client-id',
        DISCORD_CLIENT_SECRET: 'fake-client-secret',
        DISCORD_BOT_TOKEN: 'fake-bot-token',
        DISCORD_GUILD_ID: 'guild-1',
        DISCORD_API_BASE: `${e2eDiscord.origin}/api/v10`,
        DISCORD_AUTHORIZE_URL: `${e2eDiscord.origin}/oauth2/authorize`,
        SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}`,
        MAIL_FROM: 'Starport <no-reply@starport.test>',
      },
    },
  ],
});
