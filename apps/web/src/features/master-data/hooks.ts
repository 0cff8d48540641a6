/** @deprecated The hooks moved to lib/hooks.ts; this re-export keeps screens written against the old path working. */
export { useCan, useDebouncedValue } from "../../lib/hooks";
