// Identifiers and secrets made by the application.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe: session tokens and other bearer secrets. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
