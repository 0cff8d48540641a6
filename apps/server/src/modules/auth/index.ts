/** What other modules may use of sign-in: the password check with its waits and lock (the POS supervisor). */
export { checkPassword } from "./password-check";
export { createUnknownLoginMemory, type UnknownLoginMemory } from "./sign-in-lock";
