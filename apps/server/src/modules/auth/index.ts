/** What other modules may use of sign-in: the password check with its waits and lock (the POS supervisor). */
export { checkPassword } from "./password-check";
export { createUnknownLogins, type UnknownLogins } from "./sign-in-lock";
