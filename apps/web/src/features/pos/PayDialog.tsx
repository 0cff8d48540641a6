import { formatMinor, type OrderTotals, type PosBootstrap, parseMinor, type TenderInput } from "@cargodesk/shared";
import CloseIcon from "@mui/icons-material/Close";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { occurrenceKeys } from "../../lib/format";
import { quickCash, settle, type Tender, tenderOf } from "./tenders";

type Method = PosBootstrap["paymentMethods"][number];

function Figure({ label, minor, tone }: { label: string; minor: bigint; tone?: "success" | "primary" }) {
  return (
    <Box sx={{ flex: 1, p: 1.5, borderRadius: 2, bgcolor: "background.default" }}>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Typography
        aria-label={label}
        sx={{
          fontSize: 26,
          fontWeight: 800,
          color: tone ? `${tone}.main` : "text.primary",
          fontVariantNumeric: "tabular-nums",
        }}
      >
        {formatMinor(minor)}
      </Typography>
    </Box>
  );
}

/**
 * Pay: method buttons (split tender allowed), the amount due by the chosen method (its own tax
 * rate, design D16), cash tendered with quick amounts and the change, a card's slip reference.
 * *Complete* sends the tenders; the server checks them again with the same rules.
 */
export function PayDialog({
  methods,
  price,
  busy,
  error,
  onComplete,
  onClose,
}: {
  methods: readonly Method[];
  /** The order's totals with these tenders (`computeOrder` with the draft). */
  price: (tenders: readonly TenderInput[]) => OrderTotals;
  busy: boolean;
  /** The server's refusal, shown as it said it. */
  error: string | null;
  onComplete: (tenders: Tender[]) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [methodId, setMethodId] = useState<number | null>(
    () => (methods.find((method) => method.kind === "cash") ?? methods[0])?.id ?? null,
  );
  const [entered, setEntered] = useState("");
  const [reference, setReference] = useState("");
  const method = methods.find((candidate) => candidate.id === methodId) ?? null;
  const isCash = method?.kind === "cash";
  const before = settle(price, tenders).totals;
  const due = before.dueFor(method?.id ?? null);
  const enteredMinor = entered.trim() === "" ? (isCash ? null : due) : parseMinor(entered.trim());
  const current =
    method && enteredMinor !== null && enteredMinor > 0n && !before.settled
      ? tenderOf(method.id, isCash, enteredMinor, due, reference.trim())
      : null;
  const all = current ? [...tenders, current] : tenders;
  const { totals, problem } = settle(price, all);
  const tenderKeys = occurrenceKeys(tenders, (tender) => `${tender.methodId}-${tender.amountMinor}`);
  const nameOf = (id: number) => methods.find((candidate) => candidate.id === id)?.name ?? `#${id}`;

  const addPart = () => {
    if (!current || problem) return;
    setTenders(all);
    setEntered("");
    setReference("");
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ display: "flex", alignItems: "center" }}>
        <Box component="span" sx={{ flex: 1 }}>
          Pay
        </Box>
        <IconButton aria-label="Close" onClick={onClose} disabled={busy}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={methodId}
          onChange={(_, next: number | null) => {
            if (next === null) return;
            setMethodId(next);
            setEntered("");
          }}
          aria-label="Payment method"
          sx={{ flexWrap: "wrap", "& .MuiToggleButton-root": { flex: "1 0 110px", py: 1.25, fontWeight: 700 } }}
        >
          {methods.map((candidate) => (
            <ToggleButton key={candidate.id} value={candidate.id}>
              {candidate.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {tenders.length > 0 ? (
          <Box component="ul" aria-label="Payments so far" sx={{ m: 0, pl: 2.5 }}>
            {tenders.map((tender, index) => (
              <li key={tenderKeys[index]}>
                {nameOf(tender.methodId)} {formatMinor(tender.amountMinor)}
                {tender.reference ? ` · ref ${tender.reference}` : ""}
              </li>
            ))}
          </Box>
        ) : null}
        <Box sx={{ display: "flex", gap: 1.5 }}>
          <Figure label="Amount due" minor={due} tone="primary" />
          {isCash ? <Figure label="Change" minor={totals.settled ? totals.changeMinor : 0n} tone="success" /> : null}
        </Box>
        {isCash ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="group" aria-label="Quick cash amounts">
            {quickCash(due).map((amount, index) => (
              <Button
                key={String(amount)}
                variant={enteredMinor === amount ? "contained" : "outlined"}
                onClick={() => setEntered(formatMinor(amount).replaceAll(",", ""))}
                sx={{ flex: "1 0 90px", py: 1, fontWeight: 700 }}
              >
                {index === 0 ? "Exact" : formatMinor(amount).replace(/\.00$/, "")}
              </Button>
            ))}
          </Box>
        ) : null}
        <Box sx={{ display: "flex", gap: 1.5 }}>
          <TextField
            label={isCash ? "Cash tendered" : "Amount"}
            value={entered}
            placeholder={isCash ? "" : formatMinor(due).replaceAll(",", "")}
            onChange={(event) => setEntered(event.target.value)}
            error={entered !== "" && enteredMinor === null}
            helperText={entered !== "" && enteredMinor === null ? "An amount with at most 2 decimals" : " "}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            sx={{ flex: 1 }}
          />
          {!isCash ? (
            <TextField
              label="Card reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              helperText="Slip number or last 4 digits"
              slotProps={{ htmlInput: { maxLength: 60 } }}
              sx={{ flex: 1 }}
            />
          ) : null}
        </Box>
        {problem ? <Alert severity="warning">{problem}</Alert> : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={addPart} disabled={!current || problem !== null || totals.settled || busy} sx={{ mr: "auto" }}>
          Add part payment
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={!totals.settled || problem !== null || busy}
          onClick={() => onComplete(all)}
          sx={{ px: 4 }}
        >
          {busy ? "Completing…" : "Complete"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
