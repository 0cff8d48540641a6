import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router";

const VOUCHER_TYPE_IDS: Record<string, number> = { CPV: 1, CRV: 2, BPV: 3, BRV: 4, JV: 5 };

/** A voucher number that opens Voucher Search on that voucher (nothing for no voucher). */
export function VoucherLink({ id, number }: { id: number | null; number: string | null }) {
  const type = VOUCHER_TYPE_IDS[number?.split("-")[0] ?? ""];
  if (!id || !number || !type) return null;
  return (
    <Link component={RouterLink} to={`/accounts/vouchersearch?type=${type}&q=${encodeURIComponent(number)}`}>
      {number}
    </Link>
  );
}
