import { PublicFrame } from "../../components/PublicFrame";
import { useDocumentTitle } from "../../lib/document-title";
import { RateQuotePanel } from "./RateQuotePanel";

/** /rate-enquiry: the public rate inquiry, with an optional profit percent added to each rate. */
export default function RateEnquiryPage() {
  useDocumentTitle("Rate Inquiry");
  return (
    <PublicFrame
      title="Rate Inquiry"
      subtitle="Weight (at least 1 kg), shipment type and the destination; add your profit percent to see your selling rate."
      width={1100}
    >
      <RateQuotePanel mode="inquiry" publicPage />
    </PublicFrame>
  );
}
