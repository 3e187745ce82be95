// Types of write-common-passwords.mjs for the test that compares the shipped list with its source.
export function pickCommonPasswords(): string[];
