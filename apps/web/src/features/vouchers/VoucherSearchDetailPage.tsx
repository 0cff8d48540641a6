import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import PrintIcon from "@mui/icons-material/Print";
import { Button, CircularProgress, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ResultCount } from "../../components/ResultCount";
import { ResultDialog } from "../../components/ResultDialog";
import { SearchField } from "../../components/SearchField";
import { errorMessage } from "../../lib/api";
import { useVouchersByType, useVoucherTextSearch, useVoucherTypes, type VoucherCriteria } from "./api";
import { criteriaFromParams, criteriaToParams, SEARCH_PATH, textFromParams, useDebouncedValue } from "./criteria";
import { usePrintVoucher } from "./pdf";
import { VoucherTable } from "./VoucherTable";

const TEXT_SEARCH_SIZE = 200;

function describe(criteria: VoucherCriteria, abbreviation: string): string {
  const { startedDate: from, endDate: to } = criteria;
  if (from && to) return `${abbreviation} vouchers from ${from} to ${to}`;
  if (from) return `${abbreviation} vouchers from ${from}`;
  if (to) return `${abbreviation} vouchers up to ${to}`;
  return `All ${abbreviation} vouchers`;
}

/** The vouchers matching Voucher Search's criteria (up to 1000), or a free-text search over all vouchers. */
export default function VoucherSearchDetailPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const criteria = criteriaFromParams(params);
  const [text, setText] = useState(() => textFromParams(params));
  const search = useDebouncedValue(text.trim());
  const types = useVoucherTypes();
  const byType = useVouchersByType(criteria);
  const byText = useVoucherTextSearch(search, TEXT_SEARCH_SIZE);
  const printer = usePrintVoucher();

  // Keep the free text in the address too, so a reload shows the same list.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search) next.set("q", search);
        else next.delete("q");
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);

  const textMode = search !== "";
  const active = textMode ? byText : byType;
  const rows = textMode ? byText.data?.data : byType.data;
  const abbreviation =
    types.data?.find((type) => type.voucherTypeId === criteria?.voucherTypeId)?.abbrevation ??
    (criteria ? `Type ${criteria.voucherTypeId}` : "");

  let heading = "Choose a voucher type on Voucher Search, or search all vouchers below.";
  if (textMode) heading = `All vouchers matching "${search}"`;
  else if (criteria) heading = describe(criteria, abbreviation);

  let emptyMessage = "Nothing to show: no search criteria.";
  if (textMode) emptyMessage = `No voucher matches "${search}".`;
  else if (criteria) emptyMessage = "No vouchers match these criteria.";

  const backTo = criteria ? `${SEARCH_PATH}?${criteriaToParams(criteria)}` : SEARCH_PATH;
  const total = textMode ? byText.data?.total_results : byType.data?.length;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate(backTo)}>
          Back to Search
        </Button>
        <Typography variant="h6" component="h2" data-testid="search-criteria">
          {heading}
        </Typography>
      </Stack>
      <VoucherTable
        label="Voucher search results"
        rows={rows}
        loading={(textMode || criteria !== null) && active.isPending}
        error={active.error}
        onRetry={() => void active.refetch()}
        emptyMessage={emptyMessage}
        toolbar={
          <>
            <SearchField label="Search all vouchers" value={text} onChange={setText} />
            {textMode && byText.isFetching ? <CircularProgress size={20} aria-label="Searching" /> : null}
            <ResultCount shown={rows?.length} total={total} singular="voucher" />
          </>
        }
        actions={(voucher) => {
          const printing = printer.printingId === voucher._id;
          return (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Print ${voucher.voucherManualId}`}
              disabled={printing}
              startIcon={printing ? <CircularProgress size={14} aria-hidden /> : <PrintIcon />}
              onClick={() => printer.print(voucher)}
            >
              Print
            </Button>
          );
        }}
      />
      <ResultDialog
        open={printer.error !== null}
        title="Error"
        message={`Could not open the voucher PDF. ${printer.error ? errorMessage(printer.error) : ""}`}
        onClose={printer.reset}
      />
    </Stack>
  );
}
