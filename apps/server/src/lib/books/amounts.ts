import { minorToAmount } from "@cargodesk/shared";

/** Sign as the spec shows it: 2 debit, 1 credit; a zero balance counts as debit. */
export const signOf = (minor: bigint | number): 1 | 2 => (minor < 0 ? 1 : 2);
/** The API's decimal amount of minor units: exact (see minorToAmount), at the edge only. */
export const major = (minor: bigint | number): number => minorToAmount(minor);
export const absMajor = (minor: bigint | number): number =>
  minorToAmount(typeof minor === "bigint" ? (minor < 0n ? -minor : minor) : Math.abs(minor));
