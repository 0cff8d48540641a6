import { PublicFrame } from "../../components/PublicFrame";
import { useDocumentTitle } from "../../lib/document-title";
import { RateQuotePanel } from "./RateQuotePanel";

/** /calculaterates: the public rate calculator, no sign-in. */
export default function CalculateRatesPage() {
  useDocumentTitle("Calculate Rates");
  return (
    <PublicFrame
      title="Calculate Rates"
      subtitle="Choose a service (or all of them) and the weight; the country is optional. Service 16 is priced by zip code."
      width={1100}
    >
      <RateQuotePanel mode="calculator" publicPage />
    </PublicFrame>
  );
}
