import { POS_CUSTOMER_MESSAGES, pakistanPhoneField } from "@cargodesk/shared";
import { Alert, Box, Button, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useCustomerLookup, useQuickAddCustomer } from "./api";
import type { DraftCustomer } from "./draft";
import { TillDialog } from "./TillDialog";

/**
 * The order's customer: search by phone; a number nobody has yet offers a quick add (name and
 * phone; the rest is Master Control's Customer screen).
 */
export function CustomerDialog({
  onPick,
  onClose,
}: {
  onPick: (customer: DraftCustomer) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [name, setName] = useState("");
  const phone = pakistanPhoneField.safeParse(typed);
  const lookup = useCustomerLookup(searched ?? "", searched !== null);
  const add = useQuickAddCustomer();
  const found = lookup.data?.data ?? null;
  const notFound = searched !== null && lookup.isSuccess && found === null;

  const search = () => {
    if (phone.success) setSearched(phone.data);
  };
  const pick = (customer: { id: number; name: string; phone: string; discountPercent: number }) =>
    onPick({ id: customer.id, name: customer.name, phone: customer.phone, discountPercent: customer.discountPercent });

  return (
    <TillDialog title="Customer" onClose={onClose}>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
        sx={{ display: "flex", gap: 1, pt: 1 }}
      >
        <TextField
          label="Phone"
          value={typed}
          autoFocus
          onChange={(event) => {
            setTyped(event.target.value);
            setSearched(null);
          }}
          error={typed !== "" && !phone.success}
          helperText={typed !== "" && !phone.success ? POS_CUSTOMER_MESSAGES.phone : " "}
          slotProps={{ htmlInput: { inputMode: "tel" } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={!phone.success} sx={{ height: 40 }}>
          Search
        </Button>
      </Box>
      {lookup.isError ? <Alert severity="error">{errorMessage(lookup.error)}</Alert> : null}
      {found ? (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 2,
            p: 1.5,
            border: 1,
            borderColor: "divider",
            borderRadius: 2,
          }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{found.name}</Typography>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {found.phone} · {found.visits} visits
              {found.discountPercent > 0 ? ` · ${found.discountPercent}% discount` : ""}
            </Typography>
          </Box>
          <Button variant="contained" onClick={() => pick(found)}>
            Use
          </Button>
        </Box>
      ) : null}
      {notFound ? (
        <Box
          component="form"
          aria-label="Quick add customer"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ name, phone: searched ?? "" }, { onSuccess: (saved) => pick(saved.data) });
          }}
          sx={{ display: "flex", flexDirection: "column", gap: 1 }}
        >
          <Typography variant="body2">No customer has this number. Add one:</Typography>
          <TextField label="Customer name" value={name} onChange={(event) => setName(event.target.value)} />
          {add.isError ? <Alert severity="error">{errorMessage(add.error)}</Alert> : null}
          <Button type="submit" variant="contained" disabled={name.trim().length < 2 || add.isPending}>
            Add customer
          </Button>
        </Box>
      ) : null}
    </TillDialog>
  );
}
