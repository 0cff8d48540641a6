/** A list call's query string: every value that is set (not undefined, not ""), e.g. "status=paid&page=1". */
export function queryString(query: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
}
