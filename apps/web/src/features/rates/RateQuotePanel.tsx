import type { RateAnswer } from "@cargodesk/shared";
import { Box } from "@mui/material";
import { useState } from "react";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { type CountryOption, type QuoteBody, useQuotationSlip, useQuote } from "./api";
import { QuoteForm, type QuoteFormValues, type QuoteMode } from "./QuoteForm";
import { RateList } from "./RateList";

interface Shown {
  answer: RateAnswer;
  body: QuoteBody;
  destination: string;
}

function destinationOf(body: QuoteBody, values: QuoteFormValues, countries: readonly CountryOption[]): string {
  if (body.zip) return `Zip ${body.zip}`;
  const country = countries.find((row) => row.country_id === values.countryId);
  return country?.name ?? "All destinations";
}

/**
 * The calculator and the inquiry: the quotation form, then (the spec's show-table flag) the RATE
 * LIST with its QUOTATION SLIP (A4). Failures open the error dialog with the server's message.
 */
export function RateQuotePanel({ mode, publicPage }: { mode: QuoteMode; publicPage: boolean }) {
  const quote = useQuote(mode, publicPage);
  const slip = useQuotationSlip();
  const result = useResultDialog();
  const [shown, setShown] = useState<Shown | null>(null);

  const onQuote = (body: QuoteBody, values: QuoteFormValues, countries: readonly CountryOption[]) => {
    setShown(null);
    quote.mutate(body, {
      onSuccess: (answer) => setShown({ answer, body, destination: destinationOf(body, values, countries) }),
      onError: (error) => result.show("Error", errorMessage(error)),
    });
  };

  return (
    <Box>
      <QuoteForm mode={mode} publicPage={publicPage} busy={quote.isPending} onQuote={onQuote} />
      {shown ? (
        <RateList
          answer={shown.answer}
          destination={shown.destination}
          withProfit={shown.body.profit !== undefined}
          slipBusy={slip.isPending}
          onSlip={() =>
            slip.mutate(
              { ...shown.body, date: shown.answer[0].date },
              { onError: (error) => result.show("Error", errorMessage(error)) },
            )
          }
        />
      ) : null}
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
