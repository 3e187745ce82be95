// The time source, injectable so tests can move it (session expiry, rate-limit windows).
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const toIso = (date: Date): string => date.toISOString();
export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
