import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { LEDGER_ROUTES } from "./paths";

/** Reporting (/cargo/reportings/reporting): the Ledger Reports accordion. */
export default function ReportingPage() {
  return (
    <Accordion defaultExpanded variant="outlined" sx={{ maxWidth: 720 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="ledger-reports" id="ledger-reports-header">
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          Ledger Reports
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="ledger-reports" sx={{ pt: 0 }}>
        <List disablePadding>
          <ListItemButton component={RouterLink} to={LEDGER_ROUTES.report}>
            <ListItemIcon>
              <ReceiptLongIcon />
            </ListItemIcon>
            <ListItemText primary="Ledger Report" secondary="A ledger account between two dates, as an A4 PDF" />
          </ListItemButton>
        </List>
      </AccordionDetails>
    </Accordion>
  );
}
