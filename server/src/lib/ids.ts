// Identifiers and secrets made by the application.
import { hash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe: session tokens and other bearer secrets. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** One-shot `hash` (Node ≥ 20.12): a fifth of the time of createHash, and every signed-in call hashes its token. */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');
