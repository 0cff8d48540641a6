import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useId } from "react";

const TERMS: readonly { heading: string; text: string }[] = [
  {
    heading: "1. Your account",
    text: "You register on behalf of the business named in this form and confirm that the personal, company and CNIC details and the documents you upload are true and current. An account can be used once the company approves it. Keep your password secret: everything done with your account is treated as done by you.",
  },
  {
    heading: "2. Shipments",
    text: "You describe every shipment truthfully: contents, quantity, value, weight and the sender and receiver. You do not ship prohibited or restricted goods (including weapons, explosives, narcotics, currency, hazardous materials or anything the law of the origin, transit or destination country forbids) and you supply the permits and invoices customs asks for.",
  },
  {
    heading: "3. Charges and payment",
    text: "Charges follow the rate in force on the shipment date and the chargeable weight: the greater of the actual and the dimensional weight, rounded up to a whole kilogram. Duties, taxes and surcharges raised by carriers or customs are added. Your account ledger shows every charge and payment; amounts are due by the agreed terms.",
  },
  {
    heading: "4. Delivery and liability",
    text: "Delivery dates are estimates. The company is not liable for delays caused by customs, weather, carriers or events beyond its control. Liability for loss or damage is limited to the declared value or the carrier's limit, whichever is lower, unless extra cover was bought. Claims must be raised as a complaint within 30 days of the shipment date.",
  },
  {
    heading: "5. Inspection",
    text: "Shipments may be opened and inspected by the company, its carriers or the authorities. The company may refuse or hold a shipment that breaks these terms or the law.",
  },
  {
    heading: "6. Your data",
    text: "Your details are used to run your account, to ship and track your parcels and to meet legal duties. CNIC images are seen only by company staff and by you. The company may suspend or block an account that breaks these terms.",
  },
];

interface TermsDialogProps {
  open: boolean;
  /** OK: the visitor accepts the terms. */
  onAccept: () => void;
  onClose: () => void;
}

/** The Terms of Use modal the terms checkbox opens; OK marks the terms accepted. */
export function TermsDialog({ open, onAccept, onClose }: TermsDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Terms of Use</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>
          These terms apply to everyone who opens a CargoDesk courier account and sends shipments through it.
        </Typography>
        {TERMS.map((section) => (
          <section key={section.heading}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
              {section.heading}
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary", mb: 1.5 }}>
              {section.text}
            </Typography>
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button onClick={onAccept} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
