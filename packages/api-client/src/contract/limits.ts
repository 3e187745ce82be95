// Business constants of SPEC.md §9 that both the forms and the server enforce.
export const PASSWORD_MIN_LENGTH = 6;
/** SECURITY.md asks to allow at least 64; longer pass-phrases are welcome up to this bound. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;
