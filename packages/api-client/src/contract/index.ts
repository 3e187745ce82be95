// The API contract shared by the server (validation) and the clients (types): one place, no drift.
export * from './admin.ts';
export * from './admin-users.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './catalogue-rules.ts';
export * from './discord.ts';
export * from './discord-answers.ts';
export * from './errors.ts';
export * from './game.ts';
export * from './health.ts';
export * from './jobs.ts';
export * from './limits.ts';
export * from './passwords.ts';
export * from './payments.ts';
export * from './site-settings.ts';
export * from './site-settings-defaults.ts';
export * from './user.ts';
