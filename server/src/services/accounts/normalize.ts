// The forms of an email and a username that uniqueness and sign-in compare.
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const normalizeUsername = (username: string): string => username.trim().toLowerCase();
