import { creditLimitSchema } from "@cargodesk/shared";
import { TextField } from "@mui/material";

/** The credit limit as typed, checked with the server's rule; `value` is what Save sends. */
export function parseCreditLimit(text: string): { value?: number; error?: string } {
  const parsed = creditLimitSchema.safeParse({ credit_limit: text.trim() });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid credit limit" };
  return parsed.data.credit_limit === undefined ? {} : { value: parsed.data.credit_limit };
}

/** Credit Limit (PKR): staff keep a customer's limit here; it shows on the customer's dashboard. */
export function CreditLimitField({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const { error } = parseCreditLimit(text);
  return (
    <TextField
      label="Credit Limit (PKR)"
      value={text}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? "Shown on the customer's dashboard; 0 means none"}
      slotProps={{ htmlInput: { inputMode: "decimal" } }}
      sx={{ maxWidth: 320 }}
    />
  );
}
