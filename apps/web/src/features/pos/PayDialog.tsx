import { formatMinor, type OrderTotals, type PosBootstrap, parseMinor, type TenderInput } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import RemoveIcon from "@mui/icons-material/Remove";
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
import { evenShare, quickCash, settle, type Tender, tenderOf } from "./tenders";

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

/** Split evenly: how many guests share the check (1: no split), with − and +. */
function GuestSplit({
  guests,
  least,
  onGuests,
}: {
  guests: number;
  least: number;
  onGuests: (guests: number) => void;
}) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }} role="group" aria-label="Split evenly">
      <Typography sx={{ flex: 1, fontWeight: 600 }}>Split evenly</Typography>
      <IconButton
        aria-label="One guest fewer"
        disabled={guests <= least}
        onClick={() => onGuests(guests - 1)}
        sx={{ border: 1, borderColor: "divider" }}
      >
        <RemoveIcon />
      </IconButton>
      <Typography aria-label="Guests paying" sx={{ minWidth: 88, textAlign: "center", fontWeight: 700 }}>
        {guests === 1 ? "No split" : `${guests} guests`}
      </Typography>
      <IconButton
        aria-label="One guest more"
        disabled={guests >= MAX_GUESTS}
        onClick={() => onGuests(guests + 1)}
        sx={{ border: 1, borderColor: "divider" }}
      >
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/** A check splits among at most 10 guests: the server takes 10 payments. */
const MAX_GUESTS = 10;

/**
 * Pay: method buttons (split tender allowed), the amount due by the chosen method (its own tax
 * rate, design D16), cash tendered with quick amounts and the change, a card's slip reference.
 * *Split evenly* among N guests offers each guest's share in turn (what is still due over the
 * guests still to pay), one part payment per guest, each with its own receipt afterwards.
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
  const [guests, setGuests] = useState(1);
  const method = methods.find((candidate) => candidate.id === methodId) ?? null;
  const isCash = method?.kind === "cash";
  const before = settle(price, tenders).totals;
  const due = before.dueFor(method?.id ?? null);
  const splitting = guests > 1;
  // This guest's share: what is still due over the guests still to pay (the last one pays the rest).
  const share = splitting ? evenShare(due, guests - tenders.length) : due;
  const enteredMinor = entered.trim() === "" ? (isCash ? null : share) : parseMinor(entered.trim());
  const current =
    method && enteredMinor !== null && enteredMinor > 0n && !before.settled
      ? tenderOf(method.id, isCash, enteredMinor, share, reference.trim())
      : null;
  const all = current ? [...tenders, current] : tenders;
  const { totals, problem } = settle(price, all);
  // A guest of a split gets their own change back; otherwise the change is the whole payment's.
  const ownChange = current?.tenderedMinor != null ? current.tenderedMinor - current.amountMinor : 0n;
  const changeNow = splitting ? ownChange : totals.settled ? totals.changeMinor : 0n;
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
        <GuestSplit
          guests={guests}
          least={Math.max(1, tenders.length + (before.settled ? 0 : 1))}
          onGuests={(next) => {
            setGuests(next);
            setEntered("");
          }}
        />
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
        {splitting && !before.settled ? (
          <Typography component="h3" sx={{ fontWeight: 800, fontSize: 18 }}>
            Guest {Math.min(tenders.length + 1, guests)} of {guests}
          </Typography>
        ) : null}
        <Box sx={{ display: "flex", gap: 1.5 }}>
          {splitting ? <Figure label="This guest's share" minor={share} tone="primary" /> : null}
          <Figure label={splitting ? "Still due" : "Amount due"} minor={due} tone={splitting ? undefined : "primary"} />
          {isCash ? <Figure label="Change" minor={changeNow} tone="success" /> : null}
        </Box>
        {isCash ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="group" aria-label="Quick cash amounts">
            {quickCash(share).map((amount, index) => (
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
            placeholder={isCash ? "" : formatMinor(share).replaceAll(",", "")}
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
