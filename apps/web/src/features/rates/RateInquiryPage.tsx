import { Paper, Typography } from "@mui/material";
import { RateQuotePanel } from "./RateQuotePanel";

/** /cargo/rate/rate_inquiry: the rate inquiry inside the cargo shell (customers hold Rate Inquiry). */
export default function RateInquiryPage() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100 }}>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 3 }}>
        Weight (at least 1 kg), shipment type and the destination are required; service 16 asks for a zip code and
        service 11 for DHL or UPS. A profit percent is added to each rate, rounded up to a whole unit.
      </Typography>
      <RateQuotePanel mode="inquiry" publicPage={false} />
    </Paper>
  );
}
